import { describe, expect, it } from "vitest";
import { parseCheckout } from "./checkout";

const valid = { phone: "04121234567", gamerId: "123456789", paymentMethod: "pago_movil" };

describe("store checkout rules", () => {
  it("checks phone, gamer ID, method and total in that order", () => {
    expect(parseCheckout("free-fire", { ...valid, phone: "02121234567", gamerId: "" }, 0)).toEqual({ ok: false, code: "INVALID_PHONE" });
    expect(parseCheckout("free-fire", { ...valid, gamerId: " ", paymentMethod: "" }, 0)).toEqual({ ok: false, code: "GAMER_ID_REQUIRED" });
    expect(parseCheckout("free-fire", { ...valid, paymentMethod: "cash" }, 0)).toEqual({ ok: false, code: "PAYMENT_METHOD_REQUIRED" });
    expect(parseCheckout("free-fire", valid, 0)).toEqual({ ok: false, code: "EMPTY_OR_INVALID_TOTAL" });
    expect(parseCheckout("free-fire", valid, 100)).toEqual({
      ok: true,
      checkout: { phone: "04121234567", gamerId: "123456789", gameServer: null, paymentMethod: "pago_movil" },
    });
  });

  it("splits a Mobile Legends ID and server on the hyphen", () => {
    expect(parseCheckout("mobile-legends", { ...valid, gamerId: "12345678-2001" }, 100)).toMatchObject({
      ok: true,
      checkout: { gamerId: "12345678", gameServer: "2001" },
    });
    expect(parseCheckout("mobile-legends", { ...valid, gamerId: "12345678" }, 100)).toEqual({ ok: false, code: "INVALID_SERVER" });
    expect(parseCheckout("mobile-legends", { ...valid, gamerId: "1-2-3" }, 100)).toEqual({ ok: false, code: "INVALID_SERVER" });
  });
});
