import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach } from "vitest";
import pg from "pg";
import { sql } from "drizzle-orm";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { stopListeningForChanges } from "~/lib/change-notices.server";
import { openDatabase, queryRows, setDatabase, type DatabaseHandle } from "~/lib/db.server";

/**
 * The database integration tests run on: PGlite in memory by default, or the PostgreSQL
 * server of DATABASE_URL. Files run in parallel, so on a server each Vitest worker has a database of
 * its own (`<name>_w<worker>`, created when missing). A server database is wiped first, so its name
 * must contain "test".
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = await testDatabaseUrl();
  const handle = url ? await openServerDatabase(url) : await openDatabase({ dataDir: "memory://", loadDataDir: await pgliteTemplate() });
  setDatabase(handle);
  registerOrderKinds();
  // The process's change listeners belong to this database: a file's listening connection left open
  // would go on feeding the next file's copies (files share a worker) and hold a server connection.
  const close = handle.close;
  handle.close = async () => {
    await stopListeningForChanges();
    await close();
  };
  return handle;
}

const MIGRATIONS = path.resolve("app/db/migrations");

/** The committed migrations, by content: a template or a schema made from other ones is not reused. */
function migrationsDigest(): string {
  const hash = createHash("sha256");
  for (const name of fs.readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated PGlite database, dumped once per set of migrations and loaded by every file: a fresh
 * one runs initdb and every migration, seconds of CPU per file.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `arena-test-template-${migrationsDigest()}.tar`);
  if (!fs.existsSync(file)) {
    const fresh = await openDatabase({ dataDir: "memory://" });
    try {
      const dump = await (fresh.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
      // Written aside and renamed: a file run beside this one never reads half a template.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await fresh.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * This worker's server database: kept when an earlier file migrated it with the same migrations (its
 * rows are emptied), made again otherwise.
 */
async function openServerDatabase(url: string): Promise<DatabaseHandle> {
  const digest = migrationsDigest();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let current = false;
  try {
    const made = await client.query<{ digest: string }>("select obj_description('public'::regnamespace, 'pg_namespace') as digest");
    current = made.rows[0]?.digest === digest;
    if (!current) await client.query("drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;");
  } finally {
    await client.end();
  }
  const handle = await openDatabase({ url, dataDir: "memory://" });
  if (current) await resetTables(handle);
  else await handle.db.execute(sql.raw(`comment on schema public is '${digest}'`));
  return handle;
}

/** The PostgreSQL database this worker's tests use (undefined on PGlite). */
export async function testDatabaseUrl(): Promise<string | undefined> {
  return process.env.DATABASE_URL ? workerDatabase(process.env.DATABASE_URL) : undefined;
}

/** This worker's own database beside DATABASE_URL's, created on first use. */
async function workerDatabase(url: string): Promise<string> {
  const base = new URL(url);
  const name = base.pathname.slice(1);
  if (!/test/i.test(name))
    throw new Error(`Refusing to wipe database "${name}": integration tests need a database whose name contains "test".`);
  const worker = process.env.VITEST_POOL_ID ?? "1";
  const own = new URL(url);
  own.pathname = `/${name}_w${worker}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [`${name}_w${worker}`]);
    if (exists.rowCount === 0) await client.query(`create database "${name}_w${worker}"`);
  } catch (error) {
    // Another run created it between the look and the create.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await client.end();
  }
  return own.toString();
}

/** Empties every application table between tests (keeps the migrations). */
export async function resetTables(handle: DatabaseHandle): Promise<void> {
  const rows = await queryRows<{ tablename: string }>(handle.db, sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = rows.map((row) => `"${row.tablename}"`);
  if (names.length) await handle.db.execute(sql.raw(`truncate ${names.join(", ")} restart identity cascade`));
}

/**
 * The set-up every integration file shares: the database opened once for the file, every table
 * emptied before each test (unless `resetEachTest: false`), closed at the end. Call it at the top of
 * the file, before the file's own hooks, so they run on the emptied tables.
 */
export function useTestDatabase({ resetEachTest = true }: { resetEachTest?: boolean } = {}): DatabaseHandle {
  let current: DatabaseHandle | undefined;
  beforeAll(async () => {
    current = await openTestDatabase();
  });
  afterAll(async () => {
    await current?.close();
  });
  if (resetEachTest) beforeEach(() => resetTables(current!));
  // The handle exists only once beforeAll ran; tests read it through this stand-in.
  return new Proxy({} as DatabaseHandle, {
    get(_, key) {
      if (!current) throw new Error("useTestDatabase: the database is opened in beforeAll; read it inside a hook or test");
      const value = Reflect.get(current, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
