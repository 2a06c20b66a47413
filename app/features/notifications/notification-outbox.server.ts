import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { notificationOutbox } from "~/db/schema";
import { queryRows, type Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import type { MailWriter } from "~/lib/mail-outbox.server";
import { afterFailure, MAX_RETRY_WAIT_MS, type RetryPolicy } from "~/lib/mail-retry";
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

interface ClaimedNotice {
  id: string;
  seq: number;
  channel: OutboxChannel;
  recipient: string;
  payload: unknown;
  attempts: number;
}

async function claimDue(db: Database, now: Date, limit: number): Promise<ClaimedNotice[]> {
  const leaseEnds = new Date(now.getTime() + NOTICE_LEASE_MS);
  const rows = await queryRows<ClaimedNotice>(
    db,
    sql`update ${notificationOutbox} set attempts = attempts + 1, next_attempt_at = ${leaseEnds.toISOString()}::timestamptz
      where id in (
        select id from ${notificationOutbox}
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, seq
        limit ${limit}
        for update skip locked)
      returning id, seq, channel, recipient, payload, attempts`,
  );
  return rows
    .map((row) => ({
      ...row,
      seq: Number(row.seq),
      attempts: Number(row.attempts),
      payload: typeof row.payload === "string" ? (JSON.parse(row.payload) as unknown) : row.payload,
    }))
    .sort((a, b) => a.seq - b.seq);
}

/** Sends one row through its channel's adapter (replaceable in tests). */
export type NoticeSender = (channel: OutboxChannel, recipient: string, payload: unknown) => Promise<void>;

export const sendThroughAdapter: NoticeSender = (channel, recipient, payload) => {
  if (channel === "whatsapp") return sendWhatsapp(recipient, payload as WhatsappPayload);
  if (channel === "discord_dm") return sendDiscordDm(recipient, payload as DiscordPayload);
  if (channel === "discord_role") return setDiscordRole(recipient, payload as DiscordRolePayload);
  return sendDiscordWebhook(recipient, payload as DiscordPayload);
};

export interface NoticeDeliveryOptions {
  now?: () => Date;
  policy?: RetryPolicy;
  batch?: number;
  stopping?: () => boolean;
  send?: NoticeSender;
}

function policyFromEnv(): RetryPolicy {
  const config = env();
  return { baseMs: config.MAIL_RETRY_BASE_MS, maxMs: MAX_RETRY_WAIT_MS, maxAttempts: config.MAIL_MAX_ATTEMPTS };
}

/** One pass: claims and sends every due row until none is due. Answers how many were sent, retried, given up. */
export async function deliverDueNotices(db: Database, options: NoticeDeliveryOptions = {}) {
  const now = options.now ?? (() => new Date());
  const policy = options.policy ?? policyFromEnv();
  const send = options.send ?? sendThroughAdapter;
  const stopping = options.stopping ?? (() => false);
  const tally = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    if (stopping()) return tally;
    const claimed = await claimDue(db, now(), options.batch ?? 20);
    if (claimed.length === 0) return tally;
    for (const [index, row] of claimed.entries()) {
      if (stopping()) {
        const untried = claimed.slice(index).map((rest) => rest.id);
        await db
          .update(notificationOutbox)
          .set({ attempts: sql`${notificationOutbox.attempts} - 1`, nextAttemptAt: now() })
          .where(and(inArray(notificationOutbox.id, untried), eq(notificationOutbox.status, "pending")));
        return tally;
      }
      try {
        await send(row.channel, row.recipient, row.payload);
      } catch (error) {
        const message = String(error instanceof Error ? error.message : error).slice(0, 500);
        // Refused for good (bad number, unknown template, DMs closed): retrying would not help.
        const permanent = error instanceof ChannelError && !error.retryable;
        const next = permanent ? ({ giveUp: true } as const) : afterFailure(row.attempts, policy, now());
        const retryAt =
          "retryAt" in next && error instanceof ChannelError && error.retryAfterMs
            ? new Date(Math.max(next.retryAt.getTime(), now().getTime() + error.retryAfterMs))
            : "retryAt" in next
              ? next.retryAt
              : null;
        await db
          .update(notificationOutbox)
          .set(retryAt ? { nextAttemptAt: retryAt, lastError: message } : { status: "failed", lastError: message })
          .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.status, "pending")));
        if (retryAt) tally.retried += 1;
        else tally.failed += 1;
        log.warn("notice not delivered", { id: row.id, channel: row.channel, attempts: row.attempts, gaveUp: !retryAt, error: message });
        continue;
      }
      await db.update(notificationOutbox).set({ status: "sent", sentAt: now(), lastError: null }).where(eq(notificationOutbox.id, row.id));
      tally.sent += 1;
    }
  }
}

/* ───────────── The worker: every instance runs one (as the mail worker) ───────────── */

interface WorkerState {
  db: Database;
  pollMs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  dueAt: number;
  running: Promise<void> | undefined;
  again: boolean;
  stopped: boolean;
}

let worker: WorkerState | undefined;

function schedule(state: WorkerState, ms: number) {
  if (state.stopped) return;
  const dueAt = Date.now() + ms;
  if (state.timer && state.dueAt <= dueAt) return;
  clearTimeout(state.timer);
  state.dueAt = dueAt;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    void runPass(state);
  }, ms);
  state.timer.unref();
}

async function runPass(state: WorkerState): Promise<void> {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = (async () => {
    try {
      const tally = await deliverDueNotices(state.db, { stopping: () => state.stopped });
      if (tally.sent + tally.retried + tally.failed > 0) log.info("notice outbox pass", tally);
    } catch (error) {
      log.error("notice outbox pass failed", { error: String(error) });
    }
  })();
  await state.running;
  state.running = undefined;
  const again = state.again;
  state.again = false;
  schedule(state, again ? 0 : state.pollMs);
}

export function startNoticeWorker(db: Database, options: { pollMs?: number } = {}): void {
  if (worker) return;
  worker = { db, pollMs: options.pollMs ?? 2000, timer: undefined, dueAt: 0, running: undefined, again: false, stopped: false };
  schedule(worker, 0);
}

export function nudgeNoticeWorker(): void {
  if (!worker) return;
  if (worker.running) worker.again = true;
  else schedule(worker, 50);
}

export async function stopNoticeWorker(): Promise<void> {
  const state = worker;
  if (!state) return;
  worker = undefined;
  state.stopped = true;
  clearTimeout(state.timer);
  await state.running;
}
