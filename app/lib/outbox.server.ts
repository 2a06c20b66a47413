import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { mailOutbox, notificationOutbox } from "~/db/schema";
import { queryRows, type Database } from "./db.server";
import { env } from "./env.server";
import { log } from "./log.server";
import { MAX_RETRY_WAIT_MS, type RetryPolicy } from "./mail-retry";

/**
 * What the mail outbox (docs/decisions/010-mail-outbox.md) and the notification outbox
 * (docs/notifications.md) share: claiming due rows under a lease, one delivery pass, and the worker
 * every instance runs. Each outbox brings its table, what it reads back, how it sends a row and
 * when a failure is retried.
 */

type OutboxTable = typeof mailOutbox | typeof notificationOutbox;

/** The back-off both outboxes follow, from the environment (MAIL_RETRY_BASE_MS, MAIL_MAX_ATTEMPTS). */
export function retryPolicyFromEnv(): RetryPolicy {
  const config = env();
  return { baseMs: config.MAIL_RETRY_BASE_MS, maxMs: MAX_RETRY_WAIT_MS, maxAttempts: config.MAIL_MAX_ATTEMPTS };
}

/** What every claimed row carries, whatever the outbox. */
export interface ClaimedRow {
  id: string;
  seq: number;
  attempts: number;
}

/**
 * Takes up to `limit` due rows for this worker: rows another worker is claiming are skipped
 * (SKIP LOCKED), and the claimed ones are leased (next_attempt_at moved past the send) so no other
 * worker takes them after this short transaction commits. `returning` names the columns read back.
 */
export async function claimDueRows<Row extends ClaimedRow>(
  db: Database,
  table: OutboxTable,
  returning: SQL,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<Row[]> {
  const leaseEnds = new Date(now.getTime() + leaseMs);
  const rows = await queryRows<Row>(
    db,
    sql`update ${table} set attempts = attempts + 1, next_attempt_at = ${leaseEnds.toISOString()}::timestamptz
      where id in (
        select id from ${table}
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, seq
        limit ${limit}
        for update skip locked)
      returning ${returning}`,
  );
  // RETURNING follows no order: the batch is sent in the order it was queued.
  return rows.map((row) => ({ ...row, seq: Number(row.seq), attempts: Number(row.attempts) })).sort((a, b) => a.seq - b.seq);
}

/** One outbox as the pass and the worker see it. */
export interface Outbox<Row extends ClaimedRow> {
  /** Names it in the log: "mail", "notice". */
  name: string;
  table: OutboxTable;
  claim: (db: Database, now: Date, limit: number) => Promise<Row[]>;
  send: (row: Row) => Promise<void>;
  /** After a failed send: when to try again, or null to give up (the row is marked failed). */
  retryAt: (row: Row, error: unknown, now: Date) => Date | null;
  /** What the log says of a row besides its id and attempts. */
  describe?: (row: Row) => Record<string, unknown>;
}

export interface PassOptions {
  now?: () => Date;
  /** Rows claimed at a time. */
  batch?: number;
  /** Asked between rows: true ends the pass, handing back the claimed rows not yet tried. */
  stopping?: () => boolean;
}

export interface PassTally {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * One pass of a worker: claims and sends every due row (a batch at a time) until none is due.
 * Answers how many were sent, put back for a retry, and given up.
 */
export async function deliverDueRows<Row extends ClaimedRow>(
  db: Database,
  outbox: Outbox<Row>,
  options: PassOptions = {},
): Promise<PassTally> {
  const now = options.now ?? (() => new Date());
  const stopping = options.stopping ?? (() => false);
  const table = outbox.table;
  const tally = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    if (stopping()) return tally;
    const claimed = await outbox.claim(db, now(), options.batch ?? 20);
    if (claimed.length === 0) return tally;
    for (const [index, row] of claimed.entries()) {
      if (stopping()) {
        // Shutting down: the rows not tried are due again at once (for another instance, or this one after restart).
        const untried = claimed.slice(index).map((rest) => rest.id);
        await db
          .update(table)
          .set({ attempts: sql`${table.attempts} - 1`, nextAttemptAt: now() })
          .where(and(inArray(table.id, untried), eq(table.status, "pending")));
        return tally;
      }
      try {
        await outbox.send(row);
      } catch (error) {
        const message = String(error instanceof Error ? error.message : error).slice(0, 500);
        const retryAt = outbox.retryAt(row, error, now());
        await db
          .update(table)
          .set(retryAt ? { nextAttemptAt: retryAt, lastError: message } : { status: "failed", lastError: message })
          .where(and(eq(table.id, row.id), eq(table.status, "pending")));
        if (retryAt) tally.retried += 1;
        else tally.failed += 1;
        log.warn(`${outbox.name} not delivered`, {
          id: row.id,
          ...outbox.describe?.(row),
          attempts: row.attempts,
          gaveUp: !retryAt,
          error: message,
        });
        continue;
      }
      // The one at-least-once point: a crash between the service's acceptance and this mark sends
      // the row again after the lease.
      await db.update(table).set({ status: "sent", sentAt: now(), lastError: null }).where(eq(table.id, row.id));
      tally.sent += 1;
    }
  }
}

/* ───────────── The worker: every instance runs one per outbox ───────────── */

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

export interface OutboxWorker {
  /** Starts this instance's worker: a pass every `pollMs`, and soon after a row is queued here. */
  start: (db: Database, options?: { pollMs?: number }) => void;
  /** A row was queued: the worker looks soon (after the queuing transaction has had time to commit). */
  nudge: () => void;
  /** Stops the worker, waiting for a pass under way to finish (its claimed rows are sent and marked, not left leased). */
  stop: () => Promise<void>;
}

/** The worker of one outbox: `pass` is its delivery pass, `defaultPollMs` how often it looks unless nudged. */
export function outboxWorker(
  name: string,
  pass: (db: Database, stopping: () => boolean) => Promise<PassTally>,
  defaultPollMs: number,
): OutboxWorker {
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
        const tally = await pass(state.db, () => state.stopped);
        if (tally.sent + tally.retried + tally.failed > 0) log.info(`${name} outbox pass`, { ...tally });
      } catch (error) {
        log.error(`${name} outbox pass failed`, { error: String(error) });
      }
    })();
    await state.running;
    state.running = undefined;
    const again = state.again;
    state.again = false;
    schedule(state, again ? 0 : state.pollMs);
  }

  return {
    start(db, options = {}) {
      if (worker) return;
      worker = {
        db,
        pollMs: options.pollMs ?? defaultPollMs,
        timer: undefined,
        dueAt: 0,
        running: undefined,
        again: false,
        stopped: false,
      };
      schedule(worker, 0);
    },
    nudge() {
      if (!worker) return;
      if (worker.running) worker.again = true;
      else schedule(worker, 50);
    },
    async stop() {
      const state = worker;
      if (!state) return;
      worker = undefined;
      state.stopped = true;
      clearTimeout(state.timer);
      await state.running;
    },
  };
}
