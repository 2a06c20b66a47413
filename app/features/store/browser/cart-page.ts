import { DataAttr, selector } from "~/browser/attributes";
import { createRefresher, createRegion, postInPlace, type Region } from "~/browser/in-place";
import { showToast } from "~/browser/toast";
import { CART_STORAGE_KEY, removeFromCart, setQuantity } from "~/domain/cart";
import { ORDER_KEYS } from "../order-keys";
import { paintCartCount, storeCart, storedCart } from "./cart-count";

/**
 * The cart and checkout pages are served without the React runtime (docs/decisions/002). The cart
 * is only in the browser (SPEC §3), so this module sends it to the server and moves the server's
 * HTML into the page; formatting, translations and every rule stay on the server.
 * - `[data-part]` blocks are replaced by the same blocks of `GET <page>?items=<stored cart>` (on load,
 *   after a change, when another tab changes the cart, when the page comes back from the
 *   back-forward cache);
 * - a form inside posts in place with the stored cart in its `items` field (app/browser/in-place.ts);
 * - `[data-store-cart]` in an answer is the cart as checkout corrected it: it is stored;
 * - `[data-created]` (the order exists): the order keys are written, the cart cleared, and the
 *   browser goes to `data-next`;
 * - `[data-qty]` inputs and `[data-remove]` buttons change the stored cart (domain/cart.ts), then the
 *   page is asked again;
 * - `[data-toast-error]` shows its text as an error toast when it appears (SPEC §5);
 * - `[data-needs-script]` buttons are enabled and the `[data-no-script]` line is removed.
 */
export function start(): void {
  const root = document.querySelector(selector(DataAttr.cartPage));
  if (!root) return;
  let warned: string | null = null;
  const region = createRegion(root, selector(DataAttr.cartPage), () => {
    warned = ready(root, warned);
  });
  const refresh = createRefresher(
    region,
    () => `${location.pathname}?items=${encodeURIComponent(storedText())}`,
    (answer) => swapParts(region, answer),
  );
  root.addEventListener("submit", (event) => onSubmit(region, event as SubmitEvent));
  root.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    const id = input.getAttribute?.(DataAttr.quantity);
    if (!id) return;
    storeCart(setQuantity(storedCart(), id, input.value));
    void refresh();
  });
  root.addEventListener("click", (event) => {
    const id = (event.target as Element).closest?.(selector(DataAttr.remove))?.getAttribute(DataAttr.remove);
    if (!id) return;
    storeCart(removeFromCart(storedCart(), id));
    void refresh();
  });
  addEventListener("storage", (event) => {
    if (event.key === CART_STORAGE_KEY) void refresh();
  });
  // Back to a page kept by the browser: the cart may have changed on the pages in between.
  addEventListener("pageshow", (event) => {
    if (event.persisted) void refresh();
  });
  warned = ready(root, warned);
  if (!root.querySelector(selector(DataAttr.created))) void refresh();
}

/** The stored cart as sent to the server: as stored, so the server judges every line itself. */
function storedText(): string {
  try {
    return localStorage.getItem(CART_STORAGE_KEY) ?? "{}";
  } catch {
    return "{}";
  }
}

function onSubmit(region: Region, event: SubmitEvent): void {
  if (event.defaultPrevented) return;
  event.preventDefault();
  const form = event.target as HTMLFormElement;
  const items = form.elements.namedItem("items");
  if (items instanceof HTMLInputElement) items.value = storedText();
  void postInPlace(region, form, event.submitter as HTMLButtonElement | null);
}

/**
 * Only the `[data-part]` blocks take the server's render, so what is being typed elsewhere stays, and
 * a quantity being typed keeps the focus. An answer without the page (an error page) replaces the body.
 */
function swapParts(region: Region, answer: Document): void {
  const fresh = answer.querySelector(region.selector);
  if (!fresh) return document.body.replaceWith(answer.body);
  const focused = document.activeElement?.getAttribute(DataAttr.quantity);
  region.root.querySelectorAll(selector(DataAttr.part)).forEach((part) => {
    const match = fresh.querySelector(selector(DataAttr.part, part.getAttribute(DataAttr.part) ?? ""));
    if (match) part.replaceWith(match);
  });
  if (focused) region.root.querySelector<HTMLElement>(selector(DataAttr.quantity, focused))?.focus();
  region.afterSwap(answer);
}

/** What a fresh render asks of the browser; returns the error toast now shown (shown once). */
export function ready(root: Element, warned: string | null): string | null {
  const corrected = root.querySelector(selector(DataAttr.storeCart))?.getAttribute(DataAttr.storeCart);
  if (corrected) localStorage.setItem(CART_STORAGE_KEY, corrected);
  const created = root.querySelector(selector(DataAttr.created));
  if (created) {
    for (const key of ORDER_KEYS) localStorage.setItem(key, created.getAttribute(`${DataAttr.orderKeyPrefix}${key}`) ?? "");
    localStorage.removeItem(CART_STORAGE_KEY);
    paintCartCount();
    location.assign(created.getAttribute(DataAttr.next) ?? "/");
    return warned;
  }
  const error = root.querySelector(selector(DataAttr.toastError))?.getAttribute(DataAttr.toastError) ?? null;
  if (error && error !== warned) showToast("error", error);
  root.querySelectorAll<HTMLButtonElement>(selector(DataAttr.needsScript)).forEach((button) => {
    button.disabled = false;
  });
  root.querySelectorAll(selector(DataAttr.noScript)).forEach((line) => line.remove());
  paintCartCount();
  return error;
}
