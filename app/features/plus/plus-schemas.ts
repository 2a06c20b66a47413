import { isVenezuelanMobile, normalizePhone } from "~/domain/phone";
import { isPaymentMethod, type PaymentMethod } from "~/domain/payment-methods";
import type { IdempotencyErrorCode } from "~/features/orders/core/idempotency";

export type PlusErrorCode = "INVALID_PHONE" | "METHOD_REQUIRED" | "RATE_LIMITED" | "ORDER_FAILED" | IdempotencyErrorCode;

/** The Plus purchase form: a Venezuelan mobile (for the payment's contact) and a payment method. */
export function parsePlusPurchase(
  fields: Record<string, string>,
): { ok: true; phone: string; method: PaymentMethod } | { ok: false; code: PlusErrorCode; field: string } {
  const phone = normalizePhone(fields.phone ?? "");
  if (!isVenezuelanMobile(phone)) return { ok: false, code: "INVALID_PHONE", field: "phone" };
  if (!isPaymentMethod(fields.paymentMethod)) return { ok: false, code: "METHOD_REQUIRED", field: "paymentMethod" };
  return { ok: true, phone, method: fields.paymentMethod };
}
