/** How long the outbox waits before trying a mail again, and when it gives up (docs/decisions/010-mail-outbox.md). */
export interface RetryPolicy {
  /** Wait after the first failed attempt; each later one waits twice as long as the one before. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
  /** After this many failed attempts the mail is marked failed and waits for staff. */
  maxAttempts: number;
}

export const MAX_RETRY_WAIT_MS = 10 * 60_000;

/**
 * The wait after `attempts` failed attempts (1 = the first failed): exponential, capped, with
 * "equal jitter" (half fixed, half random) so instances that failed together do not retry together.
 */
export function retryDelayMs(attempts: number, policy: Pick<RetryPolicy, "baseMs" | "maxMs">, random = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const full = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(full / 2 + (full / 2) * random());
}

/** What to do after a failed attempt: try again at a later time, or stop and wait for staff. */
export function afterFailure(attempts: number, policy: RetryPolicy, now: Date, random = Math.random): { retryAt: Date } | { giveUp: true } {
  if (attempts >= policy.maxAttempts) return { giveUp: true };
  return { retryAt: new Date(now.getTime() + retryDelayMs(attempts, policy, random)) };
}
