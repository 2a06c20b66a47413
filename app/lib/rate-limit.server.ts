import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { Database } from "./db.server";
import { runPrepared } from "./prepared.server";

/** The limits the app applies, in one table: name → how many hits per window. */
export const RATE_LIMITS = {
  magicLinkPerEmail: { max: 3, windowSeconds: 10 * 60 },
  /**
   * Per internet address, generous: a mobile carrier's CGNAT or a venue's Wi-Fi puts hundreds of
   * honest players behind one address. The tight limit is the per-e-mail one above.
   */
  magicLinkPerIp: { max: 120, windowSeconds: 10 * 60 },
  orderCreation: { max: 10, windowSeconds: 10 * 60 },
  registration: { max: 10, windowSeconds: 10 * 60 },
  proofUpload: { max: 10, windowSeconds: 10 * 60 },
  /** The profile form, per account: honest use is a handful of saves. */
  profileSave: { max: 20, windowSeconds: 10 * 60 },
  supportMessage: { max: 5, windowSeconds: 60 * 60 },
  /** Team writes per account (creating teams, invites, mailed invites): a captain's evening of work, not a spammer's. */
  teamWrite: { max: 40, windowSeconds: 60 * 60 },
  /** Organization writes per account (creating one, members, player bans: docs/organizations.md). */
  organizationWrite: { max: 60, windowSeconds: 60 * 60 },
  /** Streamer writes per account (applying, following, the live switch): generous for a night of streaming. */
  streamerWrite: { max: 60, windowSeconds: 60 * 60 },
  /** Asking Discord again for the Plus role after a refusal (docs/plus.md): a few tries after joining the server. */
  discordRoleRetry: { max: 10, windowSeconds: 60 * 60 },
  /** The store's ID check as typed calls the external (paid) checker: bounded per network. */
  playerIdCheck: { max: 60, windowSeconds: 10 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Counts one more hit on `key` in a fixed window and says whether it is still allowed.
 * One atomic upsert, so concurrent requests cannot slip past the limit; the counters live in the
 * database, so every app instance shares them.
 */
export async function hitRateLimit(db: Database, key: string, max: number, windowSeconds: number, now = Date.now()): Promise<boolean> {
  const [row] = await runPrepared(
    db,
    "rate_limit_hit",
    (database, name) =>
      database
        .insert(rateLimits)
        .values({ id: sql.placeholder("id"), key: sql.placeholder("key"), count: 1, lastRequest: sql.placeholder("now") })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.lastRequest} < ${sql.placeholder("windowStart")} then 1 else ${rateLimits.count} + 1 end`,
            lastRequest: sql`case when ${rateLimits.lastRequest} < ${sql.placeholder("windowStart")} then ${sql.placeholder("now")}::bigint else ${rateLimits.lastRequest} end`,
          },
        })
        .returning({ count: rateLimits.count })
        .prepare(name),
    { id: randomUUID(), key, now, windowStart: now - windowSeconds * 1000 },
  );
  return (row?.count ?? 1) <= max;
}

/** One hit on the named limit for `subject` (a user id, an e-mail, an address). */
export function withinLimit(db: Database, name: RateLimitName, subject: string): Promise<boolean> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  return hitRateLimit(db, `${name}:${subject}`, max, windowSeconds);
}
