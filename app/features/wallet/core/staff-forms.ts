import type { Currency } from "~/domain/money";
import { parseMinorUnits, parseWholeNumber } from "~/features/admin/core/money-input";
import { isCurrency } from "./accounts";
import type { WithdrawalRules } from "./withdrawals";

export type StaffWalletFormCode = "BAD_REFERENCE" | "BAD_REASON" | "BAD_AMOUNT" | "BAD_CURRENCY" | "BAD_EMAIL" | "BAD_PERIOD" | "BAD_RULES";

type Parsed<T> = ({ ok: true } & T) | { ok: false; code: StaffWalletFormCode; field: string };

/** A payout reference or a reason: 1–300 printable characters, trimmed. */
export function parseNote(raw: unknown, code: "BAD_REFERENCE" | "BAD_REASON", field: string): Parsed<{ text: string }> {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text.length < 1 || text.length > 300 || [...text].some((char) => char.charCodeAt(0) < 32)) return { ok: false, code, field };
  return { ok: true, text };
}

/** A staff credit or debit: currency, "credit"/"debit", amount ("12.50"), reason. */
export function parseAdjustment(form: Record<string, string>): Parsed<{ currency: Currency; amount: number; reason: string }> {
  if (!isCurrency(form.currency)) return { ok: false, code: "BAD_CURRENCY", field: "currency" };
  const amount = parseMinorUnits(form.amount, { max: 100_000_000 });
  if (!amount.ok) return { ok: false, code: "BAD_AMOUNT", field: "amount" };
  const reason = parseNote(form.reason, "BAD_REASON", "reason");
  if (!reason.ok) return reason;
  return { ok: true, currency: form.currency, amount: form.direction === "debit" ? -amount.value : amount.value, reason: reason.text };
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

/** The withdrawal settings form: fee %, minimum fee, minimum amount, daily maximum (each per currency), hold days. */
export function parseRules(form: Record<string, string>): Parsed<{ rules: WithdrawalRules }> {
  const percent = parseMinorUnits(form.feePercent, { allowZero: true, max: 5_000 });
  const hold = parseWholeNumber(form.holdDays, { min: 0, max: 365 });
  if (!percent.ok) return { ok: false, code: "BAD_RULES", field: "feePercent" };
  if (!hold.ok) return { ok: false, code: "BAD_RULES", field: "holdDays" };
  const money = (name: string) => parseMinorUnits(form[name], { allowZero: true, max: 1_000_000_000 });
  const values: Record<string, number> = {};
  for (const name of ["minimumFeeUSD", "minimumFeeVES", "minimumAmountUSD", "minimumAmountVES", "dailyMaximumUSD", "dailyMaximumVES"]) {
    const parsed = money(name);
    if (!parsed.ok) return { ok: false, code: "BAD_RULES", field: name };
    values[name] = parsed.value;
  }
  return {
    ok: true,
    rules: {
      feeBasisPoints: percent.value,
      minimumFee: { USD: values.minimumFeeUSD!, VES: values.minimumFeeVES! },
      minimumAmount: { USD: values.minimumAmountUSD!, VES: values.minimumAmountVES! },
      dailyMaximum: { USD: values.dailyMaximumUSD!, VES: values.dailyMaximumVES! },
      newAccountHoldDays: hold.value,
    },
  };
}
