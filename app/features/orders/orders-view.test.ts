import { describe, expect, it } from "vitest";
import { plainAmount } from "./orders-view";

describe("the amount to paste into a bank app", () => {
  it("has two decimals, no symbol or grouping, a comma in Spanish", () => {
    expect(plainAmount(4910050, "es")).toBe("49100,50");
    expect(plainAmount(200, "en")).toBe("2.00");
  });
});
