import type { Currency } from "~/domain/money";

/** Minor units as the providers write money: 1050 → "10.50". */
export function toDecimal(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A provider's decimal amount ("10.5", "10.50", 10.5) in minor units, or null when it is not a plain amount to the cent. */
export function parseDecimal(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export type AmountCheck = { ok: true } | { ok: false; paid: string; expected: string };

/**
 * Whether what the provider says was paid is exactly the order: the same minor units and a currency
 * that stands for the order's (Binance Pay charges USD orders in USDT, 1:1). Anything else is for staff.
 */
export function checkPaidAmount(
  order: { amount: number; currency: Currency },
  paid: { value: unknown; currency: unknown },
  acceptedCurrencies: readonly string[],
): AmountCheck {
  const minor = parseDecimal(paid.value);
  const currency = typeof paid.currency === "string" ? paid.currency.trim().toUpperCase() : "";
  const expected = `${toDecimal(order.amount)} ${order.currency}`;
  const paidText = `${minor === null ? String(paid.value ?? "?").slice(0, 20) : toDecimal(minor)} ${currency.slice(0, 10) || "?"}`;
  if (minor === order.amount && acceptedCurrencies.includes(currency)) return { ok: true };
  return { ok: false, paid: paidText, expected };
}

/**
 * Whether a bank credit is the buyer's Pago Móvil: the amount to the cent, the date, and the reference
 * the buyer typed (banks print long references and buyers often type the last digits: at least 4 of
 * them, and the bank's reference must end with them), and the paying bank when the bank says it.
 */
export function creditMatches(
  proof: { amount: number; reference: string; bankCode: string; paidOn: string },
  credit: { amount: unknown; reference: unknown; payerBank?: unknown; date: unknown },
): boolean {
  const reference = typeof credit.reference === "string" ? credit.reference.replace(/\D/g, "") : "";
  const typed = proof.reference.replace(/\D/g, "");
  if (typed.length < 4 || !reference.endsWith(typed)) return false;
  if (parseDecimal(credit.amount) !== proof.amount) return false;
  if (credit.date !== proof.paidOn) return false;
  if (typeof credit.payerBank === "string" && credit.payerBank && credit.payerBank !== proof.bankCode) return false;
  return true;
}
