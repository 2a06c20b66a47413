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

/**
 * At most one broadcast per tournament in this many milliseconds (issue #22): every broadcast makes
 * every open page fetch itself again, so a burst of writes (reports, corrections, lobby results)
 * must cost each viewer one render, not one per write.
 */
export const BROADCAST_WINDOW_MS = 400;

/**
 * Turns the raw "changed" signals of this process into broadcasts: the first change of a quiet
 * tournament is broadcast at once; changes inside the window that follows are folded into one more
 * broadcast at its end, carrying the latest version (the time of the latest change).
 */
function ensureCoalescer() {
  singleton("competition-coalescer", () => {
    const windows = new Map<string, { dirty: boolean; version: number }>();
    const broadcast = (tournamentId: string, version: number) => emitter().emit(`broadcast:${tournamentId}`, version);
    const close = (tournamentId: string) => {
      const window = windows.get(tournamentId);
      if (!window?.dirty) {
        windows.delete(tournamentId);
        return;
      }
      window.dirty = false;
      broadcast(tournamentId, window.version);
      setTimeout(() => close(tournamentId), BROADCAST_WINDOW_MS).unref();
    };
    emitter().on("change", (tournamentId: string) => {
      const version = Date.now();
      const window = windows.get(tournamentId);
      if (window) {
        window.dirty = true;
        window.version = version;
        return;
      }
      windows.set(tournamentId, { dirty: false, version });
      broadcast(tournamentId, version);
      setTimeout(() => close(tournamentId), BROADCAST_WINDOW_MS).unref();
    });
    return windows;
  });
}

/**
 * Calls `onChange` with the latest version when the tournament changed: at once for a first change,
 * then at most once per `BROADCAST_WINDOW_MS`. Returns the unsubscribe function.
 */
export function subscribe(tournamentId: string, onChange: (version: number) => void): () => void {
  ensureListener();
  ensureCoalescer();
  const event = `broadcast:${tournamentId}`;
  emitter().on(event, onChange);
  return () => emitter().off(event, onChange);
}
