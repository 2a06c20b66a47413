/**
 * What a tournament's fee costs with each payment method (docs/product.md). A fee is shown and charged in
 * the tournament's own currency:
 * - a fee in dollars is paid in dollars (Binance, PayPal) or in bolívares at the day's rate (Pago Móvil);
 * - a fee in bolívares is paid with Pago Móvil only, as it is, never "dollars × rate".
 * Pure: the route shows it, the repository charges it, from the same function.
 */
import type { Currency, Money } from "./money";
import { rateInHundredths, usdToVes } from "./money";
import { PAYMENT_METHOD_IDS, type PaymentMethod } from "./payment-methods";

/** The methods a fee in this currency can be paid with. */
export function acceptedMethods(feeCurrency: Currency): readonly PaymentMethod[] {
  return feeCurrency === "VES" ? (["pago_movil"] as const) : PAYMENT_METHOD_IDS;
}

export type FeeCharge =
  | { ok: true; amount: number; currency: Currency; amountUsd: number; exchangeRate: string | null }
  | { ok: false; code: "METHOD_NOT_ACCEPTED" };

/** Céntimos to US cents at a Bs/USD rate (for the order's dollar value), rounded to the cent. */
export function vesToUsd(vesCentimos: number, rate: string): number {
  const hundredths = rateInHundredths(rate);
  return hundredths > 0 ? Math.round((vesCentimos * 100) / hundredths) : 0;
}

/** The amount an order for this fee is created with, paid with `method`, at `rate` (Bs per USD). */
export function chargeFor(fee: Money, method: PaymentMethod, rate: string): FeeCharge {
  if (!acceptedMethods(fee.currency).includes(method)) return { ok: false, code: "METHOD_NOT_ACCEPTED" };
  if (fee.currency === "VES")
    return { ok: true, amount: fee.amount, currency: "VES", amountUsd: vesToUsd(fee.amount, rate), exchangeRate: rate };
  if (method === "pago_movil")
    return { ok: true, amount: usdToVes(fee.amount, rate), currency: "VES", amountUsd: fee.amount, exchangeRate: rate };
  return { ok: true, amount: fee.amount, currency: "USD", amountUsd: fee.amount, exchangeRate: null };
}
