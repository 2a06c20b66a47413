import { periodsOf } from "./periods.server";
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { membershipPeriods, settings, users } from "~/db/schema";
import { usdToVes } from "~/domain/money";
import { currencyFor } from "~/domain/payment-methods";
import type { KindEnding } from "~/features/orders/core/outcome";
import type { OrderKindHandler } from "~/features/orders/order-kind-registry.server";
import { createOrder, type PaidCheckout } from "~/features/orders/orders.server";
import type { Database, Transaction } from "~/lib/db.server";
import {
  DEFAULT_PLUS_MONTHS,
  DEFAULT_PLUS_PRICE_CENTS,
  REMINDER_DAYS,
  isMemberAt,
  memberUntil,
  nextPeriod,
  type Period,
} from "./core/membership";
import { syncDiscordRole } from "./discord-role.server";
import { forgetCachedUser } from "~/features/auth/session-cache.server";

export const PLUS_PRICE_KEY = "plus_price_usd_cents";
export const PLUS_MONTHS_KEY = "plus_months";

/** Price (USD cents) and length (months) of one Plus purchase: settings, else $5 for one month. */
export async function plusOffer(db: Database | Transaction): Promise<{ priceUsd: number; months: number }> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [PLUS_PRICE_KEY, PLUS_MONTHS_KEY]));
  const value = (key: string, fallback: number) => {
    const number = Number(rows.find((row) => row.key === key)?.value);
    return Number.isInteger(number) && number > 0 ? number : fallback;
  };
  return { priceUsd: value(PLUS_PRICE_KEY, DEFAULT_PLUS_PRICE_CENTS), months: value(PLUS_MONTHS_KEY, DEFAULT_PLUS_MONTHS) };
}

/** Whether the user is a member now, until when, and every period they have had. */
export async function membershipOf(db: Database | Transaction, userId: string, now = new Date()) {
  const periods = await periodsOf(db, userId);
  return { member: isMemberAt(periods, now), until: memberUntil(periods, now), periods };
}

/** Members among these users right now (for badges in lists). */
export async function membersAmong(db: Database, userIds: readonly string[], now = new Date()): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: membershipPeriods.userId })
    .from(membershipPeriods)
    .where(
      and(
        inArray(membershipPeriods.userId, [...new Set(userIds)]),
        lte(membershipPeriods.startsAt, now),
        gt(membershipPeriods.endsAt, now),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** Creates the order for one Plus purchase, priced here (Bs at the stored rate for Pago Móvil); idempotent by the form's key. */
export async function buyPlus(db: Database, input: PaidCheckout & { label: string }) {
  const { priceUsd } = await plusOffer(db);
  const currency = currencyFor(input.method);
  return createOrder(db, {
    userId: input.userId,
    kind: "plus",
    paymentMethod: input.method,
    currency,
    amount: currency === "VES" ? usdToVes(priceUsd, input.exchangeRate) : priceUsd,
    amountUsd: priceUsd,
    exchangeRate: currency === "VES" ? input.exchangeRate : null,
    phone: input.phone,
    email: input.email,
    expiresAt: input.expiresAt,
    idempotencyKey: input.idempotencyKey ?? null,
    items: [{ label: input.label, unitAmount: priceUsd, quantity: 1 }],
  });
}

/** Adds `months` to the user's membership (from now, or from the end of the running one), under the user's row lock. */
async function addPeriod(
  tx: Transaction,
  userId: string,
  months: number,
  origin: { orderId?: string; grantedBy?: string; note?: string },
  now = new Date(),
) {
  // Two approvals for one person at once must not both start at the same end.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const period = nextPeriod(await periodsOf(tx, userId), now, months);
  await tx.insert(membershipPeriods).values({
    id: randomUUID(),
    userId,
    ...period,
    orderId: origin.orderId ?? null,
    grantedBy: origin.grantedBy ?? null,
    note: origin.note ?? null,
  });
  // Each write to someone's periods drops this process's remembered copy (isPlusMember) at once; the
  // database's notice at commit drops it on every instance, with any copy read in between.
  forgetCachedUser(userId);
  return period;
}

/** Plus orders: approving one starts (or extends) the membership; refunding it takes that period away. */
export const plusOrders: OrderKindHandler = {
  kind: "plus",
  async onTransition({ tx, orderId, userId, to }) {
    if (to === "approved") {
      const { months } = await plusOffer(tx);
      await addPeriod(tx, userId, months, { orderId });
      // The Discord premium role is asked for in the same transaction (delivered by the outbox).
      await syncDiscordRole(tx, userId);
    } else if (to === "refunded") {
      await tx.delete(membershipPeriods).where(eq(membershipPeriods.orderId, orderId));
      forgetCachedUser(userId);
      await syncDiscordRole(tx, userId);
    }
  },
  mailTemplate: (to) => (to === "approved" ? "plusStarted" : undefined),
  // The period an approved purchase added: "Plus active until …" (or ended, once past).
  async endings(db, orders) {
    const ids = orders.map((order) => order.id);
    const periods = ids.length
      ? await db
          .select({ orderId: membershipPeriods.orderId, endsAt: membershipPeriods.endsAt })
          .from(membershipPeriods)
          .where(inArray(membershipPeriods.orderId, ids))
      : [];
    const now = new Date();
    return new Map(
      orders.map((order): [string, KindEnding] => {
        const period = periods.find((row) => row.orderId === order.id);
        const ended = period ? period.endsAt <= now : false;
        return [
          order.id,
          {
            step: "plusActive",
            reached: Boolean(period),
            headline: ended ? "plusEnded" : "plusActive",
            values: period ? { until: { date: period.endsAt.toISOString() } } : {},
            link: { href: "/plus", label: "outcome.seePlus" },
          },
        ];
      }),
    );
  },
};

/** Staff give months of Plus by hand (a gift, a prize, a goodwill gesture); `alongside` runs in the same transaction (the audit row). */
export async function grantPlus(
  db: Database,
  input: { userId: string; staffId: string; months: number; note: string },
  alongside?: (tx: Transaction, period: Period) => Promise<unknown>,
) {
  return db.transaction(async (tx) => {
    const period = await addPeriod(tx, input.userId, input.months, { grantedBy: input.staffId, note: input.note });
    await syncDiscordRole(tx, input.userId);
    await alongside?.(tx, period);
    return period;
  });
}

/** Staff end a membership now (e.g. refunded outside the platform): running periods end now, future ones go. */
export async function endPlus(db: Database, input: { userId: string; now?: Date }, alongside?: (tx: Transaction) => Promise<unknown>) {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    await alongside?.(tx);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    const future = await tx
      .delete(membershipPeriods)
      .where(and(eq(membershipPeriods.userId, input.userId), gt(membershipPeriods.startsAt, now)))
      .returning({ id: membershipPeriods.id });
    const running = await tx
      .update(membershipPeriods)
      .set({ endsAt: now, endedMailSentAt: now })
      .where(and(eq(membershipPeriods.userId, input.userId), lte(membershipPeriods.startsAt, now), gt(membershipPeriods.endsAt, now)))
      .returning({ id: membershipPeriods.id });
    forgetCachedUser(input.userId);
    await syncDiscordRole(tx, input.userId, now);
    return { ended: running.length, removed: future.length };
  });
}

