import { describe, expect, it } from "vitest";
import { checkPaidAmount, creditMatches, parseDecimal, toDecimal } from "./amounts";

describe("provider amounts", () => {
  it("writes and reads amounts to the cent, nothing else", () => {
    expect(toDecimal(1050)).toBe("10.50");
    expect(toDecimal(5)).toBe("0.05");
    expect(parseDecimal("10.5")).toBe(1050);
    expect(parseDecimal(10.5)).toBe(1050);
    expect(parseDecimal("10.50")).toBe(1050);
    expect(parseDecimal("10.505")).toBeNull();
    expect(parseDecimal("-1")).toBeNull();
    expect(parseDecimal("1e3")).toBeNull();
    expect(parseDecimal(null)).toBeNull();
  });

  it("accepts only the order's amount in an accepted currency, and says the difference otherwise", () => {
    const order = { amount: 1000, currency: "USD" as const };
    expect(checkPaidAmount(order, { value: "10.00", currency: "USDT" }, ["USDT"])).toEqual({ ok: true });
    expect(checkPaidAmount(order, { value: "9.00", currency: "USDT" }, ["USDT"])).toEqual({
      ok: false,
      paid: "9.00 USDT",
      expected: "10.00 USD",
    });
    expect(checkPaidAmount(order, { value: "10.00", currency: "EUR" }, ["USD"])).toEqual({
      ok: false,
      paid: "10.00 EUR",
      expected: "10.00 USD",
    });
    expect(checkPaidAmount(order, { value: "ten", currency: "USD" }, ["USD"]).ok).toBe(false);
  });

  it("matches a bank credit on amount to the cent, date, reference ending and bank", () => {
    const proof = { amount: 245050, reference: "123456", bankCode: "0102", paidOn: "2026-11-26" };
    const credit = { amount: "2450.50", reference: "00998123456", payerBank: "0102", date: "2026-11-26" };
    expect(creditMatches(proof, credit)).toBe(true);
    expect(creditMatches(proof, { ...credit, amount: "2450.49" })).toBe(false);
    expect(creditMatches(proof, { ...credit, date: "2026-11-25" })).toBe(false);
    expect(creditMatches(proof, { ...credit, payerBank: "0105" })).toBe(false);
    expect(creditMatches(proof, { ...credit, reference: "123457" })).toBe(false);
    expect(creditMatches({ ...proof, reference: "456" }, credit)).toBe(false);
  });
});
