import { DataAttr, selector } from "~/browser/attributes";
import { CART_STORAGE_KEY, cartCount, parseStoredCart, type Cart } from "~/domain/cart";

/** The stored cart (SPEC §3), read as the server reads it: anything malformed is left out. */
export function storedCart(): Cart {
  try {
    return parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return {};
  }
}

/** Stores the cart; false when the browser refuses (storage full or blocked). */
export function storeCart(cart: Cart): boolean {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
    return true;
  } catch {
    return false;
  }
}

/**
 * The top bar's cart button (SPEC §2) on a store page: the count of the stored cart; with an empty
 * cart the button asks this page for the "empty cart" notice instead of opening the cart (SPEC §5).
 * Returns the count.
 */
export function paintCartCount(): number {
  const count = cartCount(storedCart());
  const badge = document.querySelector(selector(DataAttr.cartCount));
  if (badge) badge.textContent = String(count);
  document
    .querySelector(selector(DataAttr.cartButton))
    ?.setAttribute("href", count ? "/store/cart" : `${location.pathname}?notice=empty-cart`);
  return count;
}

/** The /store page: only the count. */
export function start(): void {
  paintCartCount();
}
