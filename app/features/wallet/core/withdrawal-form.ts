import type { Currency } from "~/domain/money";
import { parseMinorUnits } from "~/features/admin/core/money-input";
import { isCurrency } from "./accounts";
import { isWithdrawalMethod, parseDestination, type Destination } from "./withdrawals";

export type WithdrawalFormCode = "BAD_METHOD" | "BAD_CURRENCY" | "BAD_AMOUNT" | "BAD_DESTINATION";

export type ParsedWithdrawal =
  { ok: true; currency: Currency; amount: number; destination: Destination } | { ok: false; code: WithdrawalFormCode; field: string };

/** The withdrawal form (both steps): method, currency, amount ("12.50") and the method's destination fields. */
export function parseWithdrawalForm(form: Record<string, string>): ParsedWithdrawal {
  const method = form.method;
  if (!isWithdrawalMethod(method)) return { ok: false, code: "BAD_METHOD", field: "method" };
  if (!isCurrency(form.currency)) return { ok: false, code: "BAD_CURRENCY", field: "currency" };
  const amount = parseMinorUnits(form.amount, { max: 100_000_000 });
  if (!amount.ok) return { ok: false, code: "BAD_AMOUNT", field: "amount" };
  const destination = parseDestination(method, form);
  if (!destination)
    return { ok: false, code: "BAD_DESTINATION", field: method === "pago_movil" ? "phone" : method === "binance" ? "payId" : "email" };
  return { ok: true, currency: form.currency, amount: amount.value, destination };
}
