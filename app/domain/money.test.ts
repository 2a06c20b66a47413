import { describe, expect, it } from "vitest";
import { rateInHundredths, usdToVes } from "./money";
import { formatMoney } from "./format";

describe("money", () => {
  it("shows two decimals in both languages", () => {
    expect(formatMoney({ amount: 500, currency: "USD" }, "en")).toBe("$5.00");
    expect(formatMoney({ amount: 123450, currency: "USD" }, "en")).toBe("$1,234.50");
    expect(formatMoney({ amount: 123450, currency: "VES" }, "es")).toBe("Bs. 1.234,50");
  });

  it("refuses fractional minor units", () => {
    expect(() => formatMoney({ amount: 1.5, currency: "USD" })).toThrow(RangeError);
  });

  it("converts dollars to bolívares at a stored rate, in integers", () => {
    expect(rateInHundredths("245.50")).toBe(24550);
    expect(rateInHundredths("36")).toBe(3600);
    expect(usdToVes(200, "245.50")).toBe(49100);
    expect(usdToVes(99, "245.55")).toBe(24309);
    expect(() => rateInHundredths("abc")).toThrow(RangeError);
  });
});
