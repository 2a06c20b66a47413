import { db as processDatabase, type Database } from "~/lib/db.server";
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

interface Entry {
  tables: readonly string[];
  value: Promise<unknown>;
  readAt: number;
}

class SharedReads {
  entries = new Map<string, Entry>();
  /** Counts the changes heard: a read that overlapped one may be of the old rows, so it is not kept. */
  changes = 0;

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
  return singleton("shared-reads", () => new SharedReads());
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

/** `load()`'s answer for `key`, read once and shared until one of `tables` changes. */
export async function sharedRead<Value>(
  database: Database,
  tables: readonly string[],
  key: string,
  load: () => Promise<Value>,
): Promise<Value> {
  if (database !== processDatabase()) return load();
  const reads = store();
  const canKeep = await listenForChanges(
    TABLE_CHANGED_CHANNEL,
    (table) => reads.tableChanged(table),
    () => reads.clear(),
  );
  if (!canKeep) return load();
  const kept = reads.entries.get(key);
  if (kept && Date.now() - kept.readAt < KEEP_MS) return kept.value as Promise<Value>;
  const changesBefore = reads.changes;
  const value = load();
  const entry = { tables, value, readAt: Date.now() };
  reads.entries.set(key, entry);
  value.then(
    () => {
      // Changed while it was read: the copy may be of the old rows.
      if (reads.changes !== changesBefore && reads.entries.get(key) === entry) reads.entries.delete(key);
    },
    () => reads.entries.get(key) === entry && reads.entries.delete(key),
  );
  return value;
}
