import { db as processDatabase, observeStatements, type Database } from "~/lib/db.server";
import { listenForChanges } from "~/lib/change-notices.server";
import { singleton } from "~/lib/singleton.server";

/**
 * What almost every page reads and staff rarely change (payment methods, the exchange rate, the
 * store's games and packages), kept in this process until the database says one of its tables
 * changed: a statement trigger on each sends `pg_notify('table_changed', table)` (migration 0008),
 * whoever wrote it, on any instance. Reads inside a transaction, or on another database than the
 * process's (tests passing their own), are never served from here.
 */
export const TABLE_CHANGED_CHANNEL = "table_changed";
/** A copy is read again after this long even without a notice (a trigger dropped by hand, say). */
const KEEP_MS = 5 * 60_000;

/** Copies kept at most (keys may name a tournament: ids that do not exist must not grow the map without end). */
const MAX_ENTRIES = 1000;

/** The tables a statement writes: `insert into "t"`, `update "t"`, `delete from "t"`, `truncate` (every table). */
const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;
const TRUNCATE = /^\s*truncate\b/i;
/** A statement that begins with `select` writes nothing (a writing CTE begins with `with`). */
const READ = /^\s*select\b/i;

interface Entry {
  tables: readonly string[];
  value: Promise<unknown>;
  readAt: number;
}

class SharedReads {
  entries = new Map<string, Entry>();
  /** Counts the changes heard: a read that overlapped one may be of the old rows, so it is not kept. */
  changes = 0;
  /** Every table some copy was read from: writes to others (orders, sessions…) change nothing here. */
  watched = new Set<string>();

  /** A statement this process is about to send: the copies of the tables it writes go now. */
  statement(text: string) {
    // Most statements are plain reads: no need to scan their text for a write (a page's many selects, issue 31).
    if (READ.test(text)) return;
    if (TRUNCATE.test(text)) return this.clear();
    for (const [, table] of text.matchAll(WRITE)) if (this.watched.has(table!)) this.tableChanged(table!);
  }

  tableChanged(table: string) {
    this.changes += 1;
    for (const [key, entry] of this.entries) if (entry.tables.includes(table)) this.entries.delete(key);
  }

  clear() {
    this.changes += 1;
    this.entries.clear();
  }
}

function store(): SharedReads {
  return singleton("shared-reads", () => {
    const reads = new SharedReads();
    observeStatements((text) => reads.statement(text));
    return reads;
  });
}

/**
 * Runs a write to shared tables and drops this process's copies of them once it is done. The
 * trigger's notice does that on every instance, a moment after the commit; this makes the writer's
 * own next read (staff saving a rate, then seeing it) see the change at once.
 */
export async function writingShared<Result>(tables: readonly string[], write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } finally {
    const reads = store();
    for (const table of tables) reads.tableChanged(table);
  }
}

/**
 * `load()`'s answer for `key`, read once and shared until one of `tables` changes (or `keepMs` has
 * passed: an answer that also depends on the clock, such as "registration closes in…", keeps no longer).
 * The answer is shared by every caller: it must not depend on who asks, and nobody may change it.
 */
export async function sharedRead<Value>(
  database: Database,
  tables: readonly string[],
  key: string,
  load: () => Promise<Value>,
  { keepMs = KEEP_MS }: { keepMs?: number } = {},
): Promise<Value> {
  if (database !== processDatabase()) return load();
  const reads = store();
  for (const table of tables) reads.watched.add(table);
  const canKeep = await listenForChanges(
    TABLE_CHANGED_CHANNEL,
    (table) => reads.tableChanged(table),
    () => reads.clear(),
  );
  if (!canKeep) return load();
  const kept = reads.entries.get(key);
  if (kept && Date.now() - kept.readAt < keepMs) return kept.value as Promise<Value>;
  const changesBefore = reads.changes;
  // A drizzle query is a thenable that runs again on every `then`: made a promise here, it runs once.
  const value = Promise.resolve(load());
  const entry = { tables, value, readAt: Date.now() };
  reads.entries.delete(key);
  reads.entries.set(key, entry);
  // The oldest read goes first (a Map keeps the order of insertion).
  if (reads.entries.size > MAX_ENTRIES) reads.entries.delete(reads.entries.keys().next().value!);
  value.then(
    () => {
      // Changed while it was read: the copy may be of the old rows.
      if (reads.changes !== changesBefore && reads.entries.get(key) === entry) reads.entries.delete(key);
    },
    () => reads.entries.get(key) === entry && reads.entries.delete(key),
  );
  return value;
}
