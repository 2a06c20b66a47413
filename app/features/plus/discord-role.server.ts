import { and, eq, gt, lte, sql } from "drizzle-orm";
import { accounts, discordRoles, membershipPeriods, notificationOutbox, users } from "~/db/schema";
import { discordRoleEnabled } from "~/features/notifications/channels.server";
import { queueNotice } from "~/features/notifications/notification-outbox.server";
import type { Database, Transaction } from "~/lib/db.server";
import { isMemberAt } from "./core/membership";
import { periodsOf } from "./periods.server";

/**
 * The Plus premium role in the community Discord server (docs/plus.md). A member who linked Discord
 * has it while the membership lasts. `syncDiscordRole` compares what the person should have (member
 * now and a linked Discord account) with what was last asked of Discord (`discord_roles`) and, when
 * they differ, queues the grant or the removal in the notification outbox, in the caller's
 * transaction: a Discord outage delays the ask, never loses it (the outbox retries). Called when a
 * period starts (order approved, staff grant), when one is taken away (refund, staff end), when
 * Discord is linked, and by the routine for memberships that end by themselves.
 */

/** How many people one routine pass looks at (the rest wait for the next tick). */
export const ROLE_SYNC_BATCH = 200;

async function discordIdOf(tx: Database | Transaction, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "discord")))
    .limit(1);
  return row?.accountId ?? null;
}

/**
 * A newer ask replaces one still waiting for the same Discord user (a grant stuck in retries must not
 * land after the removal that followed it).
 */
async function ask(tx: Database | Transaction, discordUserId: string, action: "grant" | "remove"): Promise<string> {
  await tx
    .update(notificationOutbox)
    .set({ status: "failed", lastError: "superseded by a newer role change" })
    .where(
      and(
        eq(notificationOutbox.channel, "discord_role"),
        eq(notificationOutbox.recipient, discordUserId),
        eq(notificationOutbox.status, "pending"),
      ),
    );
  return queueNotice(tx, { channel: "discord_role", kind: `plusRole.${action}`, recipient: discordUserId, payload: { action } });
}

/** Brings the person's premium role in line with their membership now; answers what was queued. */
export async function syncDiscordRole(tx: Database | Transaction, userId: string, now = new Date()): Promise<"grant" | "remove" | null> {
  if (!discordRoleEnabled()) return null;
  const member = isMemberAt(await periodsOf(tx, userId), now);
  const discordId = member ? await discordIdOf(tx, userId) : null;
  const [current] = await tx.select().from(discordRoles).where(eq(discordRoles.userId, userId));
  const holds = current?.granted ? current.discordUserId : null;
  if (holds === discordId) return null;
  let queued: "grant" | "remove" | null = null;
  let record: { discordUserId: string; granted: boolean; noticeId: string } | null = null;
  // Linked another Discord account, or no longer a member: take it from the account that has it.
  if (holds) {
    record = { discordUserId: holds, granted: false, noticeId: await ask(tx, holds, "remove") };
    queued = "remove";
  }
  if (discordId) {
    record = { discordUserId: discordId, granted: true, noticeId: await ask(tx, discordId, "grant") };
    queued = "grant";
  }
  if (record)
    await tx
      .insert(discordRoles)
      .values({ userId, ...record, updatedAt: now })
      .onConflictDoUpdate({ target: discordRoles.userId, set: { ...record, updatedAt: now } });
  return queued;
}

/**
 * The routine (once across instances): removals for memberships that ended by themselves, and grants
 * for members whose role was never asked for (linked Discord outside the hook, a period that started
 * later). Answers how many people it queued a change for.
 */
export async function syncDiscordRoles(db: Database, now = new Date()): Promise<number> {
  if (!discordRoleEnabled()) return 0;
  const runningPeriod = (userId: typeof users.id | typeof discordRoles.userId) =>
    sql`exists (select 1 from ${membershipPeriods} p where p.user_id = ${userId} and p.starts_at <= ${now.toISOString()}::timestamptz and p.ends_at > ${now.toISOString()}::timestamptz)`;
  const ended = await db
    .select({ userId: discordRoles.userId })
    .from(discordRoles)
    .where(and(eq(discordRoles.granted, true), sql`not ${runningPeriod(discordRoles.userId)}`))
    .limit(ROLE_SYNC_BATCH);
  const missing = await db
    .selectDistinct({ userId: membershipPeriods.userId })
    .from(membershipPeriods)
    .innerJoin(accounts, and(eq(accounts.userId, membershipPeriods.userId), eq(accounts.providerId, "discord")))
    .leftJoin(discordRoles, eq(discordRoles.userId, membershipPeriods.userId))
    .where(
      and(
        lte(membershipPeriods.startsAt, now),
        gt(membershipPeriods.endsAt, now),
        sql`(${discordRoles.userId} is null or ${discordRoles.granted} = false or ${discordRoles.discordUserId} <> ${accounts.accountId})`,
      ),
    )
    .limit(ROLE_SYNC_BATCH);
  let changed = 0;
  for (const userId of new Set([...ended, ...missing].map((row) => row.userId))) {
    const queued = await db.transaction(async (tx) => {
      // One change at a time per person (the same lock as adding a period).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      return syncDiscordRole(tx, userId, now);
    });
    if (queued) changed += 1;
  }
  return changed;
}

export type DiscordRoleState = "off" | "unlinked" | "notMember" | "pending" | "granted" | "failed";

/**
 * What the Plus page and the profile say about the role: not on here, link Discord first, not a
 * member, on its way, given, or refused by Discord (usually: join the server first).
 */
export async function discordRoleOf(db: Database, userId: string, member: boolean): Promise<DiscordRoleState> {
  if (!discordRoleEnabled()) return "off";
  const discordId = await discordIdOf(db, userId);
  if (!discordId) return "unlinked";
  if (!member) return "notMember";
  const [row] = await db
    .select({ granted: discordRoles.granted, discordUserId: discordRoles.discordUserId, status: notificationOutbox.status })
    .from(discordRoles)
    .leftJoin(notificationOutbox, eq(notificationOutbox.id, discordRoles.noticeId))
    .where(eq(discordRoles.userId, userId));
  if (!row || !row.granted || row.discordUserId !== discordId) return "pending";
  return row.status === "sent" ? "granted" : row.status === "failed" ? "failed" : "pending";
}

/**
 * "Reintentar": Discord refused the grant (usually Unknown Member: the person had not joined the
 * server yet). Once they joined, they ask again: the grant is queued anew, under the person's lock,
 * only while the last ask for this account was refused (docs/plus.md). Answers whether it was queued.
 */
export async function retryDiscordRole(db: Database, userId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!discordRoleEnabled() || !isMemberAt(await periodsOf(tx, userId), now)) return false;
    const discordId = await discordIdOf(tx, userId);
    if (!discordId) return false;
    const [row] = await tx
      .select({ granted: discordRoles.granted, discordUserId: discordRoles.discordUserId, status: notificationOutbox.status })
      .from(discordRoles)
      .leftJoin(notificationOutbox, eq(notificationOutbox.id, discordRoles.noticeId))
      .where(eq(discordRoles.userId, userId));
    if (!row?.granted || row.discordUserId !== discordId || row.status !== "failed") return false;
    const noticeId = await ask(tx, discordId, "grant");
    await tx.update(discordRoles).set({ noticeId, updatedAt: now }).where(eq(discordRoles.userId, userId));
    return true;
  });
}
