import { describe, expect, it } from "vitest";
import { parseProofDetails } from "./payment-proof";

const today = new Date("2026-11-21T15:00:00Z");

describe("payment proof details", () => {
  it("takes a Pago Móvil reference, paying bank and date", () => {
    expect(parseProofDetails("pago_movil", { reference: " 0012 3456 ", bankCode: "0102", paidOn: "2026-11-20" }, today)).toEqual({
      ok: true,
      details: { method: "pago_movil", reference: "00123456", bankCode: "0102", paidOn: "2026-11-20" },
    });
  });

  it("answers each missing or wrong Pago Móvil field with its code", () => {
    const valid = { reference: "123456", bankCode: "0134", paidOn: "2026-11-21" };
    const cases: Array<[Record<string, string>, string]> = [
      [{ reference: "" }, "REFERENCE_REQUIRED"],
      [{ reference: "12a456" }, "INVALID_REFERENCE"],
      [{ reference: "123" }, "INVALID_REFERENCE"],
      [{ bankCode: "" }, "BANK_REQUIRED"],
      [{ bankCode: "9999" }, "INVALID_BANK"],
      [{ paidOn: "" }, "DATE_REQUIRED"],
      [{ paidOn: "2026-02-30" }, "INVALID_DATE"],
      [{ paidOn: "2026-11-25" }, "INVALID_DATE"],
      [{ paidOn: "2026-09-01" }, "INVALID_DATE"],
      [{ paidOn: "21/11/2026" }, "INVALID_DATE"],
    ];
    for (const [change, code] of cases) {
      expect(parseProofDetails("pago_movil", { ...valid, ...change }, today), JSON.stringify(change)).toMatchObject({ ok: false, code });
    }
  });

  it("takes a Binance transaction id", () => {
    expect(parseProofDetails("binance", { transactionId: "T2026112100042" }, today)).toMatchObject({ ok: true });
    expect(parseProofDetails("binance", { transactionId: "" }, today)).toMatchObject({ code: "TRANSACTION_REQUIRED" });
    expect(parseProofDetails("binance", { transactionId: "<x>" }, today)).toMatchObject({ code: "INVALID_TRANSACTION" });
  });

  it("takes the PayPal payer e-mail", () => {
    expect(parseProofDetails("paypal", { payerEmail: " Pay@Example.com" }, today)).toEqual({
      ok: true,
      details: { method: "paypal", payerEmail: "pay@example.com" },
    });
    expect(parseProofDetails("paypal", {}, today)).toMatchObject({ code: "PAYER_EMAIL_REQUIRED" });
    expect(parseProofDetails("paypal", { payerEmail: "pay@" }, today)).toMatchObject({ code: "INVALID_PAYER_EMAIL" });
  });
});
