import { describe, expect, it } from "vitest";
import { normalizeQuantity } from "~/domain/cart";
import { CART_SCRIPT } from "./cart-script";

describe("the cart pages' script", () => {
  it("is valid JavaScript that does nothing on a page without the cart block", () => {
    const run = new Function("document", CART_SCRIPT);
    expect(() => run({ querySelector: () => null })).not.toThrow();
  });

  it("stores a typed quantity by the rule of normalizeQuantity", () => {
    // The script's own copy of the rule, taken from its source.
    const rule = /c\[q\]\.quantity=(.+?)\}\);show\(\)/.exec(CART_SCRIPT)?.[1];
    expect(rule).toBeTruthy();
    const quantity = new Function("v", "MAX", `return ${rule}`) as (v: string, max: number) => number;
    for (const typed of ["1", "3", "100", "101", "0", "-2", "1.5", "abc", "", "007", "1e2"])
      expect(quantity(typed.trim(), 100), typed).toBe(normalizeQuantity(typed));
  });
});
