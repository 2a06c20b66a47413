import type { Match } from "brackets-model";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  competitionAudit,
  competitionCheckIns,
  competitionEntrants,
  competitionLobbyResults,
  competitionReports,
  competitionResults,
  competitionRooms,
  competitionSettings,
  registrations,
  tournaments,
  users,
} from "~/db/schema";
import { DrizzleBracketStorage } from "./bracket-storage.server";
import { isPlayable } from "./core/bracket-view";
import { reportsState } from "./core/reports";
import type { Executor } from "./competition-types.server";

/** The tables a tournament's stage, bracket and results are read from: a shared read that shows them names these. */
export const BRACKET_TABLES = [
  "competition_settings",
  "competition_entrants",
  "bracket_rows",
  "competition_results",
  "competition_lobby_results",
] as const;

export async function findCompetition(db: Executor, tournamentId: string) {
  const [row] = await db
    .select({
      tournament: {
        id: tournaments.id,
        title: tournaments.title,
        game: tournaments.game,
        players: tournaments.players,
        date: tournaments.date,
      },
      status: tournaments.status,
      settings: competitionSettings,
    })
    .from(tournaments)
    .leftJoin(competitionSettings, eq(competitionSettings.tournamentId, tournaments.id))
    .where(eq(tournaments.id, tournamentId));
  if (!row) return null;
  return { tournament: row.tournament, status: row.status, settings: row.settings };
}

/**
 * The competition as a page outside the back-office may show it: a draft exists only for staff, so
 * to visitors and players its bracket, matches and live stream are as missing as an unknown id
 * (docs/reliability.md "Hostile user"; the tournament page does the same).
 */
export async function findVisibleCompetition(db: Executor, tournamentId: string, viewer: { isStaff: boolean } | null) {
  const competition = await findCompetition(db, tournamentId);
  // Drafts, and an organization's paid event waiting for approval (docs/organizations.md), are not shown to players.
  if (!competition || ((competition.status === "draft" || competition.status === "pending") && !viewer?.isStaff)) return null;
  return competition;
}

export type Competition = NonNullable<Awaited<ReturnType<typeof findCompetition>>>;

const teamName = sql<string>`coalesce(nullif(${registrations.teamName}, ''), (select rp.ign from registration_players rp where rp.registration_id = ${registrations.id} order by rp.position limit 1), ${users.name})`;

