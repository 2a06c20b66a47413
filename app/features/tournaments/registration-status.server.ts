import { sql, type Column, type SQL } from "drizzle-orm";
import { registrations } from "~/db/schema";

/** `holdsPlace` (domain/registration.ts) in SQL: the registration row still takes its place. */
export function holdsPlaceSql(status: Column | SQL = registrations.status): SQL {
  return sql`${status} <> 'released'`;
}
