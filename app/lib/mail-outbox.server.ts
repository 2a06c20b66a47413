import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { mailOutbox } from "~/db/schema";
import { queryRows, type Database, type Transaction } from "./db.server";
import { env } from "./env.server";
import { log } from "./log.server";
import { mailer, type Mail } from "./mail.server";
import { afterFailure, MAX_RETRY_WAIT_MS, type RetryPolicy } from "./mail-retry";

/**
 * The mail outbox (docs/decisions/010-mail-outbox.md): a state change that owes someone a mail
 * writes it here in its own transaction (`queueMail`), so the mail exists exactly when the change
 * does. The worker on every instance claims due rows (FOR UPDATE SKIP LOCKED, then a lease),
 * sends them with a stable Message-ID, and marks them sent, or schedules a retry with back-off,
 * or after the last attempt marks them failed for staff to resend (/admin/mail).
 */

/** The database or the transaction of the change: a mail is queued inside the change it reports. */
export type MailWriter = Database | Transaction;

export type OutboxStatus = "pending" | "sent" | "failed";

/**
 * How long a claimed row is the claimer's: longer than any one SMTP attempt can take (the SMTP
 * transport's timeouts add up to 40 s), so a live worker never loses a row it is sending; a worker
 * that died frees its rows when the lease ends.
 */
export const MAIL_LEASE_MS = 60_000;

/** The Message-ID of an outbox row: the same on every attempt, so a second delivery is recognisably a copy. */
export function messageIdFor(id: string): string {
  return `<${id}@outbox.arena-latam>`;
}

/** Writes a rendered mail to the outbox, inside the caller's transaction. `kind` names it for staff ("order.approved"). */
export async function queueMail(writer: MailWriter, kind: string, mail: Mail): Promise<string> {
  const id = randomUUID();
  await writer.insert(mailOutbox).values({ id, kind, recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  nudgeMailWorker();
  return id;
}

interface ClaimedMail {
  id: string;
  seq: number;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/**
 * Takes up to `limit` due rows for this worker: rows another worker is claiming are skipped
 * (SKIP LOCKED), and the claimed ones are leased (next_attempt_at moved past the send) so no other
 * worker takes them after this short transaction commits.
 */
async function claimDueMail(db: Database, now: Date, limit: number): Promise<ClaimedMail[]> {
  const leaseEnds = new Date(now.getTime() + MAIL_LEASE_MS);
  const rows = await queryRows<ClaimedMail>(
    db,
    sql`update ${mailOutbox} set attempts = attempts + 1, next_attempt_at = ${leaseEnds.toISOString()}::timestamptz
      where id in (
        select id from ${mailOutbox}
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, seq
        limit ${limit}
        for update skip locked)
      returning id, seq, recipient, subject, text, html, attempts`,
  );
  // RETURNING follows no order: the batch is sent in the order it was queued.
  return rows.map((row) => ({ ...row, seq: Number(row.seq), attempts: Number(row.attempts) })).sort((a, b) => a.seq - b.seq);
}

export interface DeliveryOptions {
  now?: () => Date;
  policy?: RetryPolicy;
  /** Rows claimed at a time. */
  batch?: number;
  /** Asked between mails: true ends the pass, handing back the claimed rows not yet tried. */
  stopping?: () => boolean;
}

function policyFromEnv(): RetryPolicy {
  const config = env();
  return { baseMs: config.MAIL_RETRY_BASE_MS, maxMs: MAX_RETRY_WAIT_MS, maxAttempts: config.MAIL_MAX_ATTEMPTS };
}

/**
 * One pass of the worker: claims and sends every due row (a batch at a time) until none is due.
 * Answers how many were sent, put back for a retry, and given up.
 */
export async function deliverDueMail(db: Database, options: DeliveryOptions = {}) {
  const now = options.now ?? (() => new Date());
  const policy = options.policy ?? policyFromEnv();
  const tally = { sent: 0, retried: 0, failed: 0 };
  const stopping = options.stopping ?? (() => false);
  for (;;) {
    if (stopping()) return tally;
    const claimed = await claimDueMail(db, now(), options.batch ?? 20);
    if (claimed.length === 0) return tally;
    for (const [index, row] of claimed.entries()) {
      if (stopping()) {
        // Shutting down: the rows not tried are due again at once (for another instance, or this one after restart).
        const untried = claimed.slice(index).map((rest) => rest.id);
        await db
          .update(mailOutbox)
          .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: now() })
          .where(and(inArray(mailOutbox.id, untried), eq(mailOutbox.status, "pending")));
        return tally;
      }
      try {
        await mailer().send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html, messageId: messageIdFor(row.id) });
      } catch (error) {
        // SMTP refused or unreachable: try again later, or give up for staff after the last attempt.
        const next = afterFailure(row.attempts, policy, now());
        const message = String(error instanceof Error ? error.message : error).slice(0, 500);
        await db
          .update(mailOutbox)
          .set("giveUp" in next ? { status: "failed", lastError: message } : { nextAttemptAt: next.retryAt, lastError: message })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "pending")));
        if ("giveUp" in next) tally.failed += 1;
        else tally.retried += 1;
        log.warn("mail not delivered", { id: row.id, attempts: row.attempts, gaveUp: "giveUp" in next, error: message });
        continue;
      }
      // The one at-least-once point: a crash between SMTP's acceptance and this mark sends the mail
      // again after the lease (with the same Message-ID).
      await db.update(mailOutbox).set({ status: "sent", sentAt: now(), lastError: null }).where(eq(mailOutbox.id, row.id));
      tally.sent += 1;
    }
  }
}

