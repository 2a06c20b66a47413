import { decodeCursor, encodeCursor, type PageCursor } from "~/domain/page-cursor";
import { db } from "~/lib/db.server";
import { pollingEventStream } from "~/lib/event-stream.server";
import { donationAlertsAfter, latestDonationCursor, streamerByAlertKey } from "../alerts.server";
import { ALERT_LOOK_MS, isAlertKey } from "../core/alerts";
import type { Route } from "./+types/alerts-events";

const OPEN_MS = 30 * 60_000;

/**
 * GET /streamers/alerts/:key/events: the overlay's server-sent events, one `donation` event per
 * donation (its id is the donation's place, so a reconnecting overlay resumes after the last one it
 * showed, and one opened now starts at now). A regenerated key ends the stream at its next look.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params.key;
  const streamer = isAlertKey(key) ? await streamerByAlertKey(db(), key) : null;
  if (!streamer) throw new Response(null, { status: 404 });
  let cursor: PageCursor | null =
    decodeCursor(request.headers.get("Last-Event-ID")) ??
    decodeCursor(new URL(request.url).searchParams.get("after")) ??
    (await latestDonationCursor(db(), streamer.id));
  return pollingEventStream(request, {
    everyMs: ALERT_LOOK_MS,
    openMs: OPEN_MS,
    look: async () => {
      if (!(await streamerByAlertKey(db(), key!))) return { close: true };
      const found = await donationAlertsAfter(db(), streamer.id, cursor, streamer.language);
      if (found.length === 0) return null;
      cursor = found.at(-1)!.cursor;
      return {
        send: found.map(({ cursor, alert }) => `id: ${encodeCursor(cursor)}\nevent: donation\ndata: ${JSON.stringify(alert)}\n\n`).join(""),
      };
    },
  });
}
