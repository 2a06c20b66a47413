import { GAMES, isGameId } from "~/domain/games";
import { platformToday } from "~/domain/format";
import { languageFromCookieHeader } from "~/domain/language";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { notFoundIfNullish } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { ENTRY_POINTS, PLACE_POINTS, WIN_POINTS, currentSeason, decodeCursor, encodeCursor, isLeaderboardKind } from "../core/leaderboard";
import { leaderboardPage, listSeasons } from "../leaderboard.server";
import { TeamBadge } from "../components/team-badge";
import { isUploadedLogo } from "../core/logo";
import type { Route } from "./+types/leaderboard";

// A game's leaderboard for a season (docs/teams.md): links and a GET form only, no React runtime (decision 002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const game = notFoundIfNullish(isGameId(params.game) ? params.game : null);
  const search = new URL(request.url).searchParams;
  const kind = isLeaderboardKind(search.get("tab")) ? (search.get("tab") as "player" | "team") : "player";
  const seasons = await listSeasons(db());
  const season =
    seasons.find((row) => row.id === search.get("season")) ?? currentSeason(seasons, platformToday(new Date(), env().TIME_ZONE));
  const after = decodeCursor(search.get("after"));
  const page = season ? await leaderboardPage(db(), { seasonId: season.id, game, kind, after }) : { rows: [], next: null };
  return {
    game,
    kind,
    seasons: seasons.map((row) => ({ id: row.id, name: row.name, startsOn: row.startsOn, endsOn: row.endsOn })),
    season: season ? { id: season.id, name: season.name, startsOn: season.startsOn, endsOn: season.endsOn } : null,
    // Players are named by their public handle only; the account id stays on the server (the cursor is opaque).
    rows: page.rows.map((row) => ({
      rank: row.rank,
      points: row.points,
      won: row.won,
      lost: row.lost,
      tournaments: row.tournaments,
      bestPlace: row.bestPlace,
      teamId: kind === "team" ? row.subjectId : null,
      teamName: row.teamName,
      teamTag: row.teamTag,
      // Only a logo we stored is shown (core/logo.ts); the tag otherwise.
      teamLogo: isUploadedLogo(row.teamLogo) ? row.teamLogo : null,
      handle: row.handle,
    })),
    next: page.next ? encodeCursor(page.next) : null,
    paged: after !== null,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["teams"]),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const game = loaderData ? `${GAMES[loaderData.game].name} · ` : "";
  return [{ title: `${game}${metaText(matches, "teams", "leaderboard.pageTitle")} · Arena LATAM` }];
}

const linkClass = "rounded-lg border border-slate-700 px-3 py-2 text-sm font-semibold";

export default function LeaderboardPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("teams");
  const format = useFormat();
  const { game, kind, seasons, season, rows, next, paged } = loaderData;
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...(season ? { season: season.id } : {}), tab: kind, ...extra }).toString()}`;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="leaderboard-page">
      <p className="text-sm">
        <a href="/leaderboards" className="text-cyan-300 underline">
          {t("leaderboard.allGames")}
        </a>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold break-words">{t("leaderboard.title", { game: GAMES[game].name })}</h1>

      {seasons.length === 0 ? (
        <p className="mt-6 text-slate-400" data-testid="leaderboard-no-season">
          {t("leaderboard.noSeason")}
        </p>
      ) : (
        <form method="get" className="mt-6 flex flex-wrap items-end gap-3">
          <input type="hidden" name="tab" value={kind} />
          <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
            {t("leaderboard.season")}
            <select
              name="season"
              defaultValue={season?.id}
              className="max-w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2"
              data-testid="leaderboard-season"
            >
              {seasons.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={linkClass}>
            {t("leaderboard.show")}
          </button>
        </form>
      )}
      {season ? (
        <p className="mt-2 text-sm text-slate-400" data-testid="leaderboard-range">
          {t("leaderboard.range", { from: format.date(season.startsOn), to: format.date(season.endsOn) })}
        </p>
      ) : null}

      <nav className="mt-6 flex gap-2" aria-label={t("leaderboard.tabs")}>
        {(["player", "team"] as const).map((tab) => (
          <a
            key={tab}
            href={query({ tab })}
            aria-current={tab === kind ? "page" : undefined}
            className={`${linkClass} ${tab === kind ? "bg-cyan-500 text-slate-950" : "text-slate-200"}`}
            data-testid={`leaderboard-tab-${tab}`}
          >
            {t(`leaderboard.tab.${tab}`)}
          </a>
        ))}
      </nav>

      {rows.length === 0 ? (
        <p className="mt-6 text-slate-400" data-testid="leaderboard-empty">
          {t("leaderboard.empty")}
        </p>
      ) : (
        <ol className="mt-6 flex flex-col gap-2" data-testid="leaderboard">
          {rows.map((row) => (
            <li
              key={`${row.rank}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-800 px-4 py-3 text-sm"
              data-testid="leaderboard-row"
            >
              <span className="w-8 text-lg font-extrabold text-slate-300">{row.rank}</span>
              <span className="min-w-0 flex-1 font-semibold break-words">
                {row.teamId ? (
                  <a href={`/teams/${row.teamId}`} className="inline-flex items-center gap-2 text-cyan-300 underline">
                    {row.teamLogo ? <TeamBadge tag={row.teamTag ?? ""} logoUrl={row.teamLogo} /> : null}
                    <span>
                      [{row.teamTag}] {row.teamName}
                    </span>
                  </a>
                ) : row.handle ? (
                  <a href={`/players/${row.handle}`} className="text-cyan-300 underline">
                    @{row.handle}
                  </a>
                ) : (
                  <span className="text-slate-400">{t("leaderboard.noHandle")}</span>
                )}
              </span>
              <span className="font-extrabold" data-testid="leaderboard-points">
                {t("leaderboard.points", { points: format.number(row.points) })}
              </span>
              <span className="w-full text-slate-400">
                {t("leaderboard.line", { won: row.won, lost: row.lost, tournaments: row.tournaments })}
                {row.bestPlace ? ` · ${t("record.bestPlace")}: ${t("team.place", { place: row.bestPlace })}` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        {paged ? (
          <a href={query({})} className={linkClass}>
            {t("leaderboard.first")}
          </a>
        ) : null}
        {next ? (
          <a href={query({ after: next })} className={linkClass} data-testid="leaderboard-next">
            {t("leaderboard.next")}
          </a>
        ) : null}
      </div>

      <p className="mt-8 text-sm text-slate-400">
        {t("leaderboard.rule", { entry: ENTRY_POINTS, places: PLACE_POINTS.join("/"), win: WIN_POINTS })}
      </p>
      <p className="mt-4 text-sm">
        <a href="/players/me" className="text-cyan-300 underline">
          {t("leaderboard.myStats")}
        </a>
      </p>
    </section>
  );
}
