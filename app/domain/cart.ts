/** SPEC §3: the cart is kept in the browser under local key `cart`, keyed by package id. */
export const CART_STORAGE_KEY = "cart";
/** The most of one package a single order may carry (a bigger number is a typo, not a purchase). */
export const MAX_QUANTITY = 100;
/**
 * The most lines one cart may hold (one game's packages fit many times over): the cap on the work a
 * posted or displayed cart costs, checked before that work starts (DESIGN: work proportional to input).
 */
export const MAX_CART_LINES = 50;
/** The longest stored cart text read at all (MAX_CART_LINES long lines fit): checked before JSON.parse. */
export const MAX_CART_TEXT = 32 * 1024;

export interface CartItem {
  id: string;
  label: string;
  /** Prices as the store showed them, in minor units (the server prices the order again). */
  precio_usd: number;
  precio_bs: number;
  quantity: number;
  game: string;
  gameImage: string | null;
}

export type Cart = Record<string, CartItem>;

export type CartErrorCode = "ONE_GAME_ONLY";

/** SPEC §5: at least 1, reset to 1 when invalid (zero, negative, fractional, huge or not a number). */
export function normalizeQuantity(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d+$/.test(text)) return 1;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : 1;
}

export function isValidQuantity(quantity: unknown): quantity is number {
  return typeof quantity === "number" && Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
}

export function cartGame(cart: Cart): string | null {
  return Object.values(cart)[0]?.game ?? null;
}

/** Adds (or adds more of) a package; a package of another game than the cart's is refused. */
export function addToCart(
  cart: Cart,
  item: Omit<CartItem, "quantity">,
  quantity: number,
): { ok: true; cart: Cart } | { ok: false; code: CartErrorCode } {
  const game = cartGame(cart);
  if (game && game !== item.game) return { ok: false, code: "ONE_GAME_ONLY" };
  const current = cart[item.id]?.quantity ?? 0;
  return { ok: true, cart: { ...cart, [item.id]: { ...item, quantity: Math.min(MAX_QUANTITY, current + normalizeQuantity(quantity)) } } };
}

export function setQuantity(cart: Cart, id: string, quantity: unknown): Cart {
  const item = cart[id];
  return item ? { ...cart, [id]: { ...item, quantity: normalizeQuantity(quantity) } } : cart;
}

export function removeFromCart(cart: Cart, id: string): Cart {
  const { [id]: _removed, ...rest } = cart;
  return rest;
}

/** Number of units in the cart (the top bar's count). */
export function cartCount(cart: Cart): number {
  return Object.values(cart).reduce((sum, item) => sum + (isValidQuantity(item.quantity) ? item.quantity : 0), 0);
}

export function cartTotals(cart: Cart): { usd: number; bs: number } {
  return Object.values(cart).reduce(
    (totals, item) => ({ usd: totals.usd + item.precio_usd * item.quantity, bs: totals.bs + item.precio_bs * item.quantity }),
    { usd: 0, bs: 0 },
  );
}

/** SPEC §5: every quantity above 0 (else the invalid-quantities toast and checkout disabled). */
export function hasInvalidQuantities(cart: Cart): boolean {
  return Object.values(cart).some((item) => !isValidQuantity(item.quantity));
}

/**
 * The stored cart's JSON (SPEC §3: an object keyed by package id; checkout also takes a list), read
 * only when the text is at most MAX_CART_TEXT long and holds at most MAX_CART_LINES lines; else
 * "TOO_LARGE", before any further work. Not JSON: "MALFORMED".
 */
export function readCartJson(text: string): { ok: true; value: unknown } | { ok: false; code: "TOO_LARGE" | "MALFORMED" } {
  if (text.length > MAX_CART_TEXT) return { ok: false, code: "TOO_LARGE" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: "MALFORMED" };
  }
  const lines = Array.isArray(value) ? value.length : value && typeof value === "object" ? Object.keys(value).length : 0;
  return lines > MAX_CART_LINES ? { ok: false, code: "TOO_LARGE" } : { ok: true, value };
}

/** Reads a stored cart defensively: anything malformed is dropped, never trusted; a cart over the caps reads as empty. */
export function parseStoredCart(text: string | null): Cart {
  if (!text) return {};
  const read = readCartJson(text);
  if (!read.ok) return {};
  const value = read.value;
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const cart: Cart = {};
  for (const [id, raw] of Object.entries(value as Record<string, Partial<CartItem>>)) {
    if (!raw || typeof raw !== "object" || raw.id !== id || typeof raw.label !== "string" || typeof raw.game !== "string") continue;
    if (!Number.isInteger(raw.precio_usd) || !Number.isInteger(raw.precio_bs)) continue;
    cart[id] = {
      id,
      label: raw.label,
      game: raw.game,
      gameImage: typeof raw.gameImage === "string" ? raw.gameImage : null,
      precio_usd: raw.precio_usd!,
      precio_bs: raw.precio_bs!,
      quantity: typeof raw.quantity === "number" ? raw.quantity : 1,
    };
  }
  const game = cartGame(cart);
  return Object.fromEntries(Object.entries(cart).filter(([, item]) => item.game === game));
}

/** What the server found wrong with a cart line at checkout (priced again by `priceCart`). */
export type CartLineProblem =
  | { packageId: string; problem: "GONE" | "INVALID_QUANTITY" }
  | { packageId: string; problem: "PRICE_CHANGED"; priceUsd: number; priceBs: number };

/** The cart with what checkout reported applied: vanished packages removed, new prices taken (quantities are the buyer's to fix). */
export function applyCartProblems(cart: Cart, problems: CartLineProblem[]): Cart {
  let next = cart;
  for (const problem of problems) {
    if (problem.problem === "GONE") next = removeFromCart(next, problem.packageId);
    const item = next[problem.packageId];
    if (problem.problem === "PRICE_CHANGED" && item)
      next = { ...next, [problem.packageId]: { ...item, precio_usd: problem.priceUsd, precio_bs: problem.priceBs } };
  }
  return next;
}

/**
 * The lines a posted cart asks for, read as sent (the stored cart, SPEC §3, keyed by package id):
 * nothing is filtered here, so the checkout's own rules (one game, valid quantities, current prices) judge all of it.
 */
export function requestedLines(value: unknown): { packageId: string; quantity: number; shownUsd: number }[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, { quantity?: unknown; precio_usd?: unknown } | null>).map(([packageId, item]) => ({
    packageId,
    quantity: Number(item?.quantity),
    shownUsd: Number(item?.precio_usd),
  }));
}
