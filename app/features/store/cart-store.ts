import { useSyncExternalStore } from "react";
import { CART_STORAGE_KEY, parseStoredCart, type Cart } from "~/domain/cart";

// The cart lives in local storage (SPEC §3); this keeps every component that shows it in step,
// across tabs too (the storage event).
const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cachedCart: Cart = {};
const EMPTY: Cart = {};

function read(): Cart {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    text = null;
  }
  if (text !== cachedText) {
    cachedText = text;
    cachedCart = parseStoredCart(text);
  }
  return cachedCart;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === CART_STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function saveCart(cart: Cart) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  for (const listener of listeners) listener();
}

export function clearCart() {
  window.localStorage.removeItem(CART_STORAGE_KEY);
  for (const listener of listeners) listener();
}

/** The cart, empty on the server and on the first render (it is only in the browser). */
export function useCart(): Cart {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
