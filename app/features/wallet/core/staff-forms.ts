import { z } from "zod";
import { parseWith, refuse, type FieldErrors } from "~/domain/form-schema";
import type { Currency } from "~/domain/money";
import { minorUnitsField, parseWholeNumber } from "~/features/admin/core/money-input";
import { CURRENCIES } from "./accounts";
import type { WithdrawalRules } from "./withdrawals";

export type StaffWalletFormCode = "BAD_REFERENCE" | "BAD_REASON" | "BAD_AMOUNT" | "BAD_CURRENCY" | "BAD_EMAIL" | "BAD_PERIOD" | "BAD_RULES";

/** A refusal names its field; a form read whole (parseAdjustment, parseRules) also gives every wrong field's code. */
type Parsed<T> = ({ ok: true } & T) | { ok: false; code: StaffWalletFormCode; field: string; errors?: FieldErrors };

/** A payout reference or a reason: 1–300 printable characters, trimmed. */
export function parseNote(raw: unknown, code: "BAD_REFERENCE" | "BAD_REASON", field: string): Parsed<{ text: string }> {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text.length < 1 || text.length > 300 || [...text].some((char) => char.charCodeAt(0) < 32)) return { ok: false, code, field };
  return { ok: true, text };
}

/** A staff credit or debit's schema: currency, amount, reason; "debit" makes the amount negative. */
const adjustmentSchema = z.object({
  currency: z.enum(CURRENCIES, { error: "BAD_CURRENCY" }),
  amount: minorUnitsField("BAD_AMOUNT", { max: 100_000_000 }),
  reason: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      const reason = parseNote(raw, "BAD_REASON", "reason");
      return reason.ok ? reason.text : refuse(ctx, reason.code);
    }),
  direction: z.unknown().optional(),
});

/** A staff credit or debit: currency, "credit"/"debit", amount ("12.50"), reason; every wrong field at once. */
export function parseAdjustment(form: Record<string, string>): Parsed<{ currency: Currency; amount: number; reason: string }> {
  const parsed = parseWith<typeof adjustmentSchema, StaffWalletFormCode>(adjustmentSchema, form, ["currency", "amount", "reason"]);
  if (!parsed.ok) return parsed;
  const { currency, amount, reason, direction } = parsed.data;
  return { ok: true, currency, amount: direction === "debit" ? -amount : amount, reason };
}

/** A period of days "YYYY-MM-DD" [from, to], inclusive, in the platform's zone (UTC−4): at most 366 days. */
export function parsePeriod(fromText: unknown, toText: unknown): Parsed<{ from: Date; to: Date }> {
  const day = (value: unknown) => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T04:00:00Z`) : null);
  const from = day(fromText);
  const last = day(toText);
  if (!from || !last || Number.isNaN(from.getTime()) || Number.isNaN(last.getTime()) || last < from)
    return { ok: false, code: "BAD_PERIOD", field: "from" };
  const to = new Date(last.getTime() + 86_400_000);
  if (to.getTime() - from.getTime() > 366 * 86_400_000) return { ok: false, code: "BAD_PERIOD", field: "from" };
  return { ok: true, from, to };
}

/** The withdrawal settings' money fields: minimum fee, minimum amount and daily maximum, per currency. */
const RULE_MONEY_FIELDS = [
  "minimumFeeUSD",
  "minimumFeeVES",
  "minimumAmountUSD",
  "minimumAmountVES",
  "dailyMaximumUSD",
  "dailyMaximumVES",
] as const;
const ruleMoney = () => minorUnitsField("BAD_RULES", { allowZero: true, max: 1_000_000_000 });

const rulesSchema = z.object({
  feePercent: minorUnitsField("BAD_RULES", { allowZero: true, max: 5_000 }),
  holdDays: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      const hold = parseWholeNumber(raw, { min: 0, max: 365 });
      return hold.ok ? hold.value : refuse(ctx, "BAD_RULES");
    }),
  ...(Object.fromEntries(RULE_MONEY_FIELDS.map((name) => [name, ruleMoney()])) as Record<
    (typeof RULE_MONEY_FIELDS)[number],
    ReturnType<typeof ruleMoney>
  >),
});

/** The withdrawal settings form: fee %, minimum fee, minimum amount, daily maximum (each per currency), hold days; every wrong field at once. */
export function parseRules(form: Record<string, string>): Parsed<{ rules: WithdrawalRules }> {
  const parsed = parseWith<typeof rulesSchema, StaffWalletFormCode>(rulesSchema, form, ["feePercent", "holdDays", ...RULE_MONEY_FIELDS]);
  if (!parsed.ok) return parsed;
  const values = parsed.data;
  return {
    ok: true,
    rules: {
      feeBasisPoints: values.feePercent,
      minimumFee: { USD: values.minimumFeeUSD, VES: values.minimumFeeVES },
      minimumAmount: { USD: values.minimumAmountUSD, VES: values.minimumAmountVES },
      dailyMaximum: { USD: values.dailyMaximumUSD, VES: values.dailyMaximumVES },
      newAccountHoldDays: values.holdDays,
    },
  };
}
