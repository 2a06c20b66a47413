import { describe, expect, it } from "vitest";
import { containsPattern, phoneSearchVariants } from "./order-search";

describe("order search", () => {
  it("reads a phone in its local and international forms", () => {
    expect(phoneSearchVariants("0414-123 4567")).toEqual(["04141234567", "584141234567"]);
    expect(phoneSearchVariants("+58 414 1234567")).toEqual(["584141234567", "04141234567"]);
    expect(phoneSearchVariants("+1 415 555 0100")).toEqual(["14155550100"]);
    expect(phoneSearchVariants("ana@example.com")).toEqual([]);
    expect(phoneSearchVariants("12")).toEqual([]);
  });

  it("looks for names from three letters, wildcards taken literally", () => {
    expect(containsPattern("María")).toBe("%maría%");
    expect(containsPattern("50%_off")).toBe("%50\\%\\_off%");
    expect(containsPattern("an")).toBeNull();
    expect(containsPattern("#1234")).toBeNull();
  });
});
