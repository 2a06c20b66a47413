import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { DatabaseHandle, Transaction } from "~/lib/db.server";
import { listenForChanges } from "~/lib/change-notices.server";
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

/**
 * Hears the other instances' changes (PostgreSQL only): one LISTEN per process through the database
 * handle (change-notices.server.ts). Resolves once notices will arrive.
 */
export function competitionListenerReady(): Promise<boolean> {
  if (driver() !== "postgres") return Promise.resolve(true);
  return listenForChanges(
    CHANNEL,
    (tournamentId) => {
      if (tournamentId) emitter().emit("change", tournamentId);
    },
    // A gap loses nothing lasting: the next change wakes the pages, which fetch the whole bracket.
    () => undefined,
  );
}

/**
 * At most one broadcast per tournament in this many milliseconds (docs/reliability.md "Competition"): every broadcast makes
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
  void competitionListenerReady();
  ensureCoalescer();
  const event = `broadcast:${tournamentId}`;
  emitter().on(event, onChange);
  return () => emitter().off(event, onChange);
}
