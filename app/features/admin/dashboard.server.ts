import { PLACES_TAKEN } from "~/features/tournaments/tournaments.server";
import { and, asc, count, desc, eq, exists, gte, inArray, isNotNull, lt, min, sql, sum } from "drizzle-orm";
import { orderItems, orderStatusHistory, orders, registrations, supportMessages, tournaments } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { lastDays } from "./core/chart";
import { platformToday } from "~/domain/format";
import { MONEY_MAY_HAVE_MOVED_STATUSES, PAID_STATUSES } from "~/features/orders/core/lifecycle";

export const REVENUE_DAYS = 30;

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
      .where(and(inArray(orders.status, PAID_STATUSES), gte(orders.createdAt, since)))
      .groupBy(day, orders.currency)
      .orderBy(day),
    db
      .select({ label: orderItems.label, quantity: sum(orderItems.quantity).mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orders.status, PAID_STATUSES), isNotNull(orderItems.packageId), gte(orders.createdAt, since)))
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

/**
 * Matches whose two reports disagree and that staff have not decided yet (core/reports.ts
 * `reportsState` "disputed"), across tournaments: the number the dispute queues add up to.
 */
export const DISPUTED_MATCHES = sql`select r.tournament_id, r.match_id from competition_reports r
  left join competition_results res on res.tournament_id = r.tournament_id and res.match_id = r.match_id
  where res.match_id is null
  group by r.tournament_id, r.match_id
  having count(*) >= 2 and count(distinct (r.score1 * 1000 + r.score2)) > 1`;

/**
 * A cancelled tournament's registrations whose order's money may still have to go back: the same
 * rule as the tournaments list's refundsDue (tournaments-admin.server.ts), summed over tournaments.
 */

/** The dashboard's first row: what waits for staff, each a count its list filters to. */
export async function workCounts(db: Database) {
  const [[orderCounts], [support], [disputes], [refunds]] = await Promise.all([
    db
      .select({
        toApprove: sql<number>`count(*) filter (where ${orders.status} = 'proof_submitted')::int`,
        toDeliver: sql<number>`count(*) filter (where ${orders.status} = 'approved' and ${orders.kind} = 'store')::int`,
      })
      .from(orders)
      .where(inArray(orders.status, ["proof_submitted", "approved"])),
    db.select({ open: count() }).from(supportMessages).where(eq(supportMessages.status, "open")),
    db.select({ n: sql<number>`count(*)::int` }).from(sql`(${DISPUTED_MATCHES}) d`),
    db
      .select({ n: count() })
      .from(registrations)
      .innerJoin(orders, eq(orders.id, registrations.orderId))
      .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
      .where(and(eq(tournaments.status, "cancelled"), inArray(orders.status, MONEY_MAY_HAVE_MOVED_STATUSES))),
  ]);
  return {
    toApprove: Number(orderCounts?.toApprove ?? 0),
    toDeliver: Number(orderCounts?.toDeliver ?? 0),
    disputes: Number(disputes?.n ?? 0),
    support: Number(support?.open ?? 0),
    refunds: Number(refunds?.n ?? 0),
  };
}

/**
 * The cash close of one day of the platform's calendar: the money accepted that day (orders
 * approved between its midnights in TIME_ZONE and still approved or delivered, so a later refund
 * leaves the figure), per payment method and currency, with how many orders.
 */
export async function cashClose(db: Database, day: string) {
  const zone = env().TIME_ZONE;
  const from = sql`(${day}::date)::timestamp at time zone ${zone}`;
  const to = sql`(${day}::date + 1)::timestamp at time zone ${zone}`;
  const approvedThatDay = db
    .select({ one: sql`1` })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orders.id),
        eq(orderStatusHistory.toStatus, "approved"),
        gte(orderStatusHistory.createdAt, from),
        lt(orderStatusHistory.createdAt, to),
      ),
    );
  const rows = await db
    .select({
      method: orders.paymentMethod,
      currency: orders.currency,
      total: sum(orders.amount).mapWith(Number),
      orders: count(),
    })
    .from(orders)
    .where(and(inArray(orders.status, PAID_STATUSES), exists(approvedThatDay)))
    .groupBy(orders.paymentMethod, orders.currency)
    .orderBy(orders.paymentMethod, orders.currency);
  return rows.map((row) => ({ ...row, orders: Number(row.orders) }));
}
