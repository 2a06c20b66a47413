import { and, asc, eq } from "drizzle-orm";
import { competitionLobbyReports, competitionLobbyResults, competitionSettings } from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { CompetitionError } from "./competition-types.server";
import { listEntrants } from "./competition-reads.server";
import { withTournamentLock } from "./tournament-lock.server";
import { lobbyPlan } from "./core/lobbies";

type Executor = Database | Transaction;

/**
 * Battle royale (docs/product.md "Running an event"): a team's captain says where the team finished in its lobby and how many
 * kills it made, with a screenshot; staff confirm by saving the lobby on the run page (prefilled from
 * these reports). One report per team and lobby: a new one replaces it (the old file is removed
 * after the commit). Refused once staff saved the lobby.
 */
export async function reportLobby(
  db: Database,
  input: {
    tournamentId: string;
    lobbyMatch: number;
    userId: string;
    placement: number;
    kills: number;
    screenshot: { key: string; type: string };
  },
) {
  return withTournamentLock(db, input.tournamentId, async (tx, discardScreenshots) => {
    const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, input.tournamentId));
    if (!settings) throw new CompetitionError("NOT_RUN_HERE");
    if (settings.format !== "battle_royale") throw new CompetitionError("NOT_POINTS_TABLE");
    if (!settings.startedAt) throw new CompetitionError("NOT_STARTED");
    const entrants = await listEntrants(tx, input.tournamentId);
    const mine = entrants.find((entrant) => entrant.captainId === input.userId);
    if (!mine) throw new CompetitionError("NOT_IN_MATCH");
    const plan = lobbyPlan(
      entrants.map((entrant) => entrant.registrationId),
      settings.lobbySize,
      settings.lobbyMatches,
    );
    const lobby = plan.find((candidate) => candidate.lobby === input.lobbyMatch);
    if (!lobby || !lobby.teams.includes(mine.registrationId)) throw new CompetitionError("NOT_IN_MATCH");
    if (!(Number.isInteger(input.placement) && input.placement >= 1 && input.placement <= lobby.teams.length))
      throw new CompetitionError("BAD_LOBBY");
    if (!(Number.isInteger(input.kills) && input.kills >= 0 && input.kills <= 99)) throw new CompetitionError("BAD_LOBBY");
    const [saved] = await tx
      .select({ lobbyMatch: competitionLobbyResults.lobbyMatch })
      .from(competitionLobbyResults)
      .where(and(eq(competitionLobbyResults.tournamentId, input.tournamentId), eq(competitionLobbyResults.lobbyMatch, input.lobbyMatch)))
      .limit(1);
    if (saved) throw new CompetitionError("ALREADY_DECIDED");
    const scope = and(
      eq(competitionLobbyReports.tournamentId, input.tournamentId),
      eq(competitionLobbyReports.lobbyMatch, input.lobbyMatch),
      eq(competitionLobbyReports.registrationId, mine.registrationId),
    );
    const replaced = await tx.delete(competitionLobbyReports).where(scope).returning({ key: competitionLobbyReports.screenshotKey });
    discardScreenshots(replaced.map((row) => row.key));
    await tx.insert(competitionLobbyReports).values({
      tournamentId: input.tournamentId,
      lobbyMatch: input.lobbyMatch,
      registrationId: mine.registrationId,
      userId: input.userId,
      placement: input.placement,
      kills: input.kills,
      screenshotKey: input.screenshot.key,
      screenshotType: input.screenshot.type,
    });
    return { registrationId: mine.registrationId };
  });
}

export async function listLobbyReports(db: Executor, tournamentId: string) {
  return db
    .select()
    .from(competitionLobbyReports)
    .where(eq(competitionLobbyReports.tournamentId, tournamentId))
    .orderBy(asc(competitionLobbyReports.lobbyMatch), asc(competitionLobbyReports.createdAt));
}

export async function findLobbyReport(db: Executor, tournamentId: string, lobbyMatch: number, registrationId: string) {
  const [row] = await db
    .select()
    .from(competitionLobbyReports)
    .where(
      and(
        eq(competitionLobbyReports.tournamentId, tournamentId),
        eq(competitionLobbyReports.lobbyMatch, lobbyMatch),
        eq(competitionLobbyReports.registrationId, registrationId),
      ),
    );
  return row ?? null;
}
