import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { orders, streamerPosts, streamerSubscriptionOrders, streamerSubscriptions, streamers, users } from "~/db/schema";
import type { Currency } from "~/domain/money";
import type { KindEnding } from "~/features/orders/core/outcome";
import type { OrderKindHandler } from "~/features/orders/order-kind-registry.server";
import { OrderError } from "~/features/orders/orders.server";
import { membershipOf } from "~/features/plus/plus.server";
import { isCurrency } from "~/features/wallet/core/accounts";
import type { Database, Transaction } from "~/lib/db.server";
import {
  SUBSCRIPTION_REMINDER_DAYS,
  isSubscribedAt,
  isSubscriptionPrice,
  nextSubscriptionPeriod,
  postView,
  subscriptionSplit,
} from "./core/subscriptions";
import { createFanOrder, creditFanPayment, fanOrderInProgress, reverseFanPayment, type FanCheckout } from "./fan-payments.server";
import { StreamerError, donationFeeBasisPoints } from "./streamers.server";

/**
 * Fans' monthly subscriptions to streamers, paid as orders (kind `subscription`), and the streamer's
 * subscriber-only posts (docs/streamers.md): all of their SQL. Rules: core/subscriptions.ts.
 */

type Reader = Database | Transaction;

/** The approved streamer behind a handle and the monthly price they ask (null: they offer no subscription yet). */
export async function subscriptionOffer(db: Reader, handle: string) {
  const [row] = await db
    .select({ id: streamers.id, userId: streamers.userId, handle: streamers.handle, priceUsd: streamers.subscriptionPriceUsd })
    .from(streamers)
    .where(and(eq(streamers.handle, handle), eq(streamers.status, "approved")));
  return row ?? null;
}

/** The streamer sets their monthly price (USD cents, already within the limits); only on their own approved row. */
export async function setSubscriptionPrice(db: Database, userId: string, cents: number): Promise<void> {
  if (!isSubscriptionPrice(cents)) throw new StreamerError("BAD_PRICE");
  const updated = await db
    .update(streamers)
    .set({ subscriptionPriceUsd: cents })
    .where(and(eq(streamers.userId, userId), eq(streamers.status, "approved")))
    .returning({ id: streamers.id });
  if (updated.length === 0) throw new StreamerError("NOT_FOUND");
}

/**
 * Creates the order for one month of a subscription, priced here from the streamer's row (Bs at the
 * stored rate for Pago Móvil), and records which streamer it is for, in one transaction; idempotent by
 * the form's key (a repeated post gets the first order back).
 */
export async function buySubscription(db: Database, input: FanCheckout & { handle: string; label: string }) {
  return db.transaction(async (tx) => {
    const offer = await subscriptionOffer(tx, input.handle);
    if (!offer) throw new StreamerError("NOT_FOUND");
    if (offer.userId === input.userId) throw new StreamerError("CANNOT_SUBSCRIBE_SELF");
    if (offer.priceUsd === null || !isSubscriptionPrice(offer.priceUsd)) throw new StreamerError("NOT_OFFERED");
    const order = await createFanOrder(tx, "subscription", input, offer.priceUsd, {
      label: input.label,
      unitAmount: offer.priceUsd,
      quantity: 1,
    });
    await tx.insert(streamerSubscriptionOrders).values({ orderId: order.id, streamerId: offer.id }).onConflictDoNothing();
    return order;
  });
}

/** The fan's subscription order to this streamer still waiting on them or on staff (follow it rather than buy again). */
export function subscriptionInProgress(db: Reader, userId: string, streamerId: string) {
  return fanOrderInProgress(db, streamerSubscriptionOrders, userId, streamerId);
}

async function periodsOf(db: Reader, streamerId: string, userId: string) {
  return db
    .select({ startsAt: streamerSubscriptions.startsAt, endsAt: streamerSubscriptions.endsAt })
    .from(streamerSubscriptions)
    .where(
      and(
        eq(streamerSubscriptions.streamerId, streamerId),
        eq(streamerSubscriptions.userId, userId),
        isNull(streamerSubscriptions.refundedAt),
      ),
    );
}

/** Whether the user is subscribed to the streamer now, and until when (following renewals). */
export async function subscriptionOf(db: Reader, streamerId: string, userId: string, now = new Date()) {
  const periods = await periodsOf(db, streamerId, userId);
  if (!isSubscribedAt(periods, now)) return { subscribed: false, until: null };
  let until = now;
  for (const period of [...periods].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()))
    if (period.startsAt <= until && period.endsAt > until) until = period.endsAt;
  return { subscribed: true, until };
}