/**
 * Memberships to mail about: those ending within REMINDER_DAYS (reminder not yet sent) and those that
 * have just ended (ended mail not yet sent), in both cases only when no later period continues them.
 */
export async function membershipsToMail(db: Database, now = new Date()) {
  const soon = new Date(now.getTime() + REMINDER_DAYS * 24 * 60 * 60_000);
  const continues = sql`exists (select 1 from membership_periods next where next.user_id = ${membershipPeriods.userId} and next.id <> ${membershipPeriods.id} and next.starts_at <= ${membershipPeriods.endsAt} and next.ends_at > ${membershipPeriods.endsAt})`;
  const columns = {
    id: membershipPeriods.id,
    userId: membershipPeriods.userId,
    endsAt: membershipPeriods.endsAt,
    email: users.email,
    name: users.name,
    language: users.language,
  };
  const reminders = await db
    .select(columns)
    .from(membershipPeriods)
    .innerJoin(users, eq(users.id, membershipPeriods.userId))
    .where(
      and(
        isNull(membershipPeriods.reminderSentAt),
        gt(membershipPeriods.endsAt, now),
        lte(membershipPeriods.endsAt, soon),
        sql`not ${continues}`,
      ),
    )
    .orderBy(asc(membershipPeriods.endsAt))
    .limit(200);
  const ended = await db
    .select(columns)
    .from(membershipPeriods)
    .innerJoin(users, eq(users.id, membershipPeriods.userId))
    .where(and(isNull(membershipPeriods.endedMailSentAt), lte(membershipPeriods.endsAt, now), sql`not ${continues}`))
    .orderBy(asc(membershipPeriods.endsAt))
    .limit(200);
  return { reminders, ended };
}

export async function markMailed(db: Database, periodId: string, which: "reminder" | "ended", now = new Date()) {
  await db
    .update(membershipPeriods)
    .set(which === "reminder" ? { reminderSentAt: now } : { endedMailSentAt: now })
    .where(eq(membershipPeriods.id, periodId));
}

export type { Period };
