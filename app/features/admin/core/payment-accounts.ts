import { z } from "zod";
import { parseWith, refuse, textField, type FieldErrors } from "~/domain/form-schema";
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

/** A pay-to field: required, then checked (and written) the way buyers will use it. */
const payToField = <Schema extends z.ZodType<unknown, string>>(check: Schema) =>
  textField(z.string().min(1, { error: "FIELD_REQUIRED", abort: true }).pipe(check));

/** Each method's pay-to form. */
const PAY_TO_SCHEMAS = {
  pago_movil: z.object({
    bankCode: payToField(z.string().refine((code) => Object.hasOwn(VENEZUELAN_BANKS, code), { error: "BANK_UNKNOWN" })),
    phone: payToField(z.string().transform(normalizePhone).refine(isVenezuelanMobile, { error: "PHONE_INVALID" })),
    id: payToField(
      z
        .string()
        .transform((id) => id.toUpperCase().replace(/\s/g, ""))
        .refine((id) => /^[VEJPG]-?\d{5,9}(-?\d)?$/.test(id), { error: "ID_INVALID" }),
    ),
  }),
  binance: z.object({ payId: payToField(z.string().regex(/^\d{4,12}$/, { error: "PAY_ID_INVALID" })) }),
  paypal: z.object({
    email: payToField(
      z.string().transform((value, ctx) => {
        const email = emailSchema.safeParse(value);
        return email.success ? email.data : refuse(ctx, "EMAIL_INVALID");
      }),
    ),
  }),
} satisfies Record<PaymentMethod, z.ZodType>;

/**
 * Reads one method's pay-to form: every field required, each checked the way buyers will use it; every
 * wrong field at once. A missing field is told first, then the first wrong one in form order.
 */
export function parsePayToForm(
  method: PaymentMethod,
  raw: Record<string, unknown>,
): { ok: true; details: Record<string, string> } | { ok: false; code: PayToErrorCode; field: string; errors: FieldErrors } {
  const fields = PAY_TO_FIELDS[method];
  const parsed = parseWith<z.ZodType<Record<string, string>>, PayToErrorCode>(PAY_TO_SCHEMAS[method], raw, fields);
  if (parsed.ok) return { ok: true, details: parsed.data };
  const missing = fields.find((field) => parsed.errors[field] === "FIELD_REQUIRED");
  return missing ? { ...parsed, code: "FIELD_REQUIRED", field: missing } : parsed;
}
