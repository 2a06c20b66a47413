import type { Database } from "~/lib/db.server";
import { checkInPhase, checkInWindow } from "./core/check-in";
import { bracketView, champion, eventStage, isPlayable, lobbyEventStage, standings, type EventStage } from "./core/bracket-view";
import { isBracketFormat, type Format } from "./core/formats";
import { eventTable, groupCountFor, groupLetter, lobbyPlan } from "./core/lobbies";
import { listLobbyReports } from "./lobby-reports.server";
import { listMatchTimes, listRoundTimes, listWalkovers } from "./match-times.server";
import {
  listEntrants,
  listLobbyResults,
  listTeams,
  participantIdsOf,
  startedEventsAmong,
  type Competition,
} from "./competition-reads.server";
import { listPrizes } from "./prizes.server";
import { loadBracket } from "./bracket-storage.server";

/** A battle-royale event's entrants, lobby results and points table (core/lobbies.ts). */
async function lobbyTable(
  db: Database,
  tournamentId: string,
  settings: Pick<NonNullable<Competition["settings"]>, "placementPoints" | "killPoints" | "lobbySize" | "lobbyMatches">,
) {
  const entrants = await listEntrants(db, tournamentId);
  const results = await listLobbyResults(db, tournamentId);
  const rows = eventTable(
    entrants,
    results,
    { placementPoints: settings.placementPoints, killPoints: settings.killPoints },
    settings.lobbySize,
    settings.lobbyMatches,
  );
  return { entrants, results, rows };
}

/**
 * What the public bracket page shows: settings, check-in (for the signed-in captain), the bracket or
 * the points table, standings and the champion, and the viewer's ready matches (the page notice).
 */
