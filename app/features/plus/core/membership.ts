/**
 * Plus membership as periods of time (pure; browser and server share it). Being a member means
 * "now is inside a period", so a membership ends by itself: no job has to switch it off.
 */
export interface Period {
  startsAt: Date;
  endsAt: Date;
}

/** Plus members may register this long before everyone else. */
export const EARLY_ACCESS_MINUTES = 15;
/** The reminder e-mail goes out this long before a membership ends. */
export const REMINDER_DAYS = 3;
/** Defaults for the settings `plus_price_usd_cents` and `plus_months` (one month for $5). */
export const DEFAULT_PLUS_PRICE_CENTS = 500;
export const DEFAULT_PLUS_MONTHS = 1;

/**
 * The same day of the month `months` later, at the same time (UTC); a day the target month lacks
 * becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function isMemberAt(periods: readonly Period[], at: Date): boolean {
  return periods.some((period) => period.startsAt <= at && at < period.endsAt);
}

/**
 * The end of the membership running at `at`, following periods that touch or overlap it (a renewal
 * bought early starts where the current one ends). Null when `at` is in no period.
 */
export function memberUntil(periods: readonly Period[], at: Date): Date | null {
  if (!isMemberAt(periods, at)) return null;
  const sorted = [...periods].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  let end = at;
  for (const period of sorted) {
    if (period.startsAt <= end && period.endsAt > end) end = period.endsAt;
  }
  return end;
}

/** The period one more purchase (or grant) of `months` adds: from now, or from the end of the membership running now. */
export function nextPeriod(periods: readonly Period[], now: Date, months: number): Period {
  const startsAt = memberUntil(periods, now) ?? now;
  return { startsAt, endsAt: addMonths(startsAt, months) };
}

/** When a person may register for a tournament that opens at `opensAt`: members 15 minutes earlier. */
export function registrationOpensFor(opensAt: Date, member: boolean): Date {
  return member ? new Date(opensAt.getTime() - EARLY_ACCESS_MINUTES * 60_000) : opensAt;
}

export type PlusRefusal = "PLUS_ONLY" | "NOT_OPEN_YET";

/**
 * The Plus rules of taking part, in one place for every way in (solo or team registration, a late
 * entry, the waiting list): a Plus event takes members only; members may register 15 minutes before
 * everyone else. `opening: false` skips the opening time (the waiting list and a late entry have
 * their own windows). Null when the person may go on.
 */
export function plusRefusal(
  tournament: { plusOnly: boolean; registrationOpensAt: Date | null },
  member: boolean,
  now: Date,
  options: { opening?: boolean } = {},
): PlusRefusal | null {
  if (tournament.plusOnly && !member) return "PLUS_ONLY";
  if (options.opening !== false && tournament.registrationOpensAt && registrationOpensFor(tournament.registrationOpensAt, member) > now)
    return "NOT_OPEN_YET";
  return null;
}

/** Whether the reminder for a membership ending at `endsAt` is due at `now` (within the last 3 days, not yet ended). */
export function reminderDue(endsAt: Date, now: Date): boolean {
  return endsAt > now && endsAt.getTime() - now.getTime() <= REMINDER_DAYS * 24 * 60 * 60_000;
}
