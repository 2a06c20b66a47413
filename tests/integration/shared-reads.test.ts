/** Decision 009: the store's games and packages, payment methods and the rate are read once per process until a table changes. */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { seedDemoData } from "~/db/seed";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import { findStoreGame } from "~/features/store/catalogue.server";
import { paymentAccounts } from "~/db/schema";
import { observeStatements } from "~/lib/db.server";

import { sharedRead } from "~/lib/shared-reads.server";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();

/** Another process's write arrives as a notification: wait for it (at most 15 s: a loaded machine delays it). */
async function eventually<T>(read: () => Promise<T>, wanted: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let waited = 0; !wanted(value) && waited < 15_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

/**
 * Waits until every notice sent so far has been heard: the seed's writes notify a moment after they
 * commit (on PostgreSQL, through another connection), and a late one would drop a copy mid-test.
 * Notices arrive in the order they were sent, so once a marker sent now is heard, the earlier ones were.
 */
async function noticesHeard() {
  let loads = 0;
  const marker = () => sharedRead(handle.db, ["notice_marker"], "test:marker", async () => ++loads);
  await marker();
  const before = loads;
  await handle.db.execute(sql`select pg_notify('table_changed', 'notice_marker')`);
  await eventually(marker, () => loads > before);
}

beforeEach(async () => {
  await seedDemoData(handle.db);
  await noticesHeard();
});

describe("shared reads", () => {
  it("are read once while nothing changes", async () => {
    let reads = 0;
    const load = async () => ++reads;
    await sharedRead(handle.db, ["games"], "test:once", load);
    expect(await sharedRead(handle.db, ["games"], "test:once", load)).toBe(1);
  });

  it("send a query builder's statement once (a drizzle query runs again each time it is awaited)", async () => {
    const read = () => sharedRead(handle.db, ["payment_accounts"], "test:builder", () => handle.db.select().from(paymentAccounts));
    await read();
    const sent: string[] = [];
    const stop = observeStatements((text) => sent.push(text));
    try {
      await read();
      await read();
    } finally {
      stop();
    }
    expect(sent).toEqual([]);
  });

  it("follow a price changed by any writer (a script, another instance)", async () => {
    const price = async () => (await findStoreGame(handle.db, "free-fire"))?.packages[0]?.priceUsd;
    const before = await price();
    await handle.db.execute(sql`update topup_packages set price_usd = price_usd + 100 where game_id = 'free-fire'`);
    expect(await eventually(price, (now) => now !== before)).toBe(before! + 100);
  });

  it("follow a new exchange rate", async () => {
    const before = await currentExchangeRate(handle.db);
    await handle.db.execute(sql`insert into exchange_rates (rate, effective_on, source) values ('999.99', current_date, 'test')`);
    expect(
      await eventually(
        () => currentExchangeRate(handle.db),
        (rate) => rate !== before,
      ),
    ).toBe("999.99");
  });

  it("are never served inside a transaction (it must see its own writes)", async () => {
    await findStoreGame(handle.db, "free-fire");
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`update topup_packages set label = 'Inside' where game_id = 'free-fire'`);
        expect((await findStoreGame(tx, "free-fire"))?.packages[0]?.label).toBe("Inside");
        tx.rollback();
      })
      .catch(() => undefined);
  });
});
