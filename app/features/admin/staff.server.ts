import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { forgetCachedUser } from "~/features/auth/session-cache.server";
import type { Database } from "~/lib/db.server";

import { emailSchema } from "~/domain/email";

/** Gives staff rights to the address, creating its account when it has none. Returns whether it was created. */
export async function grantStaff(db: Database, rawEmail: string): Promise<{ created: boolean }> {
  const email = emailSchema.parse(rawEmail);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await db.update(users).set({ isStaff: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    forgetCachedUser(existing.id);
    return { created: false };
  }
  await db.insert(users).values({ id: randomUUID(), email, isStaff: true });
  return { created: true };
}

/** Takes staff rights back; false when no account has that address. */
export async function revokeStaff(db: Database, rawEmail: string): Promise<boolean> {
  const email = emailSchema.parse(rawEmail);
  const updated = await db
    .update(users)
    .set({ isStaff: false, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  for (const { id } of updated) forgetCachedUser(id);
  return updated.length > 0;
}

export async function listStaff(db: Database): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.isStaff, true)).orderBy(users.email);
  return rows.map((row) => row.email);
}
