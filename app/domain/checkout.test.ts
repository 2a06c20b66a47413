import { describe, expect, it } from "vitest";
import { parseCheckout, priceWithMethod } from "./checkout";

const PLAIN = { hasZoneField: false };
const ZONED = { hasZoneField: true };

const valid = { phone: "04121234567", gamerId: "123456789", paymentMethod: "pago_movil" };

describe("store checkout rules", () => {
  it("checks phone, gamer ID, method and total in that order", () => {
    expect(parseCheckout(PLAIN, { ...valid, phone: "02121234567", gamerId: "" }, 0)).toMatchObject({ ok: false, code: "INVALID_PHONE" });
    expect(parseCheckout(PLAIN, { ...valid, gamerId: " ", paymentMethod: "" }, 0)).toMatchObject({ ok: false, code: "GAMER_ID_REQUIRED" });
    expect(parseCheckout(PLAIN, { ...valid, paymentMethod: "cash" }, 0)).toMatchObject({ ok: false, code: "PAYMENT_METHOD_REQUIRED" });
    expect(parseCheckout(PLAIN, valid, 0)).toMatchObject({ ok: false, code: "EMPTY_OR_INVALID_TOTAL" });
    expect(parseCheckout(PLAIN, valid, 100)).toEqual({
      ok: true,
      checkout: { phone: "04121234567", gamerId: "123456789", gameServer: null, paymentMethod: "pago_movil" },
    });
  });

  it("names every wrong field at once, the first in SPEC order as code", () => {
    expect(parseCheckout(ZONED, { phone: "123", gamerId: "12345678", paymentMethod: "cash" }, 0)).toEqual({
      ok: false,
      code: "INVALID_PHONE",
      field: "phone",
      errors: {
        phone: "INVALID_PHONE",
        gameServer: "INVALID_SERVER",
        paymentMethod: "PAYMENT_METHOD_REQUIRED",
        total: "EMPTY_OR_INVALID_TOTAL",
      },
    });
    // A malformed ID is told after the method and the total, as before.
    expect(parseCheckout(PLAIN, { ...valid, gamerId: "a b", paymentMethod: "cash" }, 100)).toMatchObject({
      code: "PAYMENT_METHOD_REQUIRED",
      errors: { gamerId: "INVALID_PLAYER_ID" },
    });
  });

  it("splits a Mobile Legends ID and server on the hyphen", () => {
    expect(parseCheckout(ZONED, { ...valid, gamerId: "12345678-2001" }, 100)).toMatchObject({
      ok: true,
      checkout: { gamerId: "12345678", gameServer: "2001" },
    });
    expect(parseCheckout(ZONED, { ...valid, gamerId: "12345678" }, 100)).toMatchObject({ ok: false, code: "INVALID_SERVER" });
    expect(parseCheckout(ZONED, { ...valid, gamerId: "1-2-3" }, 100)).toMatchObject({ ok: false, code: "INVALID_SERVER" });
  });

  it("takes the zone from its own field too", () => {
    expect(parseCheckout(ZONED, { ...valid, gamerId: "12345678", gameServer: "2001" }, 100)).toMatchObject({
      ok: true,
      checkout: { gamerId: "12345678", gameServer: "2001" },
    });
  });

  it("prices a package in Bs for Pago Móvil and in USD for Binance and PayPal", () => {
    const prices = { priceUsd: 100, priceBs: 24550 };
    expect(priceWithMethod("pago_movil", prices)).toEqual({ amount: 24550, currency: "VES" });
    expect(priceWithMethod("binance", prices, 2)).toEqual({ amount: 200, currency: "USD" });
    expect(priceWithMethod("paypal", prices)).toEqual({ amount: 100, currency: "USD" });
  });
});
