import { describe, expect, it } from "vitest";
import { parsePayToForm } from "./payment-accounts";

describe("parsePayToForm", () => {
  it("accepts well-formed details per method", () => {
    expect(parsePayToForm("pago_movil", { bankCode: "0102", phone: "04241234567", id: "v 12345678" })).toEqual({
      ok: true,
      details: { bankCode: "0102", phone: "04241234567", id: "V12345678" },
    });
    expect(parsePayToForm("binance", { payId: "987654321" })).toEqual({ ok: true, details: { payId: "987654321" } });
    expect(parsePayToForm("paypal", { email: "Caja@Example.com" })).toMatchObject({ ok: true });
  });
  it("names the field that is wrong", () => {
    expect(parsePayToForm("pago_movil", { bankCode: "", phone: "04241234567", id: "V1" })).toMatchObject({
      ok: false,
      code: "FIELD_REQUIRED",
      field: "bankCode",
    });
    expect(parsePayToForm("pago_movil", { bankCode: "9999", phone: "04241234567", id: "V12345678" })).toMatchObject({
      ok: false,
      code: "BANK_UNKNOWN",
      field: "bankCode",
    });
    expect(parsePayToForm("pago_movil", { bankCode: "0102", phone: "0212123", id: "V12345678" })).toMatchObject({
      ok: false,
      code: "PHONE_INVALID",
      field: "phone",
    });
    expect(parsePayToForm("pago_movil", { bankCode: "0102", phone: "04241234567", id: "X-1" })).toMatchObject({
      ok: false,
      code: "ID_INVALID",
      field: "id",
    });
    expect(parsePayToForm("binance", { payId: "abc" })).toMatchObject({ ok: false, code: "PAY_ID_INVALID", field: "payId" });
    expect(parsePayToForm("paypal", { email: "nope" })).toMatchObject({ ok: false, code: "EMAIL_INVALID", field: "email" });
  });
  it("names every wrong field at once; a missing one is told first", () => {
    expect(parsePayToForm("pago_movil", { bankCode: "9999", phone: "", id: "X-1" })).toMatchObject({
      ok: false,
      code: "FIELD_REQUIRED",
      field: "phone",
      errors: { bankCode: "BANK_UNKNOWN", phone: "FIELD_REQUIRED", id: "ID_INVALID" },
    });
    expect(parsePayToForm("pago_movil", { bankCode: "9999", phone: "0212123", id: "V12345678" })).toMatchObject({
      code: "BANK_UNKNOWN",
      errors: { bankCode: "BANK_UNKNOWN", phone: "PHONE_INVALID" },
    });
  });
});
