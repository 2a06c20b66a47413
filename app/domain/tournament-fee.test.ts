import { describe, expect, it } from "vitest";
import { acceptedMethods, chargeFor, vesToUsd } from "./tournament-fee";

describe("tournament fee", () => {
  it("charges a dollar fee in dollars, or in bolívares at the rate with Pago Móvil", () => {
    expect(chargeFor({ amount: 200, currency: "USD" }, "binance", "245.50")).toEqual({
      ok: true,
      amount: 200,
      currency: "USD",
      amountUsd: 200,
      exchangeRate: null,
    });
    expect(chargeFor({ amount: 200, currency: "USD" }, "pago_movil", "245.50")).toEqual({
      ok: true,
      amount: 49100,
      currency: "VES",
      amountUsd: 200,
      exchangeRate: "245.50",
    });
    expect(acceptedMethods("USD")).toEqual(["pago_movil", "binance", "paypal"]);
  });

  it("charges a bolívar fee as it is, with Pago Móvil only", () => {
    expect(acceptedMethods("VES")).toEqual(["pago_movil"]);
    expect(chargeFor({ amount: 50000, currency: "VES" }, "pago_movil", "245.50")).toEqual({
      ok: true,
      amount: 50000,
      currency: "VES",
      amountUsd: 204,
      exchangeRate: "245.50",
    });
    expect(chargeFor({ amount: 50000, currency: "VES" }, "paypal", "245.50")).toEqual({ ok: false, code: "METHOD_NOT_ACCEPTED" });
    expect(chargeFor({ amount: 50000, currency: "VES" }, "binance", "245.50")).toEqual({ ok: false, code: "METHOD_NOT_ACCEPTED" });
  });

  it("converts bolívares to dollars in integers", () => {
    expect(vesToUsd(49100, "245.50")).toBe(200);
    expect(vesToUsd(100, "0")).toBe(0);
  });
});
