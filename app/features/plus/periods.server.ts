import { desc, eq, sql } from "drizzle-orm";
import { membershipPeriods } from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { runPrepared } from "~/lib/prepared.server";

/** A person's Plus periods, newest first. */
export async function periodsOf(db: Database | Transaction, userId: string) {
  return runPrepared(db, "plus_periods_of_user", (database, name) => periodsQuery(database).prepare(name), { userId });
}

function periodsQuery(db: Database | Transaction) {
  return db
    .select({
      id: membershipPeriods.id,
      startsAt: membershipPeriods.startsAt,
      endsAt: membershipPeriods.endsAt,
      orderId: membershipPeriods.orderId,
      grantedBy: membershipPeriods.grantedBy,
      note: membershipPeriods.note,
    })
    .from(membershipPeriods)
    .where(eq(membershipPeriods.userId, sql.placeholder("userId")))
    .orderBy(desc(membershipPeriods.startsAt));
}