/** Confirmed registrations (the teams that may take part), with their captain and check-in. */
export async function listTeams(db: Executor, tournamentId: string) {
  const rows = await db
    .select({
      registrationId: registrations.id,
      name: teamName,
      captainId: registrations.userId,
      captainEmail: users.email,
      createdAt: registrations.createdAt,
      checkedInAt: competitionCheckIns.createdAt,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(competitionCheckIns, eq(competitionCheckIns.registrationId, registrations.id))
    .where(and(eq(registrations.tournamentId, tournamentId), eq(registrations.status, "confirmed")))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
  return rows;
}

export async function listEntrants(db: Executor, tournamentId: string) {
  return db
    .select({
      registrationId: competitionEntrants.registrationId,
      seed: competitionEntrants.seed,
      name: competitionEntrants.name,
      participantId: competitionEntrants.participantId,
      captainId: registrations.userId,
      captainEmail: users.email,
    })
    .from(competitionEntrants)
    .innerJoin(registrations, eq(registrations.id, competitionEntrants.registrationId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(competitionEntrants.tournamentId, tournamentId))
    .orderBy(asc(competitionEntrants.seed));
}

/** The bracket participant ids of the teams a user captains in a tournament. */
export async function participantIdsOf(db: Executor, tournamentId: string, userId: string): Promise<number[]> {
  const rows = await db
    .select({ participantId: competitionEntrants.participantId })
    .from(competitionEntrants)
    .innerJoin(registrations, eq(registrations.id, competitionEntrants.registrationId))
    .where(and(eq(competitionEntrants.tournamentId, tournamentId), eq(registrations.userId, userId)));
  return rows.map((row) => row.participantId);
}

export async function listLobbyResults(db: Executor, tournamentId: string) {
  return db.select().from(competitionLobbyResults).where(eq(competitionLobbyResults.tournamentId, tournamentId));
}

/** Live reports of matches without a result that disagree: the staff's dispute queue. */
export async function listDisputes(db: Executor, tournamentId: string): Promise<number[]> {
  const reports = await db
    .select({
      matchId: competitionReports.matchId,
      registrationId: competitionReports.registrationId,
      score1: competitionReports.score1,
      score2: competitionReports.score2,
    })
    .from(competitionReports)
    .leftJoin(
      competitionResults,
      and(eq(competitionResults.tournamentId, competitionReports.tournamentId), eq(competitionResults.matchId, competitionReports.matchId)),
    )
    .where(and(eq(competitionReports.tournamentId, tournamentId), sql`${competitionResults.matchId} is null`));
  const byMatch = new Map<number, typeof reports>();
  for (const report of reports) byMatch.set(report.matchId, [...(byMatch.get(report.matchId) ?? []), report]);
  return [...byMatch].filter(([, list]) => reportsState(list).state === "disputed").map(([matchId]) => matchId);
}

export async function listAudit(db: Executor, tournamentId: string) {
  return db
    .select({
      id: competitionAudit.id,
      matchId: competitionAudit.matchId,
      action: competitionAudit.action,
      actor: users.email,
      before: competitionAudit.before,
      after: competitionAudit.after,
      reason: competitionAudit.reason,
      createdAt: competitionAudit.createdAt,
    })
    .from(competitionAudit)
    .innerJoin(users, eq(users.id, competitionAudit.actorUserId))
    .where(eq(competitionAudit.tournamentId, tournamentId))
    .orderBy(sql`${competitionAudit.id} desc`)
    .limit(50);
}

/** One match with its teams, room, reports and result. Null when the bracket has no such match. */
export async function findMatch(db: Executor, tournamentId: string, matchId: number) {
  const storage = new DrizzleBracketStorage(db, tournamentId);
  const match = (await storage.select("match", matchId)) as Match | null;
  if (!match) return null;
  const entrants = await listEntrants(db, tournamentId);
  const side = (opponent: Match["opponent1"]) => {
    const entrant = opponent?.id == null ? undefined : entrants.find((candidate) => candidate.participantId === opponent.id);
    return entrant ? { ...entrant, score: opponent?.score ?? null, winner: opponent?.result === "win" } : null;
  };
  const [room] = await db
    .select()
    .from(competitionRooms)
    .where(and(eq(competitionRooms.tournamentId, tournamentId), eq(competitionRooms.matchId, matchId)));
  const reports = await db
    .select()
    .from(competitionReports)
    .where(and(eq(competitionReports.tournamentId, tournamentId), eq(competitionReports.matchId, matchId)))
    .orderBy(asc(competitionReports.createdAt));
  const [result] = await db
    .select()
    .from(competitionResults)
    .where(and(eq(competitionResults.tournamentId, tournamentId), eq(competitionResults.matchId, matchId)));
  return {
    match,
    side1: side(match.opponent1),
    side2: side(match.opponent2),
    room: room ?? null,
    reports,
    result: result ?? null,
    playable: isPlayable(match),
  };
}

export type MatchDetails = NonNullable<Awaited<ReturnType<typeof findMatch>>>;

/** For mails: the captains' e-mail addresses and team names of some registrations. */
export async function captainsOf(db: Executor, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  return db
    .select({ registrationId: registrations.id, userId: users.id, email: users.email, language: users.language, name: teamName })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(inArray(registrations.id, registrationIds));
}

/** The run settings of those tournaments whose event has started (the landing cards' stage). */
export async function startedEventsAmong(db: Executor, tournamentIds: string[]) {
  if (tournamentIds.length === 0) return [];
  return db
    .select()
    .from(competitionSettings)
    .where(and(inArray(competitionSettings.tournamentId, tournamentIds), sql`${competitionSettings.startedAt} is not null`));
}
