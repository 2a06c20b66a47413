import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { schema } from "~/db/schema";
import { peekSingleton, setSingleton, singleton } from "./singleton.server";

/** One query API over both drivers: PGlite and node-postgres build the same SQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * PostgreSQL only: runs `fn` while holding the advisory lock named `name` on a connection of
   * its own, or answers `{ ran: false }` at once when another process holds it.
   */
  tryExclusive?: ExclusiveRunner;
  /**
   * Calls `onPayload` for each notification on `channel` (`pg_notify`, e.g. from a trigger), from
   * every process on the database. `onGap` is called when notices may have been missed (PostgreSQL:
   * the listening connection dropped and was reopened). Resolves once listening; gives the stop.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
}

export type ExclusiveRunner = <T>(name: string, fn: () => Promise<T>) => Promise<{ ran: true; result: T } | { ran: false }>;

// Advisory locks are two ints: this class number, then a hash of the name (migrations use 724101).
const ROUTINE_LOCK_CLASS = 724102;

function advisoryLockRunner(pool: pg.Pool): ExclusiveRunner {
  return async (name, fn) => {
    const client = await pool.connect();
    let locked = false;
    let broken = false;
    try {
      const answer = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, hashtext($2)) as locked", [
        ROUTINE_LOCK_CLASS,
        name,
      ]);
      locked = answer.rows[0]?.locked === true;
      if (!locked) return { ran: false };
      return { ran: true, result: await fn() };
    } finally {
      if (locked) {
        // A connection that could not unlock must not go back to the pool still holding the lock.
        broken = await client.query("select pg_advisory_unlock($1, hashtext($2))", [ROUTINE_LOCK_CLASS, name]).then(
          () => false,
          () => true,
        );
      }
      client.release(broken);
    }
  };
}

const migrationsFolder = path.resolve("app/db/migrations");

/**
 * Who hears each statement's text just before it is sent (drizzle's logger hook): the shared reads
 * drop their copies of a table this process is about to write, so the writer's own next read sees
 * the change without waiting for the database's notice (app/lib/shared-reads.server.ts).
 */
export function observeStatements(observer: (statement: string) => void): () => void {
  statementObservers().add(observer);
  return () => void statementObservers().delete(observer);
}

function statementObservers(): Set<(statement: string) => void> {
  return singleton("statement-observers", () => new Set<(statement: string) => void>());
}

const statementLogger = {
  logQuery(statement: string) {
    for (const observer of statementObservers()) observer(statement);
  },
};

/** The embedded database is open in another live process (PGlite allows one per data directory). */
export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (the server, most likely). ` +
        `Stop it first (one process at a time may open ${dataDir}), or use DATABASE_URL. ` +
        `If no such process runs, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
  }
}

const LOCK_FILE = "pglite.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Marks `dataDir` as open by this process (a pid file beside the database), refusing when another
 * live process holds it. A lock left by a process that died is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const holder = Number.parseInt(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "", 10);
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) throw new DatabaseInUseError(dataDir, holder);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.rmSync(file);
    } catch {
      // already gone
    }
  };
}

/** LISTEN on a connection of its own per channel, reopened 2 s after it drops (then `onGap`). */
export function postgresListener(url: string): DatabaseHandle["listen"] {
  return async (channel, onPayload, onGap) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let client: pg.Client | undefined;
    let stopped = false;
    const open = async (): Promise<void> => {
      const connection = new pg.Client({ connectionString: url });
      client = connection;
      connection.on("notification", (message) => {
        if (message.channel === channel) onPayload(message.payload ?? "");
      });
      connection.on("error", () => {
        connection.end().catch(() => undefined);
        if (stopped || client !== connection) return;
        client = undefined;
        onGap?.();
        setTimeout(() => void open().catch(() => onGap?.()), 2000).unref();
      });
      await connection.connect();
      await connection.query(`listen ${channel}`);
    };
    await open();
    return async () => {
      stopped = true;
      await client?.end().catch(() => undefined);
    };
  };
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite under dataDir
 * (or in memory for dataDir "memory://", started from `loadDataDir` if given). Applies the committed migrations.
 */
export async function openDatabase(options: { url?: string; dataDir: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzleNodePg(pool, { schema, logger: statementLogger });
    // Several processes may start at once against one server: migrate under a lock.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(724101)");
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(724101)").catch(() => undefined);
      client.release();
    }
    return {
      db: db as unknown as Database,
      driver: "postgres",
      close: () => pool.end(),
      tryExclusive: advisoryLockRunner(pool),
      listen: postgresListener(options.url),
    };
  }
  const location = options.dataDir === "memory://" ? undefined : path.join(options.dataDir, "pglite");
  const release = location ? lockDataDir(options.dataDir) : () => undefined;
  try {
    if (location) fs.mkdirSync(location, { recursive: true });
    // A dump of an already migrated database (tests' template) skips initdb and the migrations' work.
    const client = new PGlite(location, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    const db = drizzlePglite(client, { schema, logger: statementLogger });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      driver: "pglite",
      listen: async (channel, onPayload) => {
        const stop = await client.listen(channel, onPayload);
        return () => stop();
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The process-wide database, set once at start-up by server/app.ts (or a test). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  setSingleton("database", handle);
}

export function db(): Database {
  const handle = peekSingleton<DatabaseHandle>("database");
  if (!handle) throw new Error("Database not opened: call openDatabase() at start-up.");
  return handle.db;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. For the rare query the builder can't express. */
export async function queryRows<Row>(database: Database, query: SQL): Promise<Row[]> {
  const result = (await database.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
