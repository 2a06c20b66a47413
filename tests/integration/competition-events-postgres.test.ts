import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceChange, subscribe } from "~/features/competition/competition-events.server";
import type { Database, Transaction } from "~/lib/db.server";
import { peekSingleton, setSingleton } from "~/lib/singleton.server";

/**
 * Decision 007's live updates across instances: on PostgreSQL a write sends pg_notify inside its
 * transaction and every instance LISTENs on its own connection. Runs only against a real server
 * (TEST_POSTGRES_URL, e.g. postgres://postgres@127.0.0.1:5432/test); it creates no tables.
 */
const url = process.env.TEST_POSTGRES_URL;

describe.skipIf(!url)("competition events over PostgreSQL LISTEN/NOTIFY", () => {
  let publisher: pg.Pool;
  let observer: pg.Pool;
  let db: Database;

  beforeAll(async () => {
    // The listener connects with the app's DATABASE_URL and only when the database is PostgreSQL.
    process.env.DATABASE_URL = url;
    setSingleton("database", { driver: "postgres" });
    publisher = new pg.Pool({ connectionString: url, max: 2 });
    observer = new pg.Pool({ connectionString: url, max: 1 });
    db = drizzle(publisher) as unknown as Database;
  });

  afterAll(async () => {
    await peekSingleton<pg.Client>("competition-listener")?.end();
    setSingleton("competition-listener", undefined);
    setSingleton("database", undefined);
    await publisher?.end();
    await observer?.end();
  });

  /** Resolves once this process's listener connection has run LISTEN (seen from another connection). */
  async function listening() {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await observer.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where pid <> pg_backend_pid() and query = 'listen competition'",
      );
      if ((rows[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the competition listener never ran LISTEN");
  }

  const publish = (tournamentId: string, rollback = false) =>
    db
      .transaction(async (tx) => {
        const afterCommit = await announceChange(tx as Transaction, tournamentId);
        if (rollback) throw new Error("rolled back");
        return afterCommit;
      })
      .then(
        (afterCommit) => afterCommit(),
        (error: Error) => {
          if (error.message !== "rolled back") throw error;
        },
      );

  it("an event committed through one pool reaches the listener on another connection; a rollback sends nothing", async () => {
    const id = `listen-${Date.now()}`;
    const heard: string[] = [];
    const stop = subscribe(id, () => heard.push(id));
    const stopOther = subscribe(`${id}-other`, () => heard.push("other"));
    await listening();

    await publish(id, true); // rolled back: never delivered
    await publish(id);
    for (let wait = 0; wait < 100 && heard.length === 0; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    // Give a wrongly delivered rollback or other-tournament event time to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([id]);

    stop();
    await publish(id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([id]);
    stopOther();
  });
});