export async function bracketPageData(db: Database, competition: Competition, viewer: { id: string } | null, now: Date) {
  const { tournament, settings } = competition;
  if (!settings) return { tournament, settings: null } as const;
  const format = settings.format as Format;
  const window = checkInWindow(settings.startsAt, settings.checkInOpensMinutes, settings.checkInClosesMinutes);
  const started = Boolean(settings.startedAt);
  const teams = started ? [] : await listTeams(db, tournament.id);
  const mine = viewer ? teams.find((team) => team.captainId === viewer.id) : undefined;
  const checkIn = {
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    phase: checkInPhase(window, now),
    checkedInCount: teams.filter((team) => team.checkedInAt).length,
    teamCount: teams.length,
    mine: mine ? { name: mine.name, checkedIn: Boolean(mine.checkedInAt) } : null,
  };
  const base = {
    tournament,
    format,
    startsAt: settings.startsAt.toISOString(),
    bestOf: settings.bestOf,
    finalBestOf: settings.finalBestOf,
    started,
    checkIn,
  };
  if (!started)
    return {
      ...base,
      settings: "ok" as const,
      bracket: null,
      table: null,
      myTeam: null,
      standings: [],
      champion: null,
      myMatches: [],
      prizes: [],
      roundTimes: {},
      matchTimes: {},
      walkovers: [],
    };
  const prizes = await listPrizes(db, tournament.id);
  if (!isBracketFormat(format)) {
    const { entrants, results, rows } = await lobbyTable(db, tournament.id, settings);
    const plan = lobbyPlan(
      entrants.map((entrant) => entrant.registrationId),
      settings.lobbySize,
      settings.lobbyMatches,
    );
    const groups = groupCountFor(entrants.length, settings.lobbySize);
    const groupOf = new Map(plan.filter((lobby) => lobby.round === 1).flatMap((lobby) => lobby.teams.map((id) => [id, lobby.group])));
    const names = new Map(entrants.map((entrant) => [entrant.registrationId, entrant.name]));
    const playedLobbies = new Set(results.map((result) => result.lobbyMatch));
    const table = rows.map((row) => ({
      ...row,
      name: names.get(row.registrationId) ?? "",
      group: groups > 1 ? groupLetter(groupOf.get(row.registrationId) ?? 0) : null,
    }));
    const finished = playedLobbies.size >= plan.length;
    // The viewer's team: its lobbies still without results may be reported (with a screenshot) for staff to confirm.
    const myTeam = viewer ? entrants.find((entrant) => entrant.captainId === viewer.id) : undefined;
    const myReports = myTeam
      ? (await listLobbyReports(db, tournament.id)).filter((report) => report.registrationId === myTeam.registrationId)
      : [];
    const myLobbies = myTeam
      ? plan
          .filter((lobby) => lobby.teams.includes(myTeam.registrationId) && !playedLobbies.has(lobby.lobby))
          .map((lobby) => {
            const report = myReports.find((candidate) => candidate.lobbyMatch === lobby.lobby);
            return {
              lobby: lobby.lobby,
              round: lobby.round,
              group: groups > 1 ? groupLetter(lobby.group) : null,
              teams: lobby.teams.length,
              reported: report ? { placement: report.placement, kills: report.kills } : null,
            };
          })
      : [];
    return {
      ...base,
      settings: "ok" as const,
      bracket: null,
      table: {
        rows: table,
        played: playedLobbies.size,
        lobbyMatches: plan.length,
        rounds: settings.lobbyMatches,
        groups,
        placementPoints: settings.placementPoints,
        killPoints: settings.killPoints,
        pointsPreset: settings.pointsPreset,
      },
      myTeam: myTeam ? { name: myTeam.name, lobbies: myLobbies } : null,
      standings: [],
      champion: finished && table[0] ? { registrationId: table[0].registrationId, name: table[0].name } : null,
      myMatches: [],
      prizes,
      roundTimes: {},
      matchTimes: {},
      walkovers: [],
    };
  }
  const data = await loadBracket(db, tournament.id);
  // The viewer's own teams, for the "your match is ready" notice.
  const mineIds = new Set(viewer ? await participantIdsOf(db, tournament.id, viewer.id) : []);
  const myMatches = data.match
    .filter((match) => isPlayable(match) && (mineIds.has(match.opponent1!.id as number) || mineIds.has(match.opponent2!.id as number)))
    .map((match) => match.id as number);
  return {
    ...base,
    settings: "ok" as const,
    bracket: bracketView(data),
    table: null,
    myTeam: null,
    standings: standings(data, format),
    champion: champion(data, format),
    myMatches,
    prizes,
    // Round id → when it is played (ISO; written in the platform's zone by the one formatter), and the walkovers.
    roundTimes: Object.fromEntries([...(await listRoundTimes(db, tournament.id))].map(([id, at]) => [id, at.toISOString()])) as Record<
      number,
      string
    >,
    // Match id → its own time, where staff set one (it overrides the round's).
    matchTimes: Object.fromEntries([...(await listMatchTimes(db, tournament.id))].map(([id, at]) => [id, at.toISOString()])) as Record<
      number,
      string
    >,
    walkovers: await listWalkovers(db, tournament.id),
  };
}

/**
 * The stage of each listed tournament whose event has started and reached its final or its end
 * (the landing cards' "Final" badge and champion). Tournaments not run here, or mid-event, are absent.
 */
export async function eventStagesOf(db: Database, tournamentIds: string[]): Promise<Map<string, EventStage>> {
  const stages = new Map<string, EventStage>();
  for (const settings of await startedEventsAmong(db, tournamentIds)) {
    const format = settings.format as Format;
    let stage: EventStage | null;
    if (isBracketFormat(format)) {
      stage = eventStage(await loadBracket(db, settings.tournamentId), format);
    } else {
      const { entrants, results, rows } = await lobbyTable(db, settings.tournamentId, settings);
      const played = new Set(results.map((result) => result.lobbyMatch)).size;
      const leader = rows[0] ? (entrants.find((entrant) => entrant.registrationId === rows[0]!.registrationId)?.name ?? null) : null;
      stage = lobbyEventStage(played, settings.lobbyMatches * groupCountFor(entrants.length, settings.lobbySize), leader);
    }
    if (stage) stages.set(settings.tournamentId, stage);
  }
  return stages;
}
