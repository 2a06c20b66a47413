// Part of `npm run bench` (with BENCH_DATABASE_URL): how the order lists scale from 1k to 1M orders
// on PostgreSQL. Each list is read through its real function (the staff queue, the staff queue
// filtered, a deep page of each, a user's first and deep page), p50 over repeated reads, at 1k
// orders and again at 1M; prints one JSON line with both and the ratio. Wipes the database given.
import { sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { seedDemoData } from "~/db/seed";
import { FIRST_PAGE, type PageAsk } from "~/domain/page-cursor";
import { listOrdersForStaff, listOrdersOfUser } from "~/features/orders/orders.server";
import { openDatabase, queryRows, type Database } from "~/lib/db.server";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required (a PostgreSQL database whose name contains test or bench)");
const name = new URL(url).pathname.slice(1);
if (!/test|bench/i.test(name)) throw new Error(`Refusing to wipe database "${name}"`);
const SIZES = (process.env.BENCH_LIST_SIZES ?? "1000,1000000").split(",").map(Number);
const READS = Number(process.env.BENCH_LIST_READS ?? 200);
const USERS = 1000;
// One busy buyer holds the first 60 orders and 1% of the rest, so their first and deep pages are
// full pages (21 rows read) at every size.
const BUSY = "bench-busy";

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query("drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;");
await client.end();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-lists-"));
const handle = await openDatabase({ url, dataDir });
const db = handle.db;

async function addOrders(from: number, to: number) {
  // Statuses as a live shop has them: most orders done, a few waiting; changes spread over a year.
  await db.execute(sql`
    with placed as (
      insert into orders (id, user_id, kind, status, payment_method, currency, amount, amount_usd, phone, email, created_at, updated_at)
      select gen_random_uuid()::text,
             case when i < 60 or i % 100 = 0 then ${BUSY}::text else 'bench-' || (i % ${USERS}::int) end,
             'store',
             case when i % 10 < 6 then 'fulfilled' when i % 10 = 6 then 'proof_submitted' when i % 10 = 7 then 'expired'
                  when i % 10 = 8 then 'approved' else 'initiated' end,
             (array['pago_movil','binance','paypal'])[1 + i % 3], 'USD', 300, 300, '04141234567', 'bench@example.com',
             t - interval '1 hour', t
      from (select i, now() - random() * interval '365 days' as t from generate_series(${from}::int, ${to - 1}::int) as i) as g
      returning id)
    insert into order_items (id, order_id, label, unit_amount, quantity)
    select gen_random_uuid()::text, id, 'Free Fire · 341 Diamantes', 300, 1 from placed`);
  // As autovacuum leaves a table in steady state: statistics, and the visibility map index-only scans read.
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`analyze`);
}

/** The cursor of the row at `position` of a list ordered by (column, id). */
async function cursorAt(where: ReturnType<typeof sql>, column: "updated_at" | "created_at", direction: "asc" | "desc", position: number) {
  const [row] = await queryRows<{ at: string; id: string }>(
    db,
    sql`select ${sql.raw(column)}::text as at, id from orders where ${where} order by ${sql.raw(`${column} ${direction}, id ${direction}`)} offset ${position} limit 1`,
  );
  return row ? ({ cursor: row, toward: "next" } satisfies PageAsk) : FIRST_PAGE;
}

async function p50(read: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return +times[Math.floor(times.length / 2)]!.toFixed(2);
}

async function measure(database: Database, total: number) {
  const deepQueue = await cursorAt(sql`true`, "updated_at", "asc", Math.floor(total / 2));
  const deepFulfilled = await cursorAt(sql`status = 'fulfilled'`, "updated_at", "asc", Math.floor(total * 0.3));
  const [{ busy } = { busy: 0 }] = await queryRows<{ busy: number }>(
    database,
    sql`select count(*)::int as busy from orders where user_id = ${BUSY}`,
  );
  // 40 orders from the end: a full page (and one more) follows, as on the first page.
  const deepUser = await cursorAt(sql`user_id = ${BUSY}`, "created_at", "desc", Math.max(0, busy - 41));
  return {
    orders: total,
    queueAllStatuses: await p50(() => listOrdersForStaff(database, {})),
    queueFulfilled: await p50(() => listOrdersForStaff(database, { status: "fulfilled" })),
    queueWaitingBinance: await p50(() => listOrdersForStaff(database, { status: "proof_submitted", method: "binance" })),
    queueDeepPage: await p50(() => listOrdersForStaff(database, {}, deepQueue)),
    queueFulfilledDeepPage: await p50(() => listOrdersForStaff(database, { status: "fulfilled" }, deepFulfilled)),
    userFirstPage: await p50(() => listOrdersOfUser(database, BUSY)),
    userDeepPage: await p50(() => listOrdersOfUser(database, BUSY, deepUser)),
  };
}

try {
  await seedDemoData(db);
  await db.execute(sql`
    insert into users (id, email, name, age) select 'bench-' || i, 'bench-' || i || '@example.com', 'Bench', 20 from generate_series(0, ${USERS - 1}::int) as i`);
  await db.execute(sql`insert into users (id, email, name, age) values (${BUSY}, 'busy@example.com', 'Busy', 20)`);
  const runs = [];
  let have = 0;
  for (const size of SIZES) {
    for (let from = have; from < size; from += 250_000) await addOrders(from, Math.min(size, from + 250_000));
    have = size;
    runs.push(await measure(db, size));
  }
  const [small, large] = [runs[0]!, runs.at(-1)!];
  const ratio = Object.fromEntries(
    Object.entries(large)
      .filter(([key]) => key !== "orders")
      .map(([key, value]) => [key, +((value as number) / Math.max(0.01, small[key as keyof typeof small] as number)).toFixed(2)]),
  );
  const plan = await queryRows<{ "QUERY PLAN": string }>(
    db,
    sql`explain select id from orders where status = 'fulfilled' and (updated_at, id) > (now()::timestamptz, '') order by updated_at, id limit 21`,
  );
  console.log(JSON.stringify({ p50Ms: runs, ratio, fulfilledQueuePlan: plan.map((line) => line["QUERY PLAN"].trim()).join(" / ") }));
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
