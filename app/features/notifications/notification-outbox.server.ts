import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { notificationOutbox } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import type { MailWriter } from "~/lib/mail-outbox.server";
import { afterFailure, type RetryPolicy } from "~/lib/mail-retry";
import { claimDueRows, deliverDueRows, outboxWorker, retryPolicyFromEnv, type ClaimedRow, type PassOptions } from "~/lib/outbox.server";
import { ChannelError, sendDiscordDm, sendDiscordWebhook, sendWhatsapp, setDiscordRole } from "./channels.server";
import type { DiscordPayload, DiscordRolePayload, OutboxChannel, WhatsappPayload } from "./core/notices";

/**
 * The notification outbox (docs/notifications.md): the mail outbox's pattern for WhatsApp and
 * Discord. A notice is written in the transaction of the change it reports (`queueNotice`); the
 * worker claims due rows (FOR UPDATE SKIP LOCKED, then a lease), sends them through the channel's
 * adapter and marks them sent, or retries with back-off while the channel is down, or marks them
 * failed when the service refuses them for good or the attempts run out. A channel that is down
 * delays its notices; it never loses one, and a row is marked sent once, so none is sent twice
 * (except the at-least-once window between the service's answer and the mark, as with mail).
 */

export type QueuedNotice =
  | { channel: "whatsapp"; kind: string; recipient: string; payload: WhatsappPayload }
  | { channel: "discord_dm" | "discord_webhook"; kind: string; recipient: string; payload: DiscordPayload }
  | { channel: "discord_role"; kind: string; recipient: string; payload: DiscordRolePayload };

/** How long a claimed row is its worker's: longer than an adapter's two 10-second requests. */
export const NOTICE_LEASE_MS = 60_000;

export async function queueNotice(writer: MailWriter, notice: QueuedNotice): Promise<string> {
  const id = randomUUID();
  await writer.insert(notificationOutbox).values({ id, ...notice });
  nudgeNoticeWorker();
  return id;
}

interface ClaimedNotice extends ClaimedRow {
  channel: OutboxChannel;
  recipient: string;
  payload: unknown;
}

async function claimDue(db: Database, now: Date, limit: number): Promise<ClaimedNotice[]> {
  const rows = await claimDueRows<ClaimedNotice>(
    db,
    notificationOutbox,
    sql`id, seq, channel, recipient, payload, attempts`,
    now,
    limit,
    NOTICE_LEASE_MS,
  );
  return rows.map((row) => ({ ...row, payload: typeof row.payload === "string" ? (JSON.parse(row.payload) as unknown) : row.payload }));
}

/** Sends one row through its channel's adapter (replaceable in tests). */
export type NoticeSender = (channel: OutboxChannel, recipient: string, payload: unknown) => Promise<void>;

export const sendThroughAdapter: NoticeSender = (channel, recipient, payload) => {
  if (channel === "whatsapp") return sendWhatsapp(recipient, payload as WhatsappPayload);
  if (channel === "discord_dm") return sendDiscordDm(recipient, payload as DiscordPayload);
  if (channel === "discord_role") return setDiscordRole(recipient, payload as DiscordRolePayload);
  return sendDiscordWebhook(recipient, payload as DiscordPayload);
};

export interface NoticeDeliveryOptions extends PassOptions {
  policy?: RetryPolicy;
  send?: NoticeSender;
}

/** When a failed notice is tried again, or null to give up. */
function noticeRetryAt(row: ClaimedNotice, error: unknown, policy: RetryPolicy, now: Date): Date | null {
  // Refused for good (bad number, unknown template, DMs closed): retrying would not help.
  if (error instanceof ChannelError && !error.retryable) return null;
  const next = afterFailure(row.attempts, policy, now);
  if ("giveUp" in next) return null;
  // The service asked for a longer wait (a rate limit's Retry-After): not before it.
  if (error instanceof ChannelError && error.retryAfterMs)
    return new Date(Math.max(next.retryAt.getTime(), now.getTime() + error.retryAfterMs));
  return next.retryAt;
}

/** One pass: claims and sends every due row until none is due. Answers how many were sent, retried, given up. */
export async function deliverDueNotices(db: Database, options: NoticeDeliveryOptions = {}) {
  const policy = options.policy ?? retryPolicyFromEnv();
  const send = options.send ?? sendThroughAdapter;
  return deliverDueRows<ClaimedNotice>(
    db,
    {
      name: "notice",
      table: notificationOutbox,
      claim: claimDue,
      send: (row) => send(row.channel, row.recipient, row.payload),
      retryAt: (row, error, now) => noticeRetryAt(row, error, policy, now),
      describe: (row) => ({ channel: row.channel }),
    },
    options,
  );
}

/* ───────────── The worker: every instance runs one (as the mail worker) ───────────── */

const worker = outboxWorker("notice", (db, stopping) => deliverDueNotices(db, { stopping }), 2000);

export const startNoticeWorker = worker.start;
export const nudgeNoticeWorker = worker.nudge;
export const stopNoticeWorker = worker.stop;
