import type { Currency } from "~/domain/money";
import { VENEZUELAN_BANKS } from "~/domain/payment-methods";
import { normalizeEmail } from "~/domain/email";

/** Where a withdrawal can go. */
export const WITHDRAWAL_METHODS = ["pago_movil", "binance", "paypal"] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

export function isWithdrawalMethod(value: unknown): value is WithdrawalMethod {
  return typeof value === "string" && (WITHDRAWAL_METHODS as readonly string[]).includes(value);
}

export type Destination =
  | { method: "pago_movil"; bankCode: string; phone: string; idNumber: string }
  | { method: "binance"; payId: string }
  | { method: "paypal"; email: string };

/** The staff's settings for withdrawals, per currency where money is involved. */
export interface WithdrawalRules {
  /** Fee in basis points of the amount (500 = 5 %). */
  feeBasisPoints: number;
  minimumFee: Record<Currency, number>;
  minimumAmount: Record<Currency, number>;
  dailyMaximum: Record<Currency, number>;
  /** An account younger than this many days may not withdraw yet. */
  newAccountHoldDays: number;
}

export const DEFAULT_WITHDRAWAL_RULES: WithdrawalRules = {
  feeBasisPoints: 500,
  minimumFee: { USD: 100, VES: 5_000 },
  minimumAmount: { USD: 500, VES: 20_000 },
  dailyMaximum: { USD: 50_000, VES: 2_000_000 },
  newAccountHoldDays: 0,
};

/** The platform's fee on a withdrawal: a percentage with a minimum, 0 for Plus members (at request time). */
export function withdrawalFee(amount: number, currency: Currency, rules: WithdrawalRules, plusMember: boolean): number {
  if (plusMember) return 0;
  const percent = Math.ceil((amount * rules.feeBasisPoints) / 10_000);
  return Math.max(percent, rules.minimumFee[currency]);
}

export type WithdrawalErrorCode =
  "BAD_AMOUNT" | "BELOW_MINIMUM" | "FEE_TOO_HIGH" | "OVER_DAILY_MAXIMUM" | "ACCOUNT_TOO_NEW" | "INSUFFICIENT_FUNDS" | "BAD_DESTINATION";

/**
 * Whether a withdrawal may be asked for, apart from the balance (checked under the lock):
 * amount ≥ minimum, fee below it, within today's maximum (with what was asked today), account old enough.
 */
export function withdrawalProblem(input: {
  amount: number;
  currency: Currency;
  fee: number;
  requestedToday: number;
  accountCreatedAt: Date;
  now: Date;
  rules: WithdrawalRules;
}): WithdrawalErrorCode | null {
  const { amount, currency, rules } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0) return "BAD_AMOUNT";
  if (input.now.getTime() - input.accountCreatedAt.getTime() < rules.newAccountHoldDays * 86_400_000) return "ACCOUNT_TOO_NEW";
  if (amount < rules.minimumAmount[currency]) return "BELOW_MINIMUM";
  if (input.fee >= amount) return "FEE_TOO_HIGH";
  if (input.requestedToday + amount > rules.dailyMaximum[currency]) return "OVER_DAILY_MAXIMUM";
  return null;
}

/** Reads the destination fields of the withdrawal form; null when they do not make a valid destination. */
export function parseDestination(method: WithdrawalMethod, form: Record<string, string>): Destination | null {
  if (method === "pago_movil") {
    const bankCode = form.bankCode?.trim() ?? "";
    const phone = (form.phone ?? "").replace(/[\s-]/g, "");
    const idNumber = (form.idNumber ?? "").replace(/[\s.-]/g, "").toUpperCase();
    if (!Object.hasOwn(VENEZUELAN_BANKS, bankCode)) return null;
    if (!/^(0?4(12|14|16|24|26|22))\d{7}$/.test(phone)) return null;
    if (!/^[VEJP]?\d{6,9}$/.test(idNumber)) return null;
    return {
      method,
      bankCode,
      phone: phone.startsWith("0") ? phone : `0${phone}`,
      idNumber: /^\d/.test(idNumber) ? `V${idNumber}` : idNumber,
    };
  }
  if (method === "binance") {
    const payId = form.payId?.trim() ?? "";
    return /^\d{6,12}$/.test(payId) ? { method, payId } : null;
  }
  const email = normalizeEmail(form.email ?? "");
  return email ? { method, email } : null;
}

/** One line for staff and mails: "0134 · 04141234567 · V12345678", "Pay ID 123456789", "ana@x.com". */
export function describeDestination(destination: Destination): string {
  if (destination.method === "pago_movil") return `${destination.bankCode} · ${destination.phone} · ${destination.idNumber}`;
  if (destination.method === "binance") return `Pay ID ${destination.payId}`;
  return destination.email;
}

export const WITHDRAWAL_STATUSES = ["requested", "paid", "rejected"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Staff decide once: a requested withdrawal is paid or rejected, nothing else moves. */
export function mayDecide(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return from === "requested" && (to === "paid" || to === "rejected");
}
