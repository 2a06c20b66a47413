// Part of `npm run bench`: order creation and tournament registration under concurrent load,
// on a fresh embedded database (or BENCH_DATABASE_URL). Prints one JSON line.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { orders, registrations, tournaments, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { createOrder } from "~/features/orders/orders.server";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import { openDatabase, queryRows } from "~/lib/db.server";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_ORDER_CONCURRENCY ?? 50);
const ATTEMPTS = Number(process.env.BENCH_REGISTRATIONS ?? 100);
const CAPACITY = 16;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-orders-"));
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  // A server database starts empty too, so counts mean this run; it is wiped, hence the name check.
  const name = new URL(url).pathname.slice(1);
  if (!/test|bench/i.test(name)) throw new Error(`Refusing to wipe database "${name}": use one whose name contains "test" or "bench".`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;");
  await client.end();
}
const handle = await openDatabase({ url, dataDir });
try {
  await seedDemoData(handle.db);
  const people = Array.from({ length: Math.max(CONCURRENCY, ATTEMPTS) }, (_, index) => ({
    id: randomUUID(),
    email: `bench-${index}-${randomUUID()}@example.com`,
  }));
  await handle.db.insert(users).values(people.map((person) => ({ ...person, name: "Bench", age: 20 })));

  // Orders: ORDERS creations, CONCURRENCY at a time.
  let next = 0;
  const started = performance.now();
  const worker = async (lane: number) => {
    while (next < ORDERS) {
      next += 1;
      const person = people[lane]!;
      await createOrder(handle.db, {
        userId: person.id,
        kind: "store",
        paymentMethod: "binance",
        currency: "USD",
        amount: 300,
        amountUsd: 300,
        exchangeRate: null,
        phone: "04141234567",
        email: person.email,
        expiresAt: new Date(Date.now() + 3_600_000),
        items: [{ packageId: "free-fire-341", label: "Free Fire · 341 Diamantes", unitAmount: 300, quantity: 1 }],
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, lane) => worker(lane)));
  const seconds = (performance.now() - started) / 1000;
  const [counts] = await queryRows<{ total: number; distinctNumbers: number; items: number }>(
    handle.db,
    sql`select count(*)::int as total, count(distinct number)::int as "distinctNumbers", (select count(*)::int from order_items) as items from orders`,
  );

  // Registrations: ATTEMPTS people race for CAPACITY places of one paid duo tournament.
  await handle.db.update(tournaments).set({ capacity: CAPACITY }).where(eq(tournaments.id, "blood-strike-duo-clash"));
  const results = await Promise.allSettled(
    people.slice(0, ATTEMPTS).map((person, index) =>
      registerForTournament(handle.db, {
        tournamentId: "blood-strike-duo-clash",
        userId: person.id,
        email: person.email,
        exchangeRate: "245.50",
        expiresAt: new Date(Date.now() + 3_600_000),
        registration: {
          teamName: `Team ${index}`,
          coachName: null,
          phone: "04141234567",
          paymentMethod: "binance",
          players: [
            { name: "A", ign: `a-${index}`, phone: "04121234567" },
            { name: "B", ign: `b-${index}`, phone: null },
          ],
        },
      }),
    ),
  );
  const held = await handle.db.$count(registrations, eq(registrations.tournamentId, "blood-strike-duo-clash"));
  console.log(
    JSON.stringify({
      driver: handle.driver,
      orders: {
        created: counts?.total,
        expected: ORDERS,
        lostOrDuplicated: Math.abs((counts?.total ?? 0) - ORDERS) + ((counts?.total ?? 0) - (counts?.distinctNumbers ?? 0)),
        itemsMatch: counts?.items === ORDERS,
        concurrency: CONCURRENCY,
        perSecond: Math.round(ORDERS / seconds),
      },
      registrations: {
        attempts: ATTEMPTS,
        capacity: CAPACITY,
        succeeded: results.filter((result) => result.status === "fulfilled").length,
        held,
        overBooked: held > CAPACITY,
        ordersForThem: await handle.db.$count(orders, eq(orders.kind, "tournament")),
      },
    }),
  );
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
