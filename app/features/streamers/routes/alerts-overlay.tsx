import { dataAttr, DataAttr } from "~/browser/attributes";
import donationAlertsScript from "~/browser/donation-alerts?inline-script";
import { InlineScript } from "~/components/inline-script";
import { db } from "~/lib/db.server";
import { createI18n } from "~/lib/i18n";
import { loadMessages } from "~/lib/messages.server";
import type { RouteHandle } from "~/root";
import { alertPlaceNow, streamerByAlertKey } from "../alerts.server";
import { encodeAlertPlace, isAlertKey } from "../core/alerts";
import type { Route } from "./+types/alerts-overlay";

// Shown by OBS over the stream (a "browser source"): no chrome, a transparent page, no React runtime.
export const handle: RouteHandle = { hydrate: false, bare: true };

export async function loader({ params }: Route.LoaderArgs) {
  const streamer = isAlertKey(params.key) ? await streamerByAlertKey(db(), params.key) : null;
  if (!streamer) throw new Response(null, { status: 404 });
  // An overlay opened now shows the donations (and test alerts) from now on, not the ones before it was opened.
  const place = await alertPlaceNow(db(), streamer.id);
  // Written in the streamer's language, whatever program shows the page (OBS has no language cookie).
  const { t } = createI18n(streamer.language, loadMessages(streamer.language, ["streamers"]));
  return {
    events: `/streamers/alerts/${params.key}/events?after=${encodeAlertPlace(place)}`,
    words: {
      title: t("streamers:alerts.overlayTitle"),
      donated: t("streamers:alerts.donated"),
      someone: t("streamers:alerts.someone"),
      test: t("streamers:alerts.testBadge"),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.words.title ?? "Arena LATAM" }, { name: "robots", content: "noindex" }];
}

export default function AlertsOverlay({ loaderData }: Route.ComponentProps) {
  const { events, words } = loaderData;
  return (
    <main className="p-4" data-testid="alerts-overlay">
      <h1 className="sr-only">{words.title}</h1>
      <div
        {...dataAttr(DataAttr.alerts, events)}
        {...dataAttr(DataAttr.alertSomeone, words.someone)}
        role="status"
        hidden
        className="max-w-md rounded-2xl border-2 border-cyan-400 bg-slate-950/90 p-5 text-center shadow-2xl"
        data-testid="donation-alert"
      >
        <p
          hidden
          className="mx-auto mb-2 w-fit rounded-full bg-amber-400 px-3 py-0.5 text-sm font-black tracking-wide text-slate-950 uppercase"
          {...dataAttr(DataAttr.alertTest)}
          data-testid="donation-alert-test"
        >
          {words.test}
        </p>
        <p className="text-2xl font-extrabold text-white">
          <span {...dataAttr(DataAttr.alertWho)} data-testid="donation-alert-who" /> {words.donated}
        </p>
        <p hidden className="mt-1 text-3xl font-black text-amber-300" {...dataAttr(DataAttr.alertGift)} data-testid="donation-alert-gift" />
        <p className="mt-1 text-4xl font-black text-cyan-300" {...dataAttr(DataAttr.alertAmount)} data-testid="donation-alert-amount" />
        <p
          className="mt-2 text-lg break-words text-slate-100"
          hidden
          {...dataAttr(DataAttr.alertMessage)}
          data-testid="donation-alert-message"
        />
      </div>
      <InlineScript source={donationAlertsScript} />
    </main>
  );
}
