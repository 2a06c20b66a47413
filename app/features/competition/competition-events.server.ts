import { EventEmitter } from "node:events";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { DatabaseHandle, Transaction } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { peekSingleton, singleton } from "~/lib/singleton.server";

/**
 * "This tournament changed": what the live bracket page listens for (decision 007).
 * On PostgreSQL a write sends `pg_notify` inside its transaction (delivered on commit, to every
 * instance LISTENing); on PGlite there is one process, so the emitter is told after the commit.
 */
const CHANNEL = "competition";

function emitter(): EventEmitter {
  return singleton("competition-events", () => {
    const events = new EventEmitter();
    events.setMaxListeners(0);
    return events;
  });
}

function driver(): DatabaseHandle["driver"] | undefined {
  return peekSingleton<DatabaseHandle>("database")?.driver;
}

/** Called inside the writing transaction; returns what to do once it has committed. */
export async function announceChange(tx: Transaction, tournamentId: string): Promise<() => void> {
  if (driver() === "postgres") {
    await tx.execute(sql`select pg_notify(${CHANNEL}, ${tournamentId})`);
    return () => undefined;
  }
  return () => emitter().emit("change", tournamentId);
}

/** One LISTEN connection per process (PostgreSQL only), opened on the first subscriber and reopened if it drops. */
function ensureListener() {
  if (driver() !== "postgres") return;
  singleton("competition-listener", () => {
    const connect = () => {
      const client = new pg.Client({ connectionString: env().DATABASE_URL });
      client.on("notification", (message) => {
        if (message.channel === CHANNEL && message.payload) emitter().emit("change", message.payload);
      });
      client.on("error", (error) => {
        log.warn("competition listener lost", { error: String(error) });
        client.end().catch(() => undefined);
        setTimeout(connect, 2000).unref();
      });
      client
        .connect()
        .then(() => client.query(`listen ${CHANNEL}`))
        .catch((error) => {
          log.warn("competition listener could not connect", { error: String(error) });
          setTimeout(connect, 2000).unref();
        });
      return client;
    };
    return connect();
  });
}

/** Calls `onChange` whenever the tournament changes; returns the unsubscribe function. */
export function subscribe(tournamentId: string, onChange: () => void): () => void {
  ensureListener();
  const listener = (id: string) => {
    if (id === tournamentId) onChange();
  };
  emitter().on("change", listener);
  return () => emitter().off("change", listener);
}
