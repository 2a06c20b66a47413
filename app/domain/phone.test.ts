import { describe, expect, it } from "vitest";
import { isDigitsPhone, isVenezuelanMobile } from "./phone";

describe("phones", () => {
  it("accepts Venezuelan mobiles with the five prefixes", () => {
    for (const prefix of ["0412", "0414", "0416", "0424", "0426"]) expect(isVenezuelanMobile(`${prefix}1234567`)).toBe(true);
  });
  it("refuses other prefixes and lengths", () => {
    for (const value of ["02121234567", "0413123456", "041212345678", "0412-123456", "+584121234567", ""])
      expect(isVenezuelanMobile(value), value).toBe(false);
  });
  it("takes digits-only phones of 7 to 15 digits", () => {
    expect(isDigitsPhone("04121234567")).toBe(true);
    expect(isDigitsPhone("573001234567")).toBe(true);
    expect(isDigitsPhone("0412-1234567")).toBe(false);
    expect(isDigitsPhone("123456")).toBe(false);
    expect(isDigitsPhone("+584121234567")).toBe(false);
  });
});
