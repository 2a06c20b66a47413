import { z } from "zod";
import { always, parseWith, refuse, refusedFields, type FieldErrors } from "~/domain/form-schema";
import type { Currency } from "~/domain/money";
import { minorUnitsField } from "~/features/admin/core/money-input";
import { CURRENCIES } from "./accounts";
import { WITHDRAWAL_METHODS, parseDestination, type Destination, type WithdrawalMethod } from "./withdrawals";

export type WithdrawalFormCode = "BAD_METHOD" | "BAD_CURRENCY" | "BAD_AMOUNT" | "BAD_DESTINATION";

export type ParsedWithdrawal =
  | { ok: true; currency: Currency; amount: number; destination: Destination }
  | { ok: false; code: WithdrawalFormCode; field: string; errors: FieldErrors };

/** The field a method's destination is told on (the first its form asks). */
const DESTINATION_FIELD: Record<WithdrawalMethod, string> = { pago_movil: "phone", binance: "payId", paypal: "email" };

/** The method's destination, read from the form's own fields (bankCode, phone, idNumber, payId, email). */
const destinationOf = (form: { method: WithdrawalMethod }) => parseDestination(form.method, form as unknown as Record<string, string>);

/** The withdrawal form's schema: method, currency, amount, then the method's destination fields (read with the method). */
const withdrawalSchema = z
  .looseObject({
    method: z.enum(WITHDRAWAL_METHODS, { error: "BAD_METHOD" }),
    currency: z.enum(CURRENCIES, { error: "BAD_CURRENCY" }),
    amount: minorUnitsField("BAD_AMOUNT", { max: 100_000_000 }),
  })
  .superRefine(
    (form, ctx) => {
      if (!refusedFields(ctx).has("method") && !destinationOf(form))
        ctx.addIssue({ code: "custom", message: "BAD_DESTINATION", path: [DESTINATION_FIELD[form.method]] });
    },
    { when: always },
  )
  .transform((form, ctx) => {
    const destination = destinationOf(form);
    return destination ? { currency: form.currency, amount: form.amount, destination } : refuse(ctx, "BAD_DESTINATION");
  });

/** The withdrawal form (both steps): method, currency, amount ("12.50") and the method's destination fields; every wrong field at once. */
export function parseWithdrawalForm(form: Record<string, string>): ParsedWithdrawal {
  const parsed = parseWith<typeof withdrawalSchema, WithdrawalFormCode>(withdrawalSchema, form, [
    "method",
    "currency",
    "amount",
    ...Object.values(DESTINATION_FIELD),
  ]);
  return parsed.ok ? { ok: true, ...parsed.data } : parsed;
}
