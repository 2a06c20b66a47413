import { describe, expect, it } from "vitest";
import { isDigitsPhone, isVenezuelanMobile, normalizePhone } from "./phone";

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

describe("normalizePhone: every spelling of one number is that number", () => {
  it("drops spaces, dashes, dots and brackets", () => {
    for (const value of ["0412 123 4567", "0412-123-4567", "0412-1234567", "(0412) 123.45.67", " 04121234567 ", "0412\u00a01234567"])
      expect(normalizePhone(value), value).toBe("04121234567");
  });
  it("turns Venezuela's +58 (or 0058, or 58 before a mobile) into the leading 0", () => {
    for (const value of ["+58 412 1234567", "+58-412-123-4567", "+584121234567", "00584121234567", "584121234567"])
      expect(normalizePhone(value), value).toBe("04121234567");
    expect(isVenezuelanMobile(normalizePhone("+58 414 765 4321"))).toBe(true);
  });
  it("keeps another country's digits (tournament phones may be from anywhere)", () => {
    expect(normalizePhone("+57 300 123 4567")).toBe("573001234567");
    expect(isDigitsPhone(normalizePhone("+57 300 123 4567"))).toBe(true);
  });
  it("leaves text that is not a phone for the rule to refuse", () => {
    expect(normalizePhone("0412abc4567")).toBe("0412abc4567");
    expect(isVenezuelanMobile(normalizePhone("0412abc4567"))).toBe(false);
    expect(normalizePhone("04+121234567")).toBe("04+121234567");
    expect(normalizePhone("")).toBe("");
  });
});
