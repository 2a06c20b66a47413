import type { Currency } from "~/domain/money";
import type { AccountRef } from "./accounts";

/**
 * A tournament's prize pool (docs/organizations.md "Prize pools", decision 014): the money held for
 * its prizes in one ledger account per tournament and currency. Pure rules; SQL in wallet/prize-pools.server.ts.
 */
export const PRIZE_FUNDINGS = ["none", "organizer", "fees"] as const;
export type PrizeFunding = (typeof PRIZE_FUNDINGS)[number];

export function isPrizeFunding(value: unknown): value is PrizeFunding {
  return typeof value === "string" && (PRIZE_FUNDINGS as readonly string[]).includes(value);
}

/** The platform's default commission on fee-funded pools (percent of each entry fee); PRIZE_POOL_COMMISSION_PERCENT overrides it. */
export const DEFAULT_POOL_COMMISSION_PERCENT = 10;
/** The highest commission staff may set (the environment setting has the same bounds). */
export const POOL_COMMISSION_MAX = 50;

/** Reads the staff's commission field: a whole percent from 0 to 50. */
export function parseCommission(text: string | undefined): { ok: true; percent: number } | { ok: false; code: "COMMISSION_INVALID" } {
  const value = (text ?? "").trim().replace(/\s*%$/, "");
  if (!/^\d{1,2}$/.test(value)) return { ok: false, code: "COMMISSION_INVALID" };
  const percent = Number(value);
  return percent <= POOL_COMMISSION_MAX ? { ok: true, percent } : { ok: false, code: "COMMISSION_INVALID" };
}

export function poolAccountId(tournamentId: string, currency: Currency): string {
  return `prize_pool:${tournamentId}:${currency}`;
}

/** The held account of one tournament's pool in one currency (never below zero: post() and a CHECK refuse it). */
export function poolAccount(tournamentId: string, currency: Currency): AccountRef {
  return { id: poolAccountId(tournamentId, currency), kind: "prize_pool", userId: null, currency };
}

/**
 * One entry fee split between the pool and the platform: the commission is `percent` of the fee,
 * rounded to the nearest cent (half up); the pool gets the rest, so the two always add up to the fee.
 */
export function feeSplit(fee: number, percent: number): { commission: number; pool: number } {
  const commission = Math.min(fee, Math.max(0, Math.floor((fee * percent + 50) / 100)));
  return { commission, pool: fee - commission };
}

/**
 * A fee-funded pool's prizes: each place's share (percent, the tournament's prize split) of the
 * pool's balance, in whole cents; the cents that rounding leaves over go one each to the first
 * places, so the shares always add up to the whole balance (nothing stays behind in the pool).
 */
export function poolShares(balance: number, split: readonly number[]): number[] {
  const total = split.reduce((sum, part) => sum + part, 0);
  if (balance <= 0 || total <= 0) return split.map(() => 0);
  const shares = split.map((part) => Math.floor((balance * part) / total));
  let rest = balance - shares.reduce((sum, share) => sum + share, 0);
  for (let index = 0; rest > 0; index = (index + 1) % shares.length, rest--) shares[index]! += 1;
  return shares;
}

export type PoolPayoutCode = "POOL_FROZEN" | "POOL_SHORT" | "POOL_CURRENCY" | "POOL_PLACES_MISSING" | "POOL_EMPTY";

/**
 * Whether an organizer-funded pool can pay these prizes: every prize in the pool's currency and
 * their total not above what it holds. Null when it can.
 */
export function organizerPayoutProblem(
  prizes: ReadonlyArray<{ amount: number; currency: Currency }>,
  pool: { currency: Currency; balance: number },
): PoolPayoutCode | null {
  if (prizes.some((prize) => prize.currency !== pool.currency)) return "POOL_CURRENCY";
  const total = prizes.reduce((sum, prize) => sum + prize.amount, 0);
  return total > pool.balance ? "POOL_SHORT" : null;
}

/** Whether every place the split names (1..n) has a team recorded: a share nobody receives would stay in the pool. */
export function missingPlaces(split: readonly number[], recordedPlaces: readonly number[]): number[] {
  const recorded = new Set(recordedPlaces);
  return split.map((_, index) => index + 1).filter((place) => !recorded.has(place));
}

/** An organizer-funded tournament may be published (or sent to approval) once its pool holds the whole prize. */
export function poolFunded(prizeTotal: number, balance: number): boolean {
  return prizeTotal > 0 && balance >= prizeTotal;
}
