// Accounts for e2e seed scripts: verified, profile complete, Spanish unless told, staff where told.
import { randomUUID } from "node:crypto";
import { users } from "~/db/schema";
import type { Database } from "~/lib/db.server";

export interface SeedPersonOptions {
  isStaff?: boolean;
  language?: "es" | "en";
  age?: number;
  /** When the account was made (the default is now); withdrawal rules read an account's age. */
  createdAt?: Date;
}

/** Creates one account ready to use (verified, profile complete) and returns its id. */
export async function seedPerson(db: Database, email: string, name: string, options: SeedPersonOptions = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    email,
    emailVerified: true,
    name,
    age: options.age ?? 22,
    favoriteGame: "free-fire",
    language: options.language ?? "es",
    isStaff: options.isStaff ?? false,
    profileCompletedAt: new Date(),
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  return id;
}

/** Creates each [email, name, isStaff] and returns their ids by e-mail. */
export async function seedPeople(db: Database, people: ReadonlyArray<readonly [email: string, name: string, isStaff: boolean]>) {
  const ids: Record<string, string> = {};
  for (const [email, name, isStaff] of people) ids[email] = await seedPerson(db, email, name, { isStaff });
  return ids;
}
