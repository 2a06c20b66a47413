import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { preUsers, users, verifications } from "~/db/schema";
import type { Language } from "~/domain/language";
import type { ProfileInput } from "~/domain/profile";
import type { Database } from "~/lib/db.server";
import { forgetCachedUser } from "./session-cache.server";

/** SPEC §3 pre_users: remember every address that asked for a link. */
export async function rememberPreUser(db: Database, email: string): Promise<void> {
  await db.insert(preUsers).values({ email }).onConflictDoNothing();
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
  forgetCachedUser(userId);
}

export async function findProfile(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, age: users.age, favoriteGame: users.favoriteGame })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The address an unused, unexpired sign-in link would sign in, or null; the link is not used up.
 * Reads the row better-auth's magic-link plugin writes with `storeToken: "hashed"`: identifier
 * "magic-link:" + the token's SHA-256 in base64url, value `{"type":"magic-link","email":…}`
 * (tests/integration/auth.test.ts proves the two agree).
 */
export async function pendingSignInEmail(db: Database, token: string, now = new Date()): Promise<string | null> {
  // better-auth's tokens are 32 letters; anything else was never issued (and a NUL would make the query throw).
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const identifier = `magic-link:${createHash("sha256").update(token).digest("base64url")}`;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, now)));
  if (!row) return null;
  try {
    const record = JSON.parse(row.value) as { type?: unknown; email?: unknown };
    return record.type === "magic-link" && typeof record.email === "string" ? record.email : null;
  } catch {
    return null;
  }
}

/** The account's language, the one every mail to this person is written in (set when they switch language signed in). */
export async function saveLanguage(db: Database, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}