/** Subscribers of the streamer among these users right now (the badge in the page's lists). */
export async function subscribersAmong(db: Reader, streamerId: string, userIds: readonly string[], now = new Date()) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ userId: streamerSubscriptions.userId })
    .from(streamerSubscriptions)
    .where(
      and(
        eq(streamerSubscriptions.streamerId, streamerId),
        inArray(streamerSubscriptions.userId, [...new Set(userIds)]),
        isNull(streamerSubscriptions.refundedAt),
        lte(streamerSubscriptions.startsAt, now),
        gt(streamerSubscriptions.endsAt, now),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** How many fans are subscribed now. */
export async function subscriberCount(db: Reader, streamerId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${streamerSubscriptions.userId})`.mapWith(Number) })
    .from(streamerSubscriptions)
    .where(
      and(
        eq(streamerSubscriptions.streamerId, streamerId),
        isNull(streamerSubscriptions.refundedAt),
        lte(streamerSubscriptions.startsAt, now),
        gt(streamerSubscriptions.endsAt, now),
      ),
    );
  return row?.count ?? 0;
}

/**
 * An approved subscription order: one more month for the fan (from now, or from the end of the running
 * one, under the fan's row lock) and the streamer's credit — orders clearing −amount, streamer
 * +(amount − fee), subscription_fees +fee, no fee when the fan holds Plus — in the approval's transaction.
 */
async function startSubscription(tx: Transaction, orderId: string, userId: string, now = new Date()) {
  const [order] = await tx
    .select({
      amount: orders.amount,
      currency: orders.currency,
      streamerId: streamerSubscriptionOrders.streamerId,
      streamerUserId: streamers.userId,
    })
    .from(orders)
    .innerJoin(streamerSubscriptionOrders, eq(streamerSubscriptionOrders.orderId, orders.id))
    .innerJoin(streamers, eq(streamers.id, streamerSubscriptionOrders.streamerId))
    .where(eq(orders.id, orderId));
  if (!order || !isCurrency(order.currency)) throw new OrderError("NOT_FOUND");
  const currency: Currency = order.currency;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const period = nextSubscriptionPeriod(await periodsOf(tx, order.streamerId, userId), now);
  const plus = await membershipOf(tx, userId, now);
  const { fee } = subscriptionSplit(order.amount, await donationFeeBasisPoints(tx), plus.member);
  const posted = await creditFanPayment(
    tx,
    { kind: "subscription", orderId, streamerUserId: order.streamerUserId, currency, amount: order.amount, fee },
    userId,
  );
  if (posted.repeated) return;
  await tx.insert(streamerSubscriptions).values({
    id: randomUUID(),
    streamerId: order.streamerId,
    userId,
    ...period,
    orderId,
    currency,
    amount: order.amount,
    fee,
    transactionId: posted.transactionId,
  });
}

/** A refunded subscription order: its month ends (marked, not deleted) and the streamer's credit is reversed by a new movement. */
async function refundSubscription(tx: Transaction, orderId: string, actorId: string | null, now = new Date()) {
  const [row] = await tx
    .select({
      id: streamerSubscriptions.id,
      amount: streamerSubscriptions.amount,
      fee: streamerSubscriptions.fee,
      currency: streamerSubscriptions.currency,
      refundedAt: streamerSubscriptions.refundedAt,
      streamerUserId: streamers.userId,
    })
    .from(streamerSubscriptions)
    .innerJoin(streamers, eq(streamers.id, streamerSubscriptions.streamerId))
    .where(eq(streamerSubscriptions.orderId, orderId))
    .for("update", { of: streamerSubscriptions });
  if (!row || row.refundedAt || !isCurrency(row.currency)) return;
  await reverseFanPayment(
    tx,
    { kind: "subscription", orderId, streamerUserId: row.streamerUserId, currency: row.currency, amount: row.amount, fee: row.fee },
    actorId,
  );
  await tx.update(streamerSubscriptions).set({ refundedAt: now }).where(eq(streamerSubscriptions.id, row.id));
}

/** Subscription orders: approving one starts (or extends) the month and credits the streamer; refunding reverses both. */
export const subscriptionOrders: OrderKindHandler = {
  kind: "subscription",
  async onTransition({ tx, orderId, userId, to, actorUserId }) {
    if (to === "approved") await startSubscription(tx, orderId, userId);
    else if (to === "refunded") await refundSubscription(tx, orderId, actorUserId);
  },
  async endings(db, list) {
    const ids = list.map((order) => order.id);
    const rows = ids.length
      ? await db
          .select({ orderId: streamerSubscriptionOrders.orderId, handle: streamers.handle, endsAt: streamerSubscriptions.endsAt })
          .from(streamerSubscriptionOrders)
          .innerJoin(streamers, eq(streamers.id, streamerSubscriptionOrders.streamerId))
          .leftJoin(streamerSubscriptions, eq(streamerSubscriptions.orderId, streamerSubscriptionOrders.orderId))
          .where(inArray(streamerSubscriptionOrders.orderId, ids))
      : [];
    const now = new Date();
    return new Map(
      list.flatMap((order): Array<[string, KindEnding]> => {
        const row = rows.find((candidate) => candidate.orderId === order.id);
        if (!row) return [];
        const ended = row.endsAt ? row.endsAt <= now : false;
        return [
          [
            order.id,
            {
              step: "subscribed",
              reached: Boolean(row.endsAt),
              headline: ended ? "subscriptionEnded" : "subscribed",
              values: { handle: { text: `@${row.handle}` }, ...(row.endsAt ? { until: { date: row.endsAt.toISOString() } } : {}) },
              link: { href: `/streamers/${row.handle}`, label: "outcome.seeStreamer" },
            },
          ],
        ];
      }),
    );
  },
};

/* ───────────── Subscriber-only posts ───────────── */

/** The streamer writes a post (title and text already checked); only on their own approved row. */
export async function writePost(db: Database, userId: string, input: { title: string; body: string }) {
  const [row] = await db
    .select({ id: streamers.id })
    .from(streamers)
    .where(and(eq(streamers.userId, userId), eq(streamers.status, "approved")));
  if (!row) throw new StreamerError("NOT_FOUND");
  const id = randomUUID();
  await db.insert(streamerPosts).values({ id, streamerId: row.id, ...input });
  return { id };
}

/** The streamer's latest posts as this reader may see them: the text for the streamer and subscribers, the title for others. */
export async function postsFor(db: Reader, streamerId: string, reader: { own: boolean; subscribed: boolean }) {
  const rows = await db
    .select({ id: streamerPosts.id, title: streamerPosts.title, body: streamerPosts.body, createdAt: streamerPosts.createdAt })
    .from(streamerPosts)
    .where(eq(streamerPosts.streamerId, streamerId))
    .orderBy(desc(streamerPosts.createdAt))
    .limit(20);
  return rows.map((row) => postView(row, reader));
}

/* ───────────── Renewal reminders ───────────── */

/** Subscriptions ending within the reminder window, not yet reminded, not refunded, and not continued by a later month. */
export async function subscriptionsToRemind(db: Database, now = new Date()) {
  const soon = new Date(now.getTime() + SUBSCRIPTION_REMINDER_DAYS * 24 * 60 * 60_000);
  const continues = sql`exists (select 1 from streamer_subscriptions next where next.user_id = ${streamerSubscriptions.userId} and next.streamer_id = ${streamerSubscriptions.streamerId} and next.id <> ${streamerSubscriptions.id} and next.refunded_at is null and next.starts_at <= ${streamerSubscriptions.endsAt} and next.ends_at > ${streamerSubscriptions.endsAt})`;
  return db
    .select({
      id: streamerSubscriptions.id,
      endsAt: streamerSubscriptions.endsAt,
      handle: streamers.handle,
      email: users.email,
      name: users.name,
      language: users.language,
    })
    .from(streamerSubscriptions)
    .innerJoin(users, eq(users.id, streamerSubscriptions.userId))
    .innerJoin(streamers, eq(streamers.id, streamerSubscriptions.streamerId))
    .where(
      and(
        isNull(streamerSubscriptions.reminderSentAt),
        isNull(streamerSubscriptions.refundedAt),
        gt(streamerSubscriptions.endsAt, now),
        lte(streamerSubscriptions.endsAt, soon),
        sql`not ${continues}`,
      ),
    )
    .orderBy(asc(streamerSubscriptions.endsAt))
    .limit(200);
}

export async function markReminded(db: Reader, subscriptionId: string, now = new Date()) {
  await db.update(streamerSubscriptions).set({ reminderSentAt: now }).where(eq(streamerSubscriptions.id, subscriptionId));
}
