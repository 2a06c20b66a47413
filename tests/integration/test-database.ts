import pg from "pg";
import { sql } from "drizzle-orm";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { openDatabase, queryRows, setDatabase, type DatabaseHandle } from "~/lib/db.server";

/**
 * The database integration tests run on: PGlite in memory by default, or the PostgreSQL
 * server of DATABASE_URL. A server database is wiped first, so its name must contain "test".
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = new URL(url).pathname.slice(1);
    if (!/test/i.test(name))
      throw new Error(`Refusing to wipe database "${name}": integration tests need a database whose name contains "test".`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;");
    } finally {
      await client.end();
    }
  }
  const handle = await openDatabase({ url, dataDir: "memory://" });
  setDatabase(handle);
  registerOrderKinds();
  return handle;
}

/** Empties every application table between tests (keeps the migrations). */
export async function resetTables(handle: DatabaseHandle): Promise<void> {
  const rows = await queryRows<{ tablename: string }>(handle.db, sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = rows.map((row) => `"${row.tablename}"`);
  if (names.length) await handle.db.execute(sql.raw(`truncate ${names.join(", ")} restart identity cascade`));
}
