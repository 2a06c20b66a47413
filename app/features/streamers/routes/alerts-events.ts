import { db } from "~/lib/db.server";
import { pollingEventStream } from "~/lib/event-stream.server";
import { createI18n } from "~/lib/i18n";
import { loadMessages } from "~/lib/messages.server";
import { alertPlaceNow, donationAlertsAfter, latestTestAlertCursor, streamerByAlertKey, testAlertsAfter } from "../alerts.server";
import { ALERT_LOOK_MS, decodeAlertPlace, encodeAlertPlace, isAlertKey, type AlertPlace } from "../core/alerts";
import type { Route } from "./+types/alerts-events";

const OPEN_MS = 30 * 60_000;

/**
 * GET /streamers/alerts/:key/events: the overlay's server-sent events, one `donation` event per
 * donation or test alert (its id is the overlay's place in both, so a reconnecting overlay resumes
 * after the last one it showed, and one opened now starts at now). A regenerated key ends the
 * stream at its next look.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params.key;
  const streamer = isAlertKey(key) ? await streamerByAlertKey(db(), key) : null;
  if (!streamer) throw new Response(null, { status: 404 });
  const asked = decodeAlertPlace(request.headers.get("Last-Event-ID")) ?? decodeAlertPlace(new URL(request.url).searchParams.get("after"));
  const place: AlertPlace = asked
    ? { donation: asked.donation, test: asked.test === undefined ? await latestTestAlertCursor(db(), streamer.id) : asked.test }
    : await alertPlaceNow(db(), streamer.id);
  const { t } = createI18n(streamer.language, loadMessages(streamer.language, ["streamers"]));
  const testMessage = t("streamers:alerts.testMessage");
  return pollingEventStream(request, {
    everyMs: ALERT_LOOK_MS,
    openMs: OPEN_MS,
    look: async () => {
      if (!(await streamerByAlertKey(db(), key!))) return { close: true };
      const [donations, tests] = await Promise.all([
        donationAlertsAfter(db(), streamer.id, place.donation, streamer.language),
        testAlertsAfter(db(), streamer.id, place.test, streamer.language, testMessage),
      ]);
      if (donations.length === 0 && tests.length === 0) return null;
      const events = [
        ...donations.map(({ cursor, alert }) => {
          place.donation = cursor;
          return { id: encodeAlertPlace(place), alert };
        }),
        ...tests.map(({ cursor, alert }) => {
          place.test = cursor;
          return { id: encodeAlertPlace(place), alert };
        }),
      ];
      return { send: events.map(({ id, alert }) => `id: ${id}\nevent: donation\ndata: ${JSON.stringify(alert)}\n\n`).join("") };
    },
  });
}
