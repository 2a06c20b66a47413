import { emailSchema } from "~/domain/email";
import { VENEZUELAN_BANKS, type PaymentMethod } from "~/domain/payment-methods";
import { isVenezuelanMobile, normalizePhone } from "~/domain/phone";

/** The fields staff edit per method, in form order. */
export const PAY_TO_FIELDS = {
  pago_movil: ["bankCode", "phone", "id"],
  binance: ["payId"],
  paypal: ["email"],
} as const satisfies Record<PaymentMethod, readonly string[]>;

export type PayToErrorCode = "FIELD_REQUIRED" | "BANK_UNKNOWN" | "PHONE_INVALID" | "ID_INVALID" | "PAY_ID_INVALID" | "EMAIL_INVALID";

/** Reads one method's pay-to form: every field required, each checked the way buyers will use it. */
export function parsePayToForm(
  method: PaymentMethod,
  raw: Record<string, unknown>,
): { ok: true; details: Record<string, string> } | { ok: false; code: PayToErrorCode; field: string } {
  const details: Record<string, string> = {};
  for (const field of PAY_TO_FIELDS[method]) {
    const value = typeof raw[field] === "string" ? (raw[field] as string).trim() : "";
    if (!value) return { ok: false, code: "FIELD_REQUIRED", field };
    details[field] = value;
  }
  if (method === "pago_movil") {
    if (!Object.hasOwn(VENEZUELAN_BANKS, details.bankCode!)) return { ok: false, code: "BANK_UNKNOWN", field: "bankCode" };
    details.phone = normalizePhone(details.phone!);
    if (!isVenezuelanMobile(details.phone)) return { ok: false, code: "PHONE_INVALID", field: "phone" };
    const id = details.id!.toUpperCase().replace(/\s/g, "");
    if (!/^[VEJPG]-?\d{5,9}(-?\d)?$/.test(id)) return { ok: false, code: "ID_INVALID", field: "id" };
    details.id = id;
  }
  if (method === "binance" && !/^\d{4,12}$/.test(details.payId!)) return { ok: false, code: "PAY_ID_INVALID", field: "payId" };
  if (method === "paypal") {
    const email = emailSchema.safeParse(details.email);
    if (!email.success) return { ok: false, code: "EMAIL_INVALID", field: "email" };
    details.email = email.data;
  }
  return { ok: true, details };
}
