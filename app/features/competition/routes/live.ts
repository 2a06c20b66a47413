import { db } from "~/lib/db.server";
import { notFoundIfNullish, idParam } from "~/lib/http.server";
import { subscribe } from "../competition-events.server";
import { getCurrentUser } from "~/features/auth/session.server";
import { findVisibleCompetition } from "../competition-reads.server";
import type { Route } from "./+types/live";

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events: a `change` event whenever this tournament's event changes (on any instance:
 * see competition-events.server.ts). `no-transform` keeps compression from buffering the stream.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const competition = notFoundIfNullish(await findVisibleCompetition(db(), idParam(params.tournamentId), await getCurrentUser(request)));
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(`retry: 3000\n: connected\n\n`);
      // Already coalesced per tournament (at most one per BROADCAST_WINDOW_MS); the data is the latest change's version.
      const unsubscribe = subscribe(competition.tournament.id, (version) => send(`event: change\ndata: ${version}\n\n`));
      const heartbeat = setInterval(() => send(`: keep-alive\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.signal.addEventListener("abort", () => {
        cleanup();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
