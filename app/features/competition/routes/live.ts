import { db } from "~/lib/db.server";
import { notFoundIfNullish, idParam } from "~/lib/http.server";
import { subscribe } from "../competition-events.server";
import { getCurrentUser } from "~/features/auth/session.server";
import { findVisibleCompetition } from "../competition-reads.server";
import { eventStream } from "~/lib/event-stream.server";
import type { Route } from "./+types/live";

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events: a `change` event whenever this tournament's event changes (on any instance:
 * see competition-events.server.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const competition = notFoundIfNullish(await findVisibleCompetition(db(), idParam(params.tournamentId), await getCurrentUser(request)));
  return eventStream(request, (send) => {
    // Already coalesced per tournament (at most one per BROADCAST_WINDOW_MS); the data is the latest change's version.
    const unsubscribe = subscribe(competition.tournament.id, (version) => send(`event: change\ndata: ${version}\n\n`));
    const heartbeat = setInterval(() => send(`: keep-alive\n\n`), HEARTBEAT_MS);
    return () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
  });
}