/* ───────────── The worker: every instance runs one ───────────── */

interface WorkerState {
  db: Database;
  pollMs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** When the timer fires. */
  dueAt: number;
  running: Promise<void> | undefined;
  again: boolean;
  stopped: boolean;
}

let worker: WorkerState | undefined;

/** The next pass in `ms`, unless one is already due sooner (so a stream of nudges cannot keep postponing it). */
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
    // A pass is under way: one more right after it, for rows queued meanwhile.
    state.again = true;
    return;
  }
  state.running = (async () => {
    try {
      const tally = await deliverDueMail(state.db, { stopping: () => state.stopped });
      if (tally.sent + tally.retried + tally.failed > 0) log.info("mail outbox pass", tally);
    } catch (error) {
      log.error("mail outbox pass failed", { error: String(error) });
    }
  })();
  await state.running;
  state.running = undefined;
  const again = state.again;
  state.again = false;
  schedule(state, again ? 0 : state.pollMs);
}

/** Starts this instance's worker: a pass every `pollMs`, and soon after a mail is queued here. */
export function startMailWorker(db: Database, options: { pollMs?: number } = {}): void {
  if (worker) return;
  worker = { db, pollMs: options.pollMs ?? 1000, timer: undefined, dueAt: 0, running: undefined, again: false, stopped: false };
  schedule(worker, 0);
}

/** A mail was queued: the worker looks soon (after the queuing transaction has had time to commit). */
export function nudgeMailWorker(): void {
  if (!worker) return;
  if (worker.running) worker.again = true;
  else schedule(worker, 50);
}

/** Stops the worker, waiting for a pass under way to finish (its claimed rows are sent and marked, not left leased). */
export async function stopMailWorker(): Promise<void> {
  const state = worker;
  if (!state) return;
  worker = undefined;
  state.stopped = true;
  clearTimeout(state.timer);
  await state.running;
}

/* ───────────── Staff: what is waiting or failed, and resending ───────────── */

export const OUTBOX_PAGE_SIZE = 50;

/** Failed and waiting mails (or one status), newest first, a page at a time (keyset on the queuing order). */
export async function listOutbox(db: Database, status: OutboxStatus | "attention", beforeSeq: number | null) {
  const statuses: OutboxStatus[] = status === "attention" ? ["failed", "pending"] : [status];
  return db
    .select({
      id: mailOutbox.id,
      seq: mailOutbox.seq,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, statuses), beforeSeq ? lt(mailOutbox.seq, beforeSeq) : undefined))
    .orderBy(desc(mailOutbox.seq))
    .limit(OUTBOX_PAGE_SIZE);
}

/** How many mails are failed and pending (the page's counters). */
export async function outboxCounts(db: Database): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ["pending", "failed"]))
    .groupBy(mailOutbox.status);
  const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status as OutboxStatus] = Number(row.count);
  return counts;
}

/**
 * Puts a failed mail back in the queue for another round of attempts, now. Answers what it was
 * before, or null when there is no such mail or it is not failed (a sent one is not sent again: its
 * Message-ID would make the copy look like a duplicate to the recipient's provider).
 */
export async function requeueMail(tx: MailWriter, id: string, now = new Date()) {
  const [before] = await tx
    .select({ status: mailOutbox.status, attempts: mailOutbox.attempts, recipient: mailOutbox.recipient, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .for("update");
  if (!before || before.status !== "failed") return null;
  await tx.update(mailOutbox).set({ status: "pending", attempts: 0, nextAttemptAt: now, lastError: null }).where(eq(mailOutbox.id, id));
  nudgeMailWorker();
  return before;
}
