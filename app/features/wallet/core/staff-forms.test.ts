import { describe, expect, it } from "vitest";
import { parseAdjustment, parseRules } from "./staff-forms";

const RULES = {
  feePercent: "5",
  holdDays: "0",
  minimumFeeUSD: "1",
  minimumFeeVES: "50",
  minimumAmountUSD: "5",
  minimumAmountVES: "200",
  dailyMaximumUSD: "500",
  dailyMaximumVES: "20000",
};

describe("staff adjustment form", () => {
  it("reads currency, amount, reason, and a debit as a negative amount", () => {
    expect(parseAdjustment({ currency: "USD", amount: "12.50", reason: " Premio ", direction: "credit" })).toEqual({
      ok: true,
      currency: "USD",
      amount: 1250,
      reason: "Premio",
    });
    expect(parseAdjustment({ currency: "VES", amount: "1", reason: "Error", direction: "debit" })).toMatchObject({ amount: -100 });
  });

  it("checks currency, amount, then reason", () => {
    expect(parseAdjustment({ currency: "EUR", amount: "1", reason: "x" })).toMatchObject({ code: "BAD_CURRENCY", field: "currency" });
    expect(parseAdjustment({ currency: "USD", amount: "0", reason: "x" })).toMatchObject({ code: "BAD_AMOUNT", field: "amount" });
    expect(parseAdjustment({ currency: "USD", amount: "1", reason: " " })).toMatchObject({ code: "BAD_REASON", field: "reason" });
  });

  it("names every wrong field at once", () => {
    expect(parseAdjustment({ currency: "EUR", amount: "abc", reason: "" })).toMatchObject({
      ok: false,
      code: "BAD_CURRENCY",
      errors: { currency: "BAD_CURRENCY", amount: "BAD_AMOUNT", reason: "BAD_REASON" },
    });
  });
});

describe("withdrawal rules form", () => {
  it("reads the fee in basis points, the money fields in minor units and the hold days", () => {
    expect(parseRules(RULES)).toEqual({
      ok: true,
      rules: {
        feeBasisPoints: 500,
        minimumFee: { USD: 100, VES: 5_000 },
        minimumAmount: { USD: 500, VES: 20_000 },
        dailyMaximum: { USD: 50_000, VES: 2_000_000 },
        newAccountHoldDays: 0,
      },
    });
  });

  it("checks the fee, the hold days, then each amount", () => {
    expect(parseRules({ ...RULES, feePercent: "51", holdDays: "x" })).toMatchObject({ code: "BAD_RULES", field: "feePercent" });
    expect(parseRules({ ...RULES, holdDays: "366", minimumFeeUSD: "" })).toMatchObject({ code: "BAD_RULES", field: "holdDays" });
    expect(parseRules({ ...RULES, dailyMaximumVES: "-1" })).toMatchObject({ code: "BAD_RULES", field: "dailyMaximumVES" });
  });

  it("names every wrong field at once", () => {
    expect(parseRules({ ...RULES, holdDays: "", minimumAmountVES: "x" })).toMatchObject({
      field: "holdDays",
      errors: { holdDays: "BAD_RULES", minimumAmountVES: "BAD_RULES" },
    });
  });
});
