import type { DatabaseHandle } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { peekSingleton, singleton } from "~/lib/singleton.server";

/**
 * The database's notices of change (`pg_notify` from triggers, migrations 0007–0008), heard by
 * every process on the database. Copies kept in memory (session-cache, shared-reads) listen here:
 * once per channel and database handle; a replaced handle (tests, a reopened database) starts over.
 */
interface Listening {
  handle: DatabaseHandle | undefined;
  ready: Promise<boolean>;
  stop: () => Promise<void>;
}

function channels(): Map<string, Listening> {
  return singleton("change-notice-channels", () => new Map<string, Listening>());
}

/**
 * Starts listening on `channel` for the current database (once); resolves with whether notices will
 * arrive. `onGap` runs when some may have been missed (the listening connection dropped), and when
 * the handle is replaced, so the caller drops what it keeps.
 */
export function listenForChanges(channel: string, onPayload: (payload: string) => void, onGap: () => void): Promise<boolean> {
  const handle = peekSingleton<DatabaseHandle>("database");
  const current = channels().get(channel);
  if (current && current.handle === handle) return current.ready;
  onGap();
  let stop = async () => undefined as void;
  const ready = handle
    ? handle.listen(channel, onPayload, onGap).then(
        (stopListening) => {
          stop = stopListening;
          return true;
        },
        (error: unknown) => {
          log.warn("change notices unavailable: nothing is kept in memory", { channel, error: String(error) });
          return false;
        },
      )
    : Promise.resolve(false);
  channels().set(channel, { handle, ready, stop: async () => ready.then(() => stop()) });
  return ready;
}

/** Closes every listening connection of this process (tests, before their database goes). */
export async function stopListeningForChanges(): Promise<void> {
  const listening = [...channels().values()];
  channels().clear();
  await Promise.all(listening.map((entry) => entry.stop()));
}
