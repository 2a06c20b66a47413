import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { getCurrentUser } from "~/features/auth/session.server";
import { membersAmong } from "~/features/plus/plus.server";
import { db } from "~/lib/db.server";
import { notFoundIfNullish } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { parseHandle } from "../core/rules";
import { ActivityChart } from "../components/activity-chart";
import { RecordTable } from "../components/record-table";
import { TeamBadge } from "../components/team-badge";
import { isUploadedLogo } from "../core/logo";
import { platformToday } from "~/domain/format";
import { env } from "~/lib/env.server";
import { decodeKeyset } from "../core/keyset";
import { findPlayerProfile, recordOf } from "../teams.server";
import type { Route } from "./+types/player";
import { PlusBadge } from "~/components/ui/plus-badge";

// A player's public page: teams, tournaments and places; never the phone or the e-mail. No React runtime (decision 002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = parseHandle(params.handle);
  // A cursor that is not one of ours answers the first page of the tournaments.
  const rawAfter = new URL(request.url).searchParams.get("after");
  const after = decodeKeyset(rawAfter, "day");
  const profile = notFoundIfNullish(parsed.ok ? await findPlayerProfile(db(), parsed.handle, after) : null);
  const { tournaments, ...shown } = profile;
  const { id, ...player } = profile.player;
  const [{ record, monthly }, members, viewer] = await Promise.all([
    recordOf(db(), profile.entries, platformToday(new Date(), env().TIME_ZONE)),
    membersAmong(db(), [id]),
    getCurrentUser(request),
  ]);
  return {
    record,
    monthly,
    ...shown,
    // Only the public fields leave the server: the account id stays here.
    player: { ...player, plus: members.has(id) },
    // The owner gets a link to what the page shows; nobody else learns anything from it.
    own: viewer?.id === id,
    teams: profile.teams.map((team) => ({ ...team, leftAt: team.leftAt?.toISOString() ?? null })),
    // The list shows one keyset page; the record and the chart above still read the latest 100 entries.
    entries: tournaments.rows,
    next: tournaments.next,
    paged: after !== null,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["teams"]),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.player ? `@${loaderData.player.handle} · ` : "";
  return [{ title: `${name}${metaText(matches, "teams", "player.pageTitle")} · Arena LATAM` }];
}

export default function PlayerPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("teams");
  const format = useFormat();
  const { player, teams, entries, gameIds, next, paged } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="player-page">
      {/* The handle the player chose is their public name: their full name, phone and e-mail stay private. */}
      <h1 className="flex flex-wrap items-center gap-3 text-3xl font-extrabold break-all" data-testid="player-name">
        @{player.handle}
        {player.plus ? <PlusBadge label={t("common:auth.plusBadge")} testId="player-plus" /> : null}
      </h1>
      {loaderData.own ? (
        <a href="/account/profile" className="mt-3 inline-block py-2 text-sm text-cyan-300 underline" data-testid="player-settings-link">
          {t("privacy.edit")}
        </a>
      ) : null}

      {gameIds.length ? (
        <>
          <h2 className="mt-10 text-2xl font-extrabold">{t("player.games")}</h2>
          <ul className="mt-4 flex flex-col gap-2" data-testid="player-game-ids">
            {gameIds.map((id) => (
              <li
                key={`${id.game}-${id.playerId}-${id.zone ?? ""}`}
                className="flex flex-wrap gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm"
              >
                <span className="font-semibold">{GAMES[id.game as keyof typeof GAMES]?.name ?? id.game}</span>
                {id.gamerName ? <span className="break-all text-slate-300">{id.gamerName}</span> : null}
                <span className="break-all text-slate-300">
                  {t("player.gameId", { id: id.playerId })}
                  {id.zone ? ` (${id.zone})` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2 className="mt-10 text-2xl font-extrabold">{t("player.teams")}</h2>
      {!player.showsTeams ? (
        <p className="mt-3 text-slate-400" data-testid="player-teams-private">
          {t("player.teamsPrivate")}
        </p>
      ) : teams.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("player.teamsEmpty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="player-teams">
          {teams.map((team, index) => (
            <li key={`${team.teamId}-${index}`} className="flex flex-wrap gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm">
              <a
                href={`/teams/${team.teamId}`}
                className="inline-flex items-center gap-2 font-semibold break-words text-cyan-300 underline"
              >
                {isUploadedLogo(team.logoUrl) ? <TeamBadge tag={team.tag} logoUrl={team.logoUrl} /> : null}
                <span>
                  [{team.tag}] {team.name}
                </span>
              </a>
              <span className="text-slate-300">{GAMES[team.game as keyof typeof GAMES]?.name ?? team.game}</span>
              <span className="text-slate-300">{t("player.asIgn", { ign: team.ign })}</span>
              <span className="text-slate-300">{t(`roles.${team.role}`, { defaultValue: team.role })}</span>
              {team.captain ? <span className="font-semibold text-amber-300">{t("team.captain")}</span> : null}
              {team.leftAt ? <span className="text-slate-500">({t("player.former")})</span> : null}
            </li>
          ))}
        </ul>
      )}

      <RecordTable record={loaderData.record} />
      <ActivityChart months={loaderData.monthly} />

      <h2 className="mt-10 text-2xl font-extrabold">{t("player.tournaments")}</h2>
      {!player.showsTournaments ? (
        <p className="mt-3 text-slate-400" data-testid="player-tournaments-private">
          {t("player.tournamentsPrivate")}
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("player.tournamentsEmpty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="player-tournaments">
          {entries.map((entry) => (
            <li key={entry.registrationId} className="flex flex-wrap gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm">
              <a href={`/tournament?id=${entry.tournamentId}`} className="font-semibold text-cyan-300 underline">
                {entry.title}
              </a>
              {entry.teamName ? <span className="text-slate-300">{entry.teamName}</span> : null}
              <span className="text-slate-400">{format.date(entry.date)}</span>
              <span className="ml-auto font-semibold">{entry.place ? t("team.place", { place: entry.place }) : t("team.noPlace")}</span>
            </li>
          ))}
        </ul>
      )}
      {paged || next ? (
        <nav className="mt-4 flex flex-wrap gap-3 text-sm" aria-label={t("player.tournamentsPages")}>
          {paged ? (
            <a href="?" className="font-semibold text-cyan-300 underline" data-testid="player-tournaments-first">
              {t("player.tournamentsFirst")}
            </a>
          ) : null}
          {next ? (
            <a
              href={`?${new URLSearchParams({ after: next })}`}
              className="font-semibold text-cyan-300 underline"
              data-testid="player-tournaments-next"
            >
              {t("player.tournamentsOlder")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
