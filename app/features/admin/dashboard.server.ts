import { PLACES_TAKEN } from "~/features/tournaments/tournaments.server";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, min, sql, sum } from "drizzle-orm";
import { orderItems, orders, tournaments } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { lastDays } from "./core/chart";
import { platformToday } from "~/domain/format";

export const REVENUE_DAYS = 30;
const PAID = ["approved", "fulfilled"] as const;

/**
 * Everything the dashboard shows, each figure one aggregate query (bounded by window or limit).
 * Revenue is counted per day of the platform's calendar (TIME_ZONE): the window is the last
 * REVENUE_DAYS days there, from the first day's midnight, whatever the hour in UTC.
 */
export async function dashboardFigures(db: Database, now = new Date()) {
  const timeZone = env().TIME_ZONE;
  const days = lastDays(platformToday(now, timeZone), REVENUE_DAYS);
  const since = sql`(${days[0]}::date)::timestamp at time zone ${timeZone}`;
  // The zone is written into the grouped expression (validated as an IANA name by env): a bound
  // parameter would make the SELECT and GROUP BY expressions differ for PostgreSQL.
  const zone = sql.raw(`'${timeZone.replaceAll("'", "''")}'`);
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
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
        live: PLACES_TAKEN,
      })
      .from(tournaments)
      .where(and(eq(tournaments.status, "published"), gte(tournaments.date, days.at(-1)!)))
      .orderBy(asc(tournaments.date))
      .limit(10),
    db
      .select({ waiting: count(), oldest: min(orders.updatedAt) })
      .from(orders)
      .where(eq(orders.status, "proof_submitted")),
  ]);
  return {
    days,
    byStatus: byStatus.map((row) => ({ status: row.status, count: Number(row.count) })),
    revenue,
    topPackages,
    registrationsByTournament: registrationsByTournament.map((row) => ({ ...row, live: Number(row.live) })),
    queue: { waiting: Number(queue?.waiting ?? 0), oldest: queue?.oldest ?? null },
  };
}
