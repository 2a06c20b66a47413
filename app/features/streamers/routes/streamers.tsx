import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { db } from "~/lib/db.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { LiveBadge } from "../components/live-badge";
import { listApproved } from "../streamers.server";
import type { Route } from "./+types/streamers";

// Approved streamers, live ones first. No React runtime (decision 002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const list = await listApproved(db());
  return {
    streamers: list.map(({ id: _id, liveSince, ...streamer }) => ({ ...streamer, liveSince: liveSince?.toISOString() ?? null })),
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["streamers"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "streamers", "list.pageTitle")} · Arena LATAM` }];
}

export default function StreamersPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("streamers");
  return (
    <section className="mx-auto max-w-3xl px-4 py-12" data-testid="streamers-page">
      <h1 className="text-3xl font-extrabold">{t("list.title")}</h1>
      <p className="mt-2 text-slate-300">{t("list.subtitle")}</p>
      <a
        href="/streamers/apply"
        className="mt-4 inline-flex min-h-6 items-center font-semibold text-cyan-300 underline"
        data-testid="streamers-apply"
      >
        {t("list.apply")}
      </a>
      {loaderData.streamers.length === 0 ? (
        <p className="mt-6 text-slate-400">{t("list.empty")}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" data-testid="streamers-list">
          {loaderData.streamers.map((streamer) => (
            <li key={streamer.handle} className="rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="streamers-item">
              <p className="flex flex-wrap items-center gap-2">
                <a
                  href={`/streamers/${streamer.handle}`}
                  className="inline-flex min-h-6 items-center font-bold break-all text-cyan-300 underline"
                >
                  @{streamer.handle}
                </a>
                {streamer.live ? <LiveBadge /> : null}
              </p>
              <p className="mt-1 text-sm text-slate-400">
                {t(streamer.followers === 1 ? "page.followersOne" : "page.followers", { count: streamer.followers })} ·{" "}
                {t(streamer.gamesPlayed === 1 ? "page.gamesPlayedOne" : "page.gamesPlayed", { count: streamer.gamesPlayed })}
              </p>
              <p className="mt-1 text-sm text-slate-300">
                {streamer.games.map((game) => GAMES[game as keyof typeof GAMES]?.name ?? game).join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
