import { describe, expect, it } from "vitest";
import {
  addToCart,
  applyCartProblems,
  cartCount,
  cartTotals,
  hasInvalidQuantities,
  MAX_CART_LINES,
  MAX_CART_TEXT,
  normalizeQuantity,
  parseStoredCart,
  readCartJson,
  removeFromCart,
  requestedLines,
  setQuantity,
  type CartItem,
} from "./cart";

const diamonds: Omit<CartItem, "quantity"> = {
  id: "free-fire-110",
  label: "110 Diamantes",
  precio_usd: 100,
  precio_bs: 24550,
  game: "free-fire",
  gameImage: null,
};
const more: Omit<CartItem, "quantity"> = { ...diamonds, id: "free-fire-341", label: "341 Diamantes", precio_usd: 300, precio_bs: 73650 };
const gold: Omit<CartItem, "quantity"> = {
  id: "blood-strike-100",
  label: "100 Gold",
  precio_usd: 100,
  precio_bs: 24550,
  game: "blood-strike",
  gameImage: null,
};

describe("cart", () => {
  it("resets invalid quantities to 1", () => {
    expect(normalizeQuantity("3")).toBe(3);
    for (const value of ["0", "-2", "1.5", "abc", "", "1e3", "101", "99999999999", null, undefined, Number.NaN])
      expect(normalizeQuantity(value), String(value)).toBe(1);
  });

  it("holds one game only", () => {
    const first = addToCart({}, diamonds, 2);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(addToCart(first.cart, gold, 1)).toEqual({ ok: false, code: "ONE_GAME_ONLY" });
    const second = addToCart(first.cart, more, 1);
    expect(second.ok && cartCount(second.cart)).toBe(3);
  });

  it("adds up, changes and removes", () => {
    let result = addToCart({}, diamonds, 1);
    if (!result.ok) throw new Error();
    result = addToCart(result.cart, diamonds, 2);
    if (!result.ok) throw new Error();
    let cart = result.cart;
    expect(cart["free-fire-110"]?.quantity).toBe(3);
    cart = setQuantity(cart, "free-fire-110", "5");
    expect(cartTotals(cart)).toEqual({ usd: 500, bs: 122750 });
    cart = removeFromCart(cart, "free-fire-110");
    expect(cart).toEqual({});
  });

  it("spots invalid stored quantities", () => {
    expect(hasInvalidQuantities({ a: { ...diamonds, quantity: 0 } })).toBe(true);
    expect(hasInvalidQuantities({ a: { ...diamonds, quantity: 2 } })).toBe(false);
  });

  it("reads a stored cart defensively", () => {
    expect(parseStoredCart(null)).toEqual({});
    expect(parseStoredCart("not json")).toEqual({});
    expect(parseStoredCart("[1,2]")).toEqual({});
    const stored = JSON.stringify({
      "free-fire-110": { ...diamonds, quantity: 2 },
      bogus: { id: "other" },
      "blood-strike-100": { ...gold, quantity: 1 },
    });
    expect(Object.keys(parseStoredCart(stored))).toEqual(["free-fire-110"]);
  });

  it("caps a stored cart before reading it: too long a text or too many lines reads as empty", () => {
    const cartOf = (lines: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: lines }, (_, i) => [`p${i}`, { ...diamonds, id: `p${i}`, quantity: 1 }])));
    expect(Object.keys(parseStoredCart(cartOf(MAX_CART_LINES)))).toHaveLength(MAX_CART_LINES);
    expect(parseStoredCart(cartOf(MAX_CART_LINES + 1))).toEqual({});
    // A long text is refused on its length alone: JSON.parse never sees it.
    const long = JSON.stringify({ "free-fire-110": { ...diamonds, label: "x".repeat(MAX_CART_TEXT), quantity: 1 } });
    expect(parseStoredCart(long)).toEqual({});
    expect(readCartJson(long)).toEqual({ ok: false, code: "TOO_LARGE" });
    expect(readCartJson(JSON.stringify(Array.from({ length: MAX_CART_LINES + 1 }, () => ({}))))).toEqual({ ok: false, code: "TOO_LARGE" });
    expect(readCartJson("{")).toEqual({ ok: false, code: "MALFORMED" });
    expect(readCartJson("[]")).toEqual({ ok: true, value: [] });
  });

  it("takes what checkout reported: a vanished package leaves, a new price is kept, a bad quantity stays for the buyer", () => {
    const cart = { [diamonds.id]: { ...diamonds, quantity: 2 }, [more.id]: { ...more, quantity: 1 } };
    const next = applyCartProblems(cart, [
      { packageId: diamonds.id, problem: "PRICE_CHANGED", priceUsd: 120, priceBs: 29460 },
      { packageId: more.id, problem: "GONE" },
      { packageId: "unknown", problem: "PRICE_CHANGED", priceUsd: 1, priceBs: 1 },
    ]);
    expect(next).toEqual({ [diamonds.id]: { ...diamonds, quantity: 2, precio_usd: 120, precio_bs: 29460 } });
    expect(applyCartProblems(cart, [{ packageId: more.id, problem: "INVALID_QUANTITY" }])).toBe(cart);
  });

  it("reads the lines of a posted cart as sent, for checkout to judge", () => {
    expect(requestedLines(null)).toEqual([]);
    expect(requestedLines([{ packageId: "a" }])).toEqual([]);
    expect(requestedLines({ [diamonds.id]: { ...diamonds, quantity: 2 }, [gold.id]: { ...gold, quantity: 0 }, x: null })).toEqual([
      { packageId: diamonds.id, quantity: 2, shownUsd: 100 },
      { packageId: gold.id, quantity: 0, shownUsd: 100 },
      { packageId: "x", quantity: NaN, shownUsd: NaN },
    ]);
  });
});
