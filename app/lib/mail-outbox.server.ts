import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { mailOutbox } from "~/db/schema";
import type { Database, Transaction } from "./db.server";
import { mailer, type Mail } from "./mail.server";
import { afterFailure, type RetryPolicy } from "./mail-retry";
import {
  claimDueRows,
  deliverDueRows,
  outboxWorker,
  retryPolicyFromEnv,
  type ClaimedRow,
  type Outbox,
  type PassOptions,
} from "./outbox.server";

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

interface ClaimedMail extends ClaimedRow {
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

export interface DeliveryOptions extends PassOptions {
  policy?: RetryPolicy;
}

/** The mail outbox for the shared pass: sent with its stable Message-ID; SMTP's refusals are retried until the attempts run out. */
function mailOutboxOf(policy: RetryPolicy): Outbox<ClaimedMail> {
  return {
    name: "mail",
    table: mailOutbox,
    claim: (db, now, limit) =>
      claimDueRows(db, mailOutbox, sql`id, seq, recipient, subject, text, html, attempts`, now, limit, MAIL_LEASE_MS),
    send: (row) =>
      mailer().send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html, messageId: messageIdFor(row.id) }),
    // SMTP refused or unreachable: try again later, or give up for staff after the last attempt.
    retryAt: (row, _error, now) => {
      const next = afterFailure(row.attempts, policy, now);
      return "giveUp" in next ? null : next.retryAt;
    },
  };
}

/**
 * One pass of the worker: claims and sends every due row (a batch at a time) until none is due.
 * Answers how many were sent, put back for a retry, and given up. A crash between SMTP's acceptance
 * and the mark sends the mail again after the lease, with the same Message-ID.
 */
export async function deliverDueMail(db: Database, options: DeliveryOptions = {}) {
  return deliverDueRows(db, mailOutboxOf(options.policy ?? retryPolicyFromEnv()), options);
}

/* ───────────── The worker: every instance runs one ───────────── */

const worker = outboxWorker("mail", (db, stopping) => deliverDueMail(db, { stopping }), 1000);

/** Starts this instance's worker: a pass every `pollMs` (1 s by default), and soon after a mail is queued here. */
export const startMailWorker = worker.start;
/** A mail was queued: the worker looks soon (after the queuing transaction has had time to commit). */
export const nudgeMailWorker = worker.nudge;
/** Stops the worker, waiting for a pass under way to finish (its claimed rows are sent and marked, not left leased). */
export const stopMailWorker = worker.stop;

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
