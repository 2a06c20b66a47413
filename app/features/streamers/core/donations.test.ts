import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DONATION_MAX, donationSplit, parseDonationForm, parseDonationOrderForm, parseFeePercent } from "./donations";

describe("donation split", () => {
  it("takes 10 % by default and the parts sum to the amount", () => {
    expect(donationSplit(1000, 1000)).toEqual({ fee: 100, net: 900 });
    expect(donationSplit(105, 1000)).toEqual({ fee: 10, net: 95 });
    expect(donationSplit(500, 0)).toEqual({ fee: 0, net: 500 });
  });

  it("never makes money or loses it, and never gives the platform more than its share", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 5000 }), (amount, bp) => {
        const { fee, net } = donationSplit(amount, bp);
        expect(fee + net).toBe(amount);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual((amount * bp) / 10_000);
        expect(Number.isInteger(fee)).toBe(true);
      }),
    );
  });
});

describe("the donation form", () => {
  it("reads currency, amount in minor units, message and the opt-in", () => {
    expect(parseDonationForm({ currency: "USD", amount: "5.50", message: " ¡Vamos! ", public: "on" })).toEqual({
      ok: true,
      currency: "USD",
      amount: 550,
      message: "¡Vamos!",
      public: true,
    });
    expect(parseDonationForm({ currency: "USD", amount: "1" })).toMatchObject({ ok: true, public: false, message: "" });
  });

  it("says which field is wrong", () => {
    expect(parseDonationForm({ currency: "EUR", amount: "1" })).toMatchObject({ ok: false, code: "BAD_CURRENCY" });
    expect(parseDonationForm({ currency: "USD", amount: "0" })).toMatchObject({ ok: false, code: "BAD_AMOUNT", field: "amount" });
    expect(parseDonationForm({ currency: "USD", amount: "-2" })).toMatchObject({ code: "BAD_AMOUNT" });
    expect(parseDonationForm({ currency: "USD", amount: "5000" })).toMatchObject({ code: "BAD_AMOUNT" });
    expect(parseDonationForm({ currency: "USD", amount: "1", message: "x".repeat(141) })).toMatchObject({ code: "MESSAGE_LENGTH" });
  });

  it("names every wrong field at once", () => {
    expect(parseDonationForm({ currency: "EUR", amount: "0", message: "x".repeat(141) })).toMatchObject({
      ok: false,
      code: "BAD_CURRENCY",
      field: "currency",
      errors: { currency: "BAD_CURRENCY", amount: "BAD_AMOUNT", message: "MESSAGE_LENGTH" },
    });
    expect(parseDonationOrderForm({ amount: "", message: "x".repeat(141) })).toMatchObject({
      code: "BAD_AMOUNT",
      errors: { amount: "BAD_AMOUNT", message: "MESSAGE_LENGTH" },
    });
  });

  it("fee percentages", () => {
    expect(parseFeePercent("10")).toBe(1000);
    expect(parseFeePercent("7,5")).toBe(750);
    expect(parseFeePercent("60")).toBeNull();
    expect(parseFeePercent("abc")).toBeNull();
  });
});

describe("the donation order form", () => {
  it("reads the amount in dollars (minor units), the message and the opt-in", () => {
    expect(parseDonationOrderForm({ amount: "12,50", message: " ¡Dale! ", public: "on" })).toEqual({
      ok: true,
      amountUsd: 1250,
      message: "¡Dale!",
      public: true,
    });
    expect(parseDonationOrderForm({ amount: "1" })).toEqual({ ok: true, amountUsd: 100, message: "", public: false });
  });

  it("keeps the wallet donation's limits: above zero, up to 1 000.00, a message of up to 140 characters", () => {
    expect(parseDonationOrderForm({ amount: "0" })).toMatchObject({ ok: false, code: "BAD_AMOUNT" });
    expect(parseDonationOrderForm({ amount: "-3" })).toMatchObject({ ok: false, code: "BAD_AMOUNT" });
    expect(parseDonationOrderForm({ amount: "1000.01" })).toMatchObject({ ok: false, code: "BAD_AMOUNT" });
    expect(parseDonationOrderForm({ amount: "1000" })).toMatchObject({ ok: true, amountUsd: DONATION_MAX });
    expect(parseDonationOrderForm({ amount: "5", message: "x".repeat(141) })).toMatchObject({ ok: false, field: "message" });
  });
});
