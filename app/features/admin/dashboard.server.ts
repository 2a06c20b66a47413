import { and, asc, count, desc, eq, gte, inArray, isNotNull, min, sql, sum } from "drizzle-orm";
import { orderItems, orders, tournaments } from "~/db/schema";
import type { Database } from "~/lib/db.server";

export const REVENUE_DAYS = 30;
const PAID = ["approved", "fulfilled"] as const;

/** Everything the dashboard shows, each figure one aggregate query (bounded by window or limit). */
export async function dashboardFigures(db: Database, now = new Date()) {
  const since = new Date(now.getTime() - (REVENUE_DAYS - 1) * 86_400_000);
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'America/Caracas', 'YYYY-MM-DD')`;
  const [byStatus, revenue, topPackages, registrationsByTournament, [queue]] = await Promise.all([
    db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status),
    db
      .select({ day, currency: orders.currency, total: sum(orders.amount).mapWith(Number) })
      .from(orders)
      .where(and(inArray(orders.status, PAID), gte(orders.createdAt, since)))
      .groupBy(day, orders.currency)
      .orderBy(day),
    db
      .select({ label: orderItems.label, quantity: sum(orderItems.quantity).mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orders.status, PAID), isNotNull(orderItems.packageId), gte(orders.createdAt, since)))
      .groupBy(orderItems.label)
      .orderBy(desc(sql`2`))
      .limit(10),
    db
      .select({
        title: tournaments.title,
        capacity: tournaments.capacity,
        live: sql<number>`(select count(*)::int from registrations r where r.tournament_id = ${tournaments.id} and r.status <> 'released')`,
      })
      .from(tournaments)
      .where(and(eq(tournaments.status, "published"), gte(tournaments.date, sql`current_date`)))
      .orderBy(asc(tournaments.date))
      .limit(10),
    db
      .select({ waiting: count(), oldest: min(orders.updatedAt) })
      .from(orders)
      .where(eq(orders.status, "proof_submitted")),
  ]);
  return {
    since: since.toISOString().slice(0, 10),
    byStatus: byStatus.map((row) => ({ status: row.status, count: Number(row.count) })),
    revenue,
    topPackages,
    registrationsByTournament: registrationsByTournament.map((row) => ({ ...row, live: Number(row.live) })),
    queue: { waiting: Number(queue?.waiting ?? 0), oldest: queue?.oldest ?? null },
  };
}
