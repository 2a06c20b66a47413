import { desc, eq } from "drizzle-orm";
import { membershipPeriods } from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";

/** A person's Plus periods, newest first. */
export async function periodsOf(db: Database | Transaction, userId: string) {
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
    .where(eq(membershipPeriods.userId, userId))
    .orderBy(desc(membershipPeriods.startsAt));
}
