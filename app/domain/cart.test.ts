import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartCount,
  cartTotals,
  hasInvalidQuantities,
  normalizeQuantity,
  parseStoredCart,
  removeFromCart,
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
});
