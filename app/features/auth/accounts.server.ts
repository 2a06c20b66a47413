import { eq, sql } from "drizzle-orm";
import { preUsers, users } from "~/db/schema";
import type { Language } from "~/domain/language";
import type { ProfileInput } from "~/domain/profile";
import type { Database } from "~/lib/db.server";

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
}

export async function findProfile(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, age: users.age, favoriteGame: users.favoriteGame })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
