import type { Currency } from "~/domain/money";

/**
 * The account chart (docs/decisions/014-wallet-ledger.md). Every amount is signed minor units:
 * positive credits an account, negative debits it; each transaction's entries sum to zero per
 * currency. A user's wallet is what the platform owes them (credit-normal, never below zero);
 * platform accounts are their counterparts and may carry any sign.
 */
export const PLATFORM_ACCOUNT_KINDS = [
  /** Prize money credited to winners (an expense, funded by the tournament): debited by prizes. */
  "prizes",
  /** Withdrawals asked for and not yet paid or rejected: what the platform must still send out. */
  "payouts_in_transit",
  /** Fees the platform kept on withdrawals (revenue). */
  "fees",
  /** The platform's bank/exchange accounts: credited when staff pay a withdrawal outside. */
  "bank",
  /** Orders paid from wallets: the sale's side of a wallet payment (revenue, cleared like any paid order). */
  "orders_clearing",
  /** Staff credits and debits by hand (audited), the counterpart of each adjustment. */
  "adjustments",
  /** The platform's fee on fans' donations to streamers (revenue; docs/streamers.md). */
  "donation_fees",
  /** The platform's fee on fans' subscriptions to streamers (revenue; docs/streamers.md; none when the fan holds Plus). */
  "subscription_fees",
  /** The platform's commission on fee-funded prize pools (revenue; docs/organizations.md). */
  "prize_pool_fees",
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
/**
 * "prize_pool": one tournament's held prize money (`prize_pool:<tournamentId>:<cur>`, core/prize-pools.ts);
 * like a wallet it never goes below zero, so a payout never pays more than the pool holds.
 */
export type AccountKind = "user" | "prize_pool" | PlatformAccountKind;

/** Accounts that may never go below zero: what the platform owes a user, and a tournament's held prizes. */
export function mustStayPositive(kind: AccountKind): boolean {
  return kind === "user" || kind === "prize_pool";
}

export const CURRENCIES: readonly Currency[] = ["USD", "VES"];

export function isCurrency(value: unknown): value is Currency {
  return value === "USD" || value === "VES";
}

export function userAccountId(userId: string, currency: Currency): string {
  return `user:${userId}:${currency}`;
}

export function platformAccountId(kind: PlatformAccountKind, currency: Currency): string {
  return `${kind}:${currency}`;
}

export interface AccountRef {
  id: string;
  kind: AccountKind;
  userId: string | null;
  currency: Currency;
}

export function userAccount(userId: string, currency: Currency): AccountRef {
  return { id: userAccountId(userId, currency), kind: "user", userId, currency };
}

export function platformAccount(kind: PlatformAccountKind, currency: Currency): AccountRef {
  return { id: platformAccountId(kind, currency), kind, userId: null, currency };
}

export interface Line {
  account: AccountRef;
  amount: number;
}

export type PostingErrorCode = "UNBALANCED" | "EMPTY" | "BAD_AMOUNT";

/** Why a set of lines is not a valid transaction (null when it is): ≥ 2 lines, non-zero integers, zero sum per currency. */
export function postingProblem(lines: readonly Line[]): PostingErrorCode | null {
  if (lines.length < 2) return "EMPTY";
  const sums = new Map<Currency, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) return "BAD_AMOUNT";
    sums.set(line.account.currency, (sums.get(line.account.currency) ?? 0) + line.amount);
  }
  return [...sums.values()].every((sum) => sum === 0) ? null : "UNBALANCED";
}

/** The order locks are taken in (by account id), so two transactions never wait on each other in a circle. */
export function lockOrder(lines: readonly Line[]): string[] {
  return [...new Set(lines.map((line) => line.account.id))].sort();
}

/** Transaction kinds, translated on the wallet's history ("wallet:reasons.<kind>"). */
export const TRANSACTION_KINDS = [
  "prize",
  "prize_reversal",
  "withdrawal",
  "withdrawal_paid",
  "withdrawal_rejected",
  "wallet_payment",
  /** A refunded order's amount back to its buyer's wallet (orders clearing → user). */
  "order_refund",
  "adjustment",
  "donation",
  /** An approved subscription order credits the streamer (orders clearing → streamer + fee). */
  "subscription",
  /** A refunded subscription order takes that credit back (a new movement, never an edit). */
  "subscription_refund",
  /** An approved donation order credits the streamer (orders clearing → streamer + donation fee). */
  "donation_order",
  /** A refunded donation order takes that credit back (a new movement, never an edit). */
  "donation_refund",
  /** An approved gift (a donation order for catalogue items) credits the streamer, as a donation order does. */
  "gift_order",
  /** A refunded gift takes that credit back. */
  "gift_refund",
  /** An organizer's deposit into a tournament's pool (an approved `prize_pool` order): orders clearing → pool. */
  "prize_pool_deposit",
  /** A refunded deposit order: pool → orders clearing. */
  "prize_pool_deposit_refund",
  /** An approved entry fee of a fee-funded tournament: orders clearing → pool + commission. */
  "prize_pool_fee",
  /** A refunded entry fee: its pool share and commission go back to orders clearing. */
  "prize_pool_fee_refund",
  /** What an organizer-funded pool holds after the payout, back to the organizer's wallet. */
  "prize_pool_return",
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export function isTransactionKind(value: unknown): value is TransactionKind {
  return typeof value === "string" && (TRANSACTION_KINDS as readonly string[]).includes(value);
}
