// Accounts for e2e seed scripts: verified, profile complete, Spanish, staff where told.
import { randomUUID } from "node:crypto";
import { users } from "~/db/schema";
import type { Database } from "~/lib/db.server";

/** Creates each [email, name, isStaff] and returns their ids by e-mail. */
export async function seedPeople(db: Database, people: ReadonlyArray<readonly [email: string, name: string, isStaff: boolean]>) {
  const ids: Record<string, string> = {};
  for (const [email, name, isStaff] of people) {
    const id = randomUUID();
    ids[email] = id;
    await db.insert(users).values({
      id,
      email,
      emailVerified: true,
      name,
      age: 22,
      favoriteGame: "free-fire",
      language: "es",
      isStaff,
      profileCompletedAt: new Date(),
    });
  }
  return ids;
}
