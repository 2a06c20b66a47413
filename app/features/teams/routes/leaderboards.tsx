import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/leaderboards";

// The landing's "Panel de estadísticas" leads here: one leaderboard per game, and one's own stats. No React runtime.
export const handle: RouteHandle = { hydrate: false };

export function loader({ request }: Route.LoaderArgs) {
  return { messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["teams"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "teams", "leaderboard.pageTitle")} · Arena LATAM` }];
}

export default function LeaderboardsPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("teams");
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="leaderboards-page">
      <h1 className="text-3xl font-extrabold">{t("leaderboard.indexTitle")}</h1>
      <p className="mt-2 text-slate-300">{t("leaderboard.indexSubtitle")}</p>
      <ul className="mt-6 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {Object.entries(GAMES).map(([id, game]) => (
          <li key={id}>
            <a
              href={`/leaderboards/${id}`}
              className="block rounded-lg border border-slate-800 px-4 py-3 font-semibold text-cyan-300 underline"
            >
              {game.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <a href="/players/me" className="font-semibold text-cyan-300 underline" data-testid="leaderboards-my-stats">
          {t("leaderboard.myStats")}
        </a>
      </p>
    </section>
  );
}
