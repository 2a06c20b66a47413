import { inArray } from "drizzle-orm";
import { users } from "~/db/schema";
import type { Database } from "~/lib/db.server";

export interface Person {
  name: string;
  email: string;
}

/** Names and e-mails of the given users (an order's owner, the staff in its history), by id. */
export async function findPeople(db: Database, ids: readonly (string | null)[]): Promise<Record<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === "string"))];
  if (wanted.length === 0) return {};
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, wanted));
  return Object.fromEntries(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}
