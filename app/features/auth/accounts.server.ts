import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { preUsers, rateLimits, users } from "~/db/schema";
import type { Language } from "~/domain/language";
import type { ProfileInput } from "~/domain/profile";
import type { Database } from "~/lib/db.server";

/** SPEC §3 pre_users: remember every address that asked for a link. */
export async function rememberPreUser(db: Database, email: string): Promise<void> {
  await db.insert(preUsers).values({ email }).onConflictDoNothing();
}

/**
 * Counts one more hit on `key` in a fixed window and says whether it is still allowed.
 * One atomic upsert, so concurrent requests cannot slip past the limit.
 */
export async function hitRateLimit(db: Database, key: string, max: number, windowSeconds: number, now = Date.now()): Promise<boolean> {
  const windowStart = now - windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= max;
}

export async function emailBelongsToAnotherUser(db: Database, email: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, userId)));
  return row !== undefined;
}

/** Saves the profile form on the signed-in user's own row; the e-mail is never changed here. */
export async function saveProfile(db: Database, userId: string, profile: Omit<ProfileInput, "email">, language: Language): Promise<void> {
  await db
    .update(users)
    .set({
      name: profile.fullname,
      age: profile.age,
      favoriteGame: profile.favoriteGame,
      language,
      profileCompletedAt: sql`coalesce(${users.profileCompletedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function findProfile(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, age: users.age, favoriteGame: users.favoriteGame })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
