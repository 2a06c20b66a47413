import { describe, expect, it } from "vitest";
import { DEFAULT_WITHDRAWAL_RULES, mayDecide, parseDestination, withdrawalFee, withdrawalProblem } from "./withdrawals";
import { parseWithdrawalForm } from "./withdrawal-form";
import { postingProblem, lockOrder, platformAccount, userAccount } from "./accounts";
import { prizeMoney, prizeShares, splitEqually } from "./prizes";

const rules = DEFAULT_WITHDRAWAL_RULES;

describe("withdrawal fee", () => {
  it("is a percentage with a minimum, and zero for Plus members", () => {
    expect(withdrawalFee(10_000, "USD", rules, false)).toBe(500);
    expect(withdrawalFee(1_000, "USD", rules, false)).toBe(100);
    expect(withdrawalFee(10_001, "USD", rules, false)).toBe(501);
    expect(withdrawalFee(10_000, "USD", rules, true)).toBe(0);
  });
});

describe("withdrawal limits", () => {
  const base = {
    currency: "USD" as const,
    fee: 100,
    requestedToday: 0,
    accountCreatedAt: new Date("2026-01-01"),
    now: new Date("2026-02-01"),
    rules,
  };
  it("checks minimum, daily maximum, fee and the new-account hold", () => {
    expect(withdrawalProblem({ ...base, amount: 1_000 })).toBeNull();
    expect(withdrawalProblem({ ...base, amount: 0 })).toBe("BAD_AMOUNT");
    expect(withdrawalProblem({ ...base, amount: 499 })).toBe("BELOW_MINIMUM");
    expect(withdrawalProblem({ ...base, amount: 1_000, requestedToday: 49_500 })).toBe("OVER_DAILY_MAXIMUM");
    expect(withdrawalProblem({ ...base, amount: 600, fee: 600 })).toBe("FEE_TOO_HIGH");
    expect(withdrawalProblem({ ...base, amount: 1_000, rules: { ...rules, newAccountHoldDays: 40 } })).toBe("ACCOUNT_TOO_NEW");
  });
  it("lets staff decide once", () => {
    expect(mayDecide("requested", "paid")).toBe(true);
    expect(mayDecide("requested", "rejected")).toBe(true);
    expect(mayDecide("paid", "rejected")).toBe(false);
    expect(mayDecide("rejected", "paid")).toBe(false);
  });
});

describe("destinations", () => {
  it("reads Pago Móvil, Binance and PayPal details", () => {
    expect(parseDestination("pago_movil", { bankCode: "0134", phone: "0414-123 4567", idNumber: "12.345.678" })).toEqual({
      method: "pago_movil",
      bankCode: "0134",
      phone: "04141234567",
      idNumber: "V12345678",
    });
    expect(parseDestination("pago_movil", { bankCode: "9999", phone: "04141234567", idNumber: "12345678" })).toBeNull();
    expect(parseDestination("binance", { payId: "123456789" })).toEqual({ method: "binance", payId: "123456789" });
    expect(parseDestination("binance", { payId: "abc" })).toBeNull();
    expect(parseDestination("paypal", { email: " Ana@Example.com " })).toEqual({ method: "paypal", email: "ana@example.com" });
    expect(parseDestination("paypal", { email: "nope" })).toBeNull();
  });
  it("parses the whole form with a code and a field when wrong", () => {
    expect(parseWithdrawalForm({ method: "binance", currency: "USD", amount: "12.50", payId: "123456789" })).toMatchObject({
      ok: true,
      amount: 1250,
    });
    expect(parseWithdrawalForm({ method: "cash", currency: "USD", amount: "1" })).toMatchObject({ ok: false, code: "BAD_METHOD" });
    expect(parseWithdrawalForm({ method: "binance", currency: "EUR", amount: "1" })).toMatchObject({ ok: false, code: "BAD_CURRENCY" });
    expect(parseWithdrawalForm({ method: "binance", currency: "USD", amount: "-1" })).toMatchObject({ ok: false, code: "BAD_AMOUNT" });
    expect(parseWithdrawalForm({ method: "binance", currency: "EUR", amount: "", payId: "12" })).toMatchObject({
      ok: false,
      code: "BAD_CURRENCY",
      field: "currency",
      errors: { currency: "BAD_CURRENCY", amount: "BAD_AMOUNT", payId: "BAD_DESTINATION" },
    });
  });
});

describe("postings", () => {
  it("must sum to zero per currency with non-zero integer lines", () => {
    const wallet = userAccount("u1", "USD");
    expect(
      postingProblem([
        { account: wallet, amount: 5 },
        { account: platformAccount("prizes", "USD"), amount: -5 },
      ]),
    ).toBeNull();
    expect(postingProblem([{ account: wallet, amount: 5 }])).toBe("EMPTY");
    expect(
      postingProblem([
        { account: wallet, amount: 5 },
        { account: platformAccount("prizes", "VES"), amount: -5 },
      ]),
    ).toBe("UNBALANCED");
    expect(
      postingProblem([
        { account: wallet, amount: 0.5 },
        { account: platformAccount("prizes", "USD"), amount: -0.5 },
      ]),
    ).toBe("BAD_AMOUNT");
  });
  it("locks accounts in one order whatever the lines' order", () => {
    const a = { account: userAccount("u1", "USD"), amount: 1 };
    const b = { account: platformAccount("fees", "USD"), amount: -1 };
    expect(lockOrder([a, b])).toEqual(lockOrder([b, a]));
  });
});

describe("prizes", () => {
  it("reads money prizes and leaves others out", () => {
    expect(prizeMoney("$50")).toEqual({ amount: 5000, currency: "USD" });
    expect(prizeMoney("50 USD")).toEqual({ amount: 5000, currency: "USD" });
    expect(prizeMoney("$12.50")).toEqual({ amount: 1250, currency: "USD" });
    expect(prizeMoney("Bs 1.500")).toEqual({ amount: 150_000, currency: "VES" });
    expect(prizeMoney("1.500,50 Bs")).toEqual({ amount: 150_050, currency: "VES" });
    expect(prizeMoney("2.000 diamantes")).toBeNull();
    expect(prizeMoney("$0")).toBeNull();
  });
  it("a team's prize: all to the captain, or equal shares to the starters (a starter without an account: to the captain)", () => {
    expect(prizeShares(1000, "cap", ["cap", "b"], "captain")).toEqual([{ userId: "cap", amount: 1000 }]);
    expect(prizeShares(1000, "cap", ["cap", "b", null], "starters")).toEqual([
      { userId: "cap", amount: 334 + 333 },
      { userId: "b", amount: 333 },
    ]);
    expect(prizeShares(1000, "cap", [], "starters")).toEqual([{ userId: "cap", amount: 1000 }]);
  });

  it("splits equally to the cent", () => {
    expect(splitEqually(1000, 3)).toEqual([334, 333, 333]);
    expect(splitEqually(1000, 0)).toEqual([]);
  });
});
