import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import { users } from "~/db/schema";
import { forgetCachedUser } from "~/features/auth/session-cache.server";
import type { Database } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import { DomainError } from "~/lib/domain-error";

export const USER_PAGE = 25;

export class UserAdminError extends DomainError<"NOT_FOUND" | "NOT_YOURSELF"> {}

const like = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** Users whose e-mail or name contains the text (or staff only), a page at a time, in SQL. */
export async function searchUsers(db: Database, filters: { q: string | null; staffOnly: boolean; page: number }) {
  const conditions = [];
  if (filters.q) conditions.push(or(ilike(users.email, like(filters.q)), ilike(users.name, like(filters.q))));
  if (filters.staffOnly) conditions.push(eq(users.isStaff, true));
  return db
    .select({ id: users.id, email: users.email, name: users.name, isStaff: users.isStaff, createdAt: users.createdAt })
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(users.email))
    .limit(USER_PAGE)
    .offset((filters.page - 1) * USER_PAGE);
}

export async function findUserForStaff(db: Database, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isStaff: users.isStaff,
      language: users.language,
      createdAt: users.createdAt,
      age: users.age,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Grants or revokes staff; never on oneself (nobody can lock themselves out or promote themselves). */
export async function setStaff(db: Database, actorId: string, userId: string, isStaff: boolean) {
  if (actorId === userId) throw new UserAdminError("NOT_YOURSELF");
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ isStaff: users.isStaff, email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!before) throw new UserAdminError("NOT_FOUND");
    await tx
      .update(users)
      .set({ isStaff, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    forgetCachedUser(userId);
    await recordAudit(tx, {
      actorId,
      action: isStaff ? "user.grant_staff" : "user.revoke_staff",
      entity: "user",
      entityId: userId,
      before: { isStaff: before.isStaff, email: before.email },
      after: { isStaff },
    });
  });
}
