import { useSyncExternalStore } from "react";
import { CART_STORAGE_KEY, parseStoredCart, type Cart } from "~/domain/cart";

// The cart lives in local storage (SPEC §3); this keeps the hydrated pages' top-bar count in step,
// across tabs too (the storage event). The cart pages themselves have no React (cart-script.ts).
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
  const onStorage = (event: StorageEvent) => event.key === CART_STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

/** The cart, empty on the server and on the first render (it is only in the browser). */
export function useCart(): Cart {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
