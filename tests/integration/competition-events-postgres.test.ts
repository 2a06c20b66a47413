import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceChange, competitionListenerReady, subscribe } from "~/features/competition/competition-events.server";
import { stopListeningForChanges } from "~/lib/change-notices.server";
import { postgresListener, type Database, type Transaction } from "~/lib/db.server";
import { setSingleton } from "~/lib/singleton.server";

/**
 * Decision 007's live updates across instances: on PostgreSQL a write sends pg_notify inside its
 * transaction and every instance LISTENs on its own connection. Runs only against a real server
 * (TEST_POSTGRES_URL, e.g. postgres://postgres@127.0.0.1:5432/test); it creates no tables.
 */
const url = process.env.TEST_POSTGRES_URL;

describe.skipIf(!url)("competition events over PostgreSQL LISTEN/NOTIFY", () => {
  let publisher: pg.Pool;
  let db: Database;

  beforeAll(async () => {
    // The listener is the database handle's (PostgreSQL only); this file needs no tables.
    setSingleton("database", { driver: "postgres", listen: postgresListener(url!) });
    publisher = new pg.Pool({ connectionString: url, max: 2 });
    db = drizzle(publisher) as unknown as Database;
  });

  afterAll(async () => {
    await stopListeningForChanges();
    setSingleton("database", undefined);
    await publisher?.end();
  });

  /** Resolves once this process's listener connection has run LISTEN. */
  async function listening() {
    expect(await competitionListenerReady()).toBe(true);
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
