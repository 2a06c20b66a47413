import { redirect } from "react-router";
import { IntentButton } from "~/components/ui/intent-button";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { readForm } from "~/lib/http.server";
import { withinLimit } from "~/lib/rate-limit.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { alertKeyOf, regenerateAlertKey, sendTestAlert } from "../alerts.server";
import type { Route } from "./+types/alerts-settings";

// The streamer's own page for the on-stream donation alerts: the overlay's secret address and how to add it to OBS.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const mine = await alertKeyOf(db(), user.id);
  if (!mine) throw redirect("/streamers/apply");
  const url = new URL(request.url);
  return {
    handle: mine.handle,
    overlayUrl: `${env().publicUrl}/streamers/alerts/${mine.key}`,
    regenerated: url.searchParams.has("regenerated"),
    testSent: url.searchParams.has("tested"),
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["streamers"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  // Both act on the signed-in user's own streamer row only: nobody else's overlay can be reached from here.
  if (intent === "test") {
    if (!(await withinLimit(db(), "streamerWrite", user.id))) throw redirect("/streamers/alerts");
    if (!(await sendTestAlert(db(), user.id))) throw redirect("/streamers/apply");
    return redirect("/streamers/alerts?tested=1");
  }
  if (intent !== "regenerate") throw new Response(null, { status: 400 });
  if (!(await regenerateAlertKey(db(), user.id))) throw redirect("/streamers/apply");
  return redirect("/streamers/alerts?regenerated=1");
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "streamers", "alerts.title")} · Arena LATAM` }];
}

export default function AlertsSettings({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("streamers");
  return (
    <section className="mx-auto max-w-2xl px-4 py-10" data-testid="alerts-settings">
      <a href={`/streamers/${loaderData.handle}`} className="text-sm text-cyan-400 hover:text-cyan-300">
        ← {t("alerts.back")}
      </a>
      <h1 className="mt-3 text-3xl font-extrabold">{t("alerts.title")}</h1>
      <p className="mt-3 text-slate-300">{t("alerts.intro")}</p>
      {[
        { shown: loaderData.regenerated, testId: "alerts-regenerated", text: t("alerts.regenerated") },
        { shown: loaderData.testSent, testId: "alerts-test-sent", text: t("alerts.testSent") },
      ].map((done) =>
        done.shown ? (
          <p
            key={done.testId}
            role="status"
            className="mt-4 rounded-lg border border-emerald-500/50 bg-emerald-500/10 p-3 text-emerald-100"
            data-testid={done.testId}
          >
            {done.text}
          </p>
        ) : null,
      )}
      <label className="mt-6 flex flex-col gap-1.5 text-sm font-semibold">
        {t("alerts.address")}
        <input
          readOnly
          value={loaderData.overlayUrl}
          className="w-full rounded-lg border border-slate-500 bg-slate-900 px-3 py-2 font-mono text-sm break-all text-slate-100"
          data-testid="alerts-url"
        />
        <span className="text-xs font-normal text-slate-400">{t("alerts.secret")}</span>
      </label>
      <ol className="mt-6 list-decimal space-y-2 pl-5 text-slate-200">
        <li>{t("alerts.steps.source")}</li>
        <li>{t("alerts.steps.size")}</li>
        <li>{t("alerts.steps.test")}</li>
      </ol>
      <IntentButton intent="test" className="mt-6" data-testid="alerts-test">
        {t("alerts.sendTest")}
      </IntentButton>
      <IntentButton intent="regenerate" className="mt-8" data-testid="alerts-regenerate">
        {t("alerts.regenerate")}
      </IntentButton>
      <p className="mt-2 text-xs text-slate-400">{t("alerts.regenerateHint")}</p>
    </section>
  );
}
