import { refreshTournamentStandings } from "~/features/teams/leaderboard.server";
import { randomUUID } from "node:crypto";
import { BracketsManager } from "brackets-manager";
import type { Match } from "brackets-model";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  competitionAudit,
  competitionCheckIns,
  competitionEntrants,
  competitionLobbyResults,
  competitionPrizes,
  competitionReports,
  competitionResults,
  competitionRooms,
  competitionSettings,
  registrations,
  tournaments,
  users,
} from "~/db/schema";
import { recordAudit } from "~/features/admin/audit.server";
import { announce } from "~/features/notifications/notify.server";
import { releaseRegistration } from "~/features/tournaments/registrations.server";
import { noticeFreedPlace } from "~/features/tournaments/waitlist.server";
import type { Database, Transaction } from "~/lib/db.server";
import { DrizzleBracketStorage, loadBracket, replaceBracket } from "./bracket-storage.server";
import { announceChange } from "./competition-events.server";
import { buildBracket, resultUpdate, type BracketData, type StoredResult } from "./core/bracket";
import { groupsFinished, isPlayable, playoffStage } from "./core/bracket-view";
import { checkInPhase, checkInRefusal, checkInWindow } from "./core/check-in";
import type { CompetitionErrorCode } from "./core/errors";
import { isBracketFormat, isThirdPlace, type BracketFormat, type Format, type ThirdPlace } from "./core/formats";
import { reportRefusal, reportsState, type Score } from "./core/reports";
import { screenshotStorage } from "./screenshots.server";
import { matchPhase, moveRefusal, walkoverScore } from "./core/match-times";
import { matchTimeOf, writeRoundTimes } from "./match-times.server";
import { log } from "~/lib/log.server";
import { orderSeeds, type SeedingMethod } from "./core/seeding";
import { lobbyPlan } from "./core/lobbies";
import { DomainError } from "~/lib/domain-error";
import { holdsPlaceSql } from "~/features/tournaments/registration-status.server";

export class CompetitionError extends DomainError<CompetitionErrorCode> {}

/** What happened, for the mails sent after the commit (competition-mail.server.ts). */
export type CompetitionEvent =
  | { kind: "match_ready"; matchId: number; registrationIds: string[] }
  | { kind: "opponent_reported"; matchId: number; registrationId: string }
  | { kind: "dispute_opened"; matchId: number; registrationIds: string[] }
  | { kind: "result_decided"; matchId: number; registrationIds: string[]; byStaff: boolean }
  | { kind: "walkover"; matchId: number; registrationIds: string[] };

type Executor = Database | Transaction;

/** Screenshot files a write replaced or dropped: removed from storage once (and only if) it commits. */
type DiscardScreenshots = (keys: string[]) => void;

/**
 * Every write to one tournament's event: one transaction that first locks the tournament row, so
 * two captains reporting at once, or staff correcting while a captain reports, run one after the other.
 * Files of reports the write replaced or deleted are removed after the commit (a crash in between
 * leaves an unreferenced file, never a report without its file).
 */
export async function withTournamentLock<T>(
  db: Database,
  tournamentId: string,
  work: (tx: Transaction, discardScreenshots: DiscardScreenshots) => Promise<T>,
): Promise<T> {
  let afterCommit: () => void = () => undefined;
  const discarded: string[] = [];
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId)).for("update");
    if (!row) throw new CompetitionError("NOT_RUN_HERE");
    const value = await work(tx, (keys) => discarded.push(...keys));
    afterCommit = await announceChange(tx, tournamentId);
    return value;
  });
  afterCommit();
  for (const key of discarded)
    await screenshotStorage()
      .remove(key)
      .catch((error) => log.warn("replaced screenshot not removed", { tournamentId, key, error: String(error) }));
  return result;
}

/* ───────────── Reading ───────────── */

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

export { loadBracket };

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

/* ───────────── Staff: settings ───────────── */

export interface SettingsInput {
  format: Format;
  bestOf: number;
  finalBestOf: number;
  groupCount: number;
  lobbyMatches: number;
  startsAt: Date;
  checkInOpensMinutes: number;
  checkInClosesMinutes: number;
  lobbySize?: number;
  pointsPreset?: string;
  placementPoints?: number[];
  killPoints?: number;
  thirdPlace?: string;
}

export async function saveSettings(db: Database, tournamentId: string, input: SettingsInput, actorUserId: string) {
  return withTournamentLock(db, tournamentId, async (tx) => {
    const [current] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, tournamentId));
    if (current?.startedAt) throw new CompetitionError("ALREADY_STARTED");
    // A window moved to the future (event postponed): the automatic check-in mail is owed again.
    const opensAt = checkInWindow(input.startsAt, input.checkInOpensMinutes, input.checkInClosesMinutes).opensAt;
    const mailAgain =
      current?.checkInMailedAt &&
      opensAt > new Date() &&
      (current.startsAt.getTime() !== input.startsAt.getTime() || current.checkInOpensMinutes !== input.checkInOpensMinutes);
    // Likewise a check-in close moved to the future owes the no-show drop again (only teams still confirmed then are dropped).
    const dropAgain =
      current?.noShowsDroppedAt &&
      checkInWindow(input.startsAt, input.checkInOpensMinutes, input.checkInClosesMinutes).closesAt > new Date();
    await tx
      .insert(competitionSettings)
      .values({ tournamentId, ...input })
      .onConflictDoUpdate({
        target: competitionSettings.tournamentId,
        set: { ...input, ...(mailAgain ? { checkInMailedAt: null } : {}), ...(dropAgain ? { noShowsDroppedAt: null } : {}) },
      });
    await tx.insert(competitionAudit).values({ tournamentId, actorUserId, action: "settings", before: current ?? null, after: input });
  });
}

/* ───────────── Check-in ───────────── */

export async function checkIn(db: Database, input: { tournamentId: string; userId: string; now: Date }) {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, input.tournamentId));
    if (!settings) throw new CompetitionError("NOT_RUN_HERE");
    const [registration] = await tx
      .select({ id: registrations.id, status: registrations.status, userId: registrations.userId })
      .from(registrations)
      .where(and(eq(registrations.tournamentId, input.tournamentId), eq(registrations.userId, input.userId), holdsPlaceSql()));
    const phase = checkInPhase(checkInWindow(settings.startsAt, settings.checkInOpensMinutes, settings.checkInClosesMinutes), input.now);
    const refusal = checkInRefusal({
      phase,
      started: Boolean(settings.startedAt),
      registration: registration ?? null,
      userId: input.userId,
    });
    if (refusal) throw new CompetitionError(refusal);
    await tx
      .insert(competitionCheckIns)
      .values({ registrationId: registration!.id, tournamentId: input.tournamentId, userId: input.userId })
      .onConflictDoNothing();
    return { registrationId: registration!.id };
  });
}

/* ───────────── Start: drop no-shows, seed, generate ───────────── */

/** Matches a captain's earlier teams won on the platform (seeding "by past results"). */
async function pastWins(tx: Transaction, tournamentId: string, captainIds: string[]): Promise<Map<string, number>> {
  if (captainIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: registrations.userId, wins: sql<number>`count(*)::int` })
    .from(competitionResults)
    .innerJoin(
      registrations,
      sql`${registrations.id} = case when ${competitionResults.score1} > ${competitionResults.score2} then ${competitionResults.registration1} else ${competitionResults.registration2} end`,
    )
    .where(and(ne(competitionResults.tournamentId, tournamentId), inArray(registrations.userId, captainIds)))
    .groupBy(registrations.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.wins)]));
}

export async function startCompetition(
  db: Database,
  input: { tournamentId: string; actorUserId: string; method: SeedingMethod; manual?: Record<string, number>; random?: () => number },
): Promise<CompetitionEvent[]> {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, input.tournamentId));
    if (!settings) throw new CompetitionError("NOT_RUN_HERE");
    if (settings.startedAt) throw new CompetitionError("ALREADY_STARTED");
    // Teams that did not check in are dropped here.
    const teams = (await listTeams(tx, input.tournamentId)).filter((team) => team.checkedInAt !== null);
    if (teams.length < 2) throw new CompetitionError("TOO_FEW_TEAMS");
    const wins = await pastWins(
      tx,
      input.tournamentId,
      teams.map((team) => team.captainId),
    );
    const ordered = orderSeeds(
      teams.map((team, index) => ({
        registrationId: team.registrationId,
        name: team.name,
        order: index,
        pastWins: wins.get(team.captainId) ?? 0,
      })),
      input.method,
      { manual: input.manual, random: input.random },
    );
    if (!ordered.ok) throw new CompetitionError(ordered.code);
    await tx.insert(competitionEntrants).values(
      ordered.seeds.map((team, index) => ({
        tournamentId: input.tournamentId,
        registrationId: team.registrationId,
        seed: index + 1,
        participantId: index,
        name: team.name,
      })),
    );
    let events: CompetitionEvent[] = [];
    const format = settings.format as Format;
    if (isBracketFormat(format)) {
      const built = await buildBracket({
        tournamentId: input.tournamentId,
        format,
        entrants: ordered.seeds,
        groupCount: settings.groupCount,
        thirdPlace: thirdPlaceOf(settings),
        results: [],
      });
      await replaceBracket(tx, input.tournamentId, built.data);
      events = readyEvents(new Set(), built.data);
    }
    await tx.update(competitionSettings).set({ startedAt: new Date() }).where(eq(competitionSettings.tournamentId, input.tournamentId));
    await tx.insert(competitionAudit).values({
      tournamentId: input.tournamentId,
      actorUserId: input.actorUserId,
      action: "start",
      after: {
        method: input.method,
        seeds: ordered.seeds.map((team) => team.registrationId),
        dropped: (await listTeams(tx, input.tournamentId)).filter((team) => team.checkedInAt === null).map((team) => team.registrationId),
      },
    });
    return events;
  });
}

function registrationOfParticipant(data: BracketData, participantId: unknown): string {
  return (data.participant.find((participant) => participant.id === participantId) as unknown as { registration_id: string })
    .registration_id;
}

/** Matches that became playable (both teams known) compared with the set before. */
function readyEvents(before: Set<number>, data: BracketData): CompetitionEvent[] {
  return data.match
    .filter((match) => isPlayable(match) && !before.has(match.id as number))
    .map((match) => ({
      kind: "match_ready" as const,
      matchId: match.id as number,
      registrationIds: [registrationOfParticipant(data, match.opponent1!.id), registrationOfParticipant(data, match.opponent2!.id)],
    }));
}

function playableIds(data: BracketData): Set<number> {
  return new Set(data.match.filter(isPlayable).map((match) => match.id as number));
}

/** The organizer's 3rd-place choice as stored (an unknown value reads as the default, shared). */
function thirdPlaceOf(settings: { thirdPlace: string }): ThirdPlace {
  return isThirdPlace(settings.thirdPlace) ? settings.thirdPlace : "shared";
}

async function bracketSettings(tx: Transaction, tournamentId: string) {
  const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, tournamentId));
  if (!settings) throw new CompetitionError("NOT_RUN_HERE");
  if (!settings.startedAt) throw new CompetitionError("NOT_STARTED");
  const format = settings.format as Format;
  if (!isBracketFormat(format)) throw new CompetitionError("NOT_BRACKET");
  return { ...settings, format };
}

/**
 * Records a decided score in the bracket rows through brackets-manager (our Drizzle CrudInterface).
 * Groups → playoffs: the result that finishes the group stage also draws the playoffs, by
 * rebuilding the whole bracket from the seeding and the stored results (as a correction does).
 */
async function applyResult(tx: Transaction, tournamentId: string, matchId: number, score: Score) {
  const settings = await bracketSettings(tx, tournamentId);
  // Swiss rows are ours, not brackets-manager's: every result rebuilds them (and pairs the next round when one is over).
  if (settings.format !== "swiss") {
    const manager = new BracketsManager(new DrizzleBracketStorage(tx, tournamentId));
    await manager.update.match(resultUpdate(matchId, score));
    if (settings.format !== "groups_playoffs") return;
    const data = await loadBracket(tx, tournamentId);
    if (playoffStage(data) || !groupsFinished(data)) return;
  }
  const results: StoredResult[] = await tx.select().from(competitionResults).where(eq(competitionResults.tournamentId, tournamentId));
  const rebuilt = await buildBracket({
    tournamentId,
    format: settings.format,
    entrants: await listEntrants(tx, tournamentId),
    groupCount: settings.groupCount,
    thirdPlace: thirdPlaceOf(settings),
    results,
  });
  await replaceBracket(tx, tournamentId, rebuilt.data);
}

/* ───────────── Reports ───────────── */

export interface ReportInput {
  tournamentId: string;
  matchId: number;
  userId: string;
  score: Score;
  screenshot: { key: string; type: string };
  now?: Date;
}

/**
 * A captain's report. One report per team and match (a new one replaces the team's earlier one
 * while the match is undecided, a few times and not in quick succession: `reportRefusal`; the
 * replaced screenshot is removed). Both agree → decided; they disagree → a dispute for staff.
 * A report that repeats the team's earlier score changes nothing anyone is told: no event, no mail.
 */
export async function reportMatch(
  db: Database,
  input: ReportInput,
): Promise<{ state: "waiting" | "agreed" | "disputed"; events: CompetitionEvent[] }> {
  return withTournamentLock(db, input.tournamentId, async (tx, discardScreenshots) => {
    await bracketSettings(tx, input.tournamentId);
    const details = await findMatch(tx, input.tournamentId, input.matchId);
    if (!details) throw new CompetitionError("MATCH_NOT_READY");
    const mine = [details.side1, details.side2].find((side) => side?.captainId === input.userId);
    if (!mine) throw new CompetitionError("NOT_IN_MATCH");
    if (details.result) throw new CompetitionError("ALREADY_DECIDED");
    if (!details.playable) throw new CompetitionError("MATCH_NOT_READY");
    const other = mine === details.side1 ? details.side2! : details.side1!;
    const previous = details.reports.find((report) => report.registrationId === mine.registrationId) ?? null;
    const refusal = reportRefusal(previous, input.now ?? new Date());
    if (refusal) throw new CompetitionError(refusal);
    if (previous) discardScreenshots([previous.screenshotKey]);
    await tx
      .delete(competitionReports)
      .where(
        and(
          eq(competitionReports.tournamentId, input.tournamentId),
          eq(competitionReports.matchId, input.matchId),
          eq(competitionReports.registrationId, mine.registrationId),
        ),
      );
    await tx.insert(competitionReports).values({
      id: randomUUID(),
      tournamentId: input.tournamentId,
      matchId: input.matchId,
      registrationId: mine.registrationId,
      userId: input.userId,
      score1: input.score.score1,
      score2: input.score.score2,
      screenshotKey: input.screenshot.key,
      screenshotType: input.screenshot.type,
      revision: (previous?.revision ?? 0) + 1,
    });
    const reports = await tx
      .select()
      .from(competitionReports)
      .where(and(eq(competitionReports.tournamentId, input.tournamentId), eq(competitionReports.matchId, input.matchId)));
    const state = reportsState(reports);
    const teams = [details.side1!.registrationId, details.side2!.registrationId];
    if (state.state === "agreed") {
      const before = playableIds(await loadBracket(tx, input.tournamentId));
      await tx.insert(competitionResults).values({
        tournamentId: input.tournamentId,
        matchId: input.matchId,
        registration1: teams[0]!,
        registration2: teams[1]!,
        ...state.score,
        source: "agreement",
      });
      await applyResult(tx, input.tournamentId, input.matchId, state.score);
      await refreshTournamentStandings(tx, input.tournamentId);
      const after = await loadBracket(tx, input.tournamentId);
      return {
        state: "agreed",
        events: [{ kind: "result_decided", matchId: input.matchId, registrationIds: teams, byStaff: false }, ...readyEvents(before, after)],
      };
    }
    // The same score again (a new screenshot): the match is where it was; the opponent was told already.
    const repeated = previous && previous.score1 === input.score.score1 && previous.score2 === input.score.score2;
    if (state.state === "disputed")
      return { state: "disputed", events: repeated ? [] : [{ kind: "dispute_opened", matchId: input.matchId, registrationIds: teams }] };
    if (repeated) return { state: "waiting", events: [] };
    return { state: "waiting", events: [{ kind: "opponent_reported", matchId: input.matchId, registrationId: other.registrationId }] };
  });
}

/* ───────────── Staff: results and corrections ───────────── */

/**
 * Staff set a match's result (deciding a dispute) or correct a decided one. A correction rebuilds
 * the bracket from the stored seeding and results (brackets-manager, in memory) and replaces the
 * stored rows: later results whose teams changed are dropped with their reports. Audited.
 */
export async function setResult(
  db: Database,
  input: { tournamentId: string; matchId: number; actorUserId: string; score: Score; reason: string | null },
): Promise<CompetitionEvent[]> {
  return withTournamentLock(db, input.tournamentId, async (tx, discardScreenshots) => {
    const settings = await bracketSettings(tx, input.tournamentId);
    const details = await findMatch(tx, input.tournamentId, input.matchId);
    if (!details || !details.side1 || !details.side2) throw new CompetitionError("MATCH_NOT_READY");
    const teams = [details.side1.registrationId, details.side2.registrationId];
    const before = await loadBracket(tx, input.tournamentId);
    const beforePlayable = playableIds(before);
    const stored = {
      tournamentId: input.tournamentId,
      matchId: input.matchId,
      registration1: teams[0]!,
      registration2: teams[1]!,
      ...input.score,
      source: "staff",
      decidedBy: input.actorUserId,
    };
    let dropped: number[] = [];
    if (details.result) {
      await tx
        .update(competitionResults)
        .set(stored)
        .where(and(eq(competitionResults.tournamentId, input.tournamentId), eq(competitionResults.matchId, input.matchId)));
      const results: StoredResult[] = await tx
        .select()
        .from(competitionResults)
        .where(eq(competitionResults.tournamentId, input.tournamentId));
      const entrants = await listEntrants(tx, input.tournamentId);
      const rebuilt = await buildBracket({
        tournamentId: input.tournamentId,
        format: settings.format as BracketFormat,
        entrants,
        groupCount: settings.groupCount,
        thirdPlace: thirdPlaceOf(settings),
        results,
      });
      dropped = rebuilt.dropped;
      if (dropped.length) {
        await tx
          .delete(competitionResults)
          .where(and(eq(competitionResults.tournamentId, input.tournamentId), inArray(competitionResults.matchId, dropped)));
        const droppedReports = await tx
          .delete(competitionReports)
          .where(and(eq(competitionReports.tournamentId, input.tournamentId), inArray(competitionReports.matchId, dropped)))
          .returning({ screenshotKey: competitionReports.screenshotKey });
        discardScreenshots(droppedReports.map((report) => report.screenshotKey));
      }
      await replaceBracket(tx, input.tournamentId, rebuilt.data);
    } else {
      if (!details.playable) throw new CompetitionError("MATCH_NOT_READY");
      await tx.insert(competitionResults).values(stored);
      await applyResult(tx, input.tournamentId, input.matchId, input.score);
    }
    await tx.insert(competitionAudit).values({
      tournamentId: input.tournamentId,
      matchId: input.matchId,
      actorUserId: input.actorUserId,
      action: details.result ? "correct_result" : "set_result",
      before: details.result
        ? { score1: details.result.score1, score2: details.result.score2, source: details.result.source }
        : {
            reports: details.reports.map((report) => ({
              registrationId: report.registrationId,
              score1: report.score1,
              score2: report.score2,
            })),
          },
      after: { score1: input.score.score1, score2: input.score.score2, reopened: dropped },
      reason: input.reason,
    });
    await refreshTournamentStandings(tx, input.tournamentId);
    const after = await loadBracket(tx, input.tournamentId);
    const reopened = new Set(dropped);
    return [
      { kind: "result_decided" as const, matchId: input.matchId, registrationIds: teams, byStaff: true },
      ...readyEvents(new Set([...beforePlayable].filter((id) => !reopened.has(id))), after),
    ];
  });
}

/**
 * Staff give a walkover to the team that is present (side 1 or 2) once the match's time (its own, or its round's) has
 * passed and the match has no result (core/match-times.ts, the table of allowed moves). Stored as a
 * staff result 1–0 with source "walkover" (the bracket advances the present team; the views write
 * "W.O."), audited, and both teams are told.
 */
export async function giveWalkover(
  db: Database,
  input: { tournamentId: string; matchId: number; actorUserId: string; present: 1 | 2; reason: string | null; now: Date },
): Promise<CompetitionEvent[]> {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    await bracketSettings(tx, input.tournamentId);
    const details = await findMatch(tx, input.tournamentId, input.matchId);
    if (!details) throw new CompetitionError("MATCH_NOT_READY");
    const scheduledAt = await matchTimeOf(tx, input.tournamentId, input.matchId, details.match.round_id as number);
    const phase = matchPhase({ playable: details.playable, decided: Boolean(details.result), scheduledAt, now: input.now });
    const refusal = moveRefusal(phase, "walkover");
    if (refusal) throw new CompetitionError(refusal);
    const teams = [details.side1!.registrationId, details.side2!.registrationId];
    const before = await loadBracket(tx, input.tournamentId);
    const score = walkoverScore(input.present);
    await tx.insert(competitionResults).values({
      tournamentId: input.tournamentId,
      matchId: input.matchId,
      registration1: teams[0]!,
      registration2: teams[1]!,
      ...score,
      source: "walkover",
      decidedBy: input.actorUserId,
    });
    await applyResult(tx, input.tournamentId, input.matchId, score);
    await tx.insert(competitionAudit).values({
      tournamentId: input.tournamentId,
      matchId: input.matchId,
      actorUserId: input.actorUserId,
      action: "walkover",
      before: { scheduledAt: scheduledAt?.toISOString() ?? null, reports: details.reports.length },
      after: { present: teams[input.present - 1], absent: teams[2 - input.present] },
      reason: input.reason,
    });
    await refreshTournamentStandings(tx, input.tournamentId);
    return [
      { kind: "walkover" as const, matchId: input.matchId, registrationIds: teams },
      ...readyEvents(playableIds(before), await loadBracket(tx, input.tournamentId)),
    ];
  });
}

/** Staff set (or clear) the times of a started bracket's rounds; only rounds of the bracket; audited when something changed. */
export async function saveRoundTimes(
  db: Database,
  input: { tournamentId: string; times: { roundId: number; scheduledAt: Date | null }[]; actorUserId: string },
) {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    await bracketSettings(tx, input.tournamentId);
    const rounds = new Set((await loadBracket(tx, input.tournamentId)).round.map((round) => round.id as number));
    if (!input.times.every((time) => rounds.has(time.roundId))) throw new CompetitionError("BAD_ROUND_TIME");
    const changed = await writeRoundTimes(tx, input.tournamentId, input.times);
    if (changed.length)
      await tx.insert(competitionAudit).values({
        tournamentId: input.tournamentId,
        actorUserId: input.actorUserId,
        action: "round_times",
        before: changed.map(({ roundId, before }) => ({ roundId, scheduledAt: before })),
        after: changed.map(({ roundId, after }) => ({ roundId, scheduledAt: after })),
      });
    return changed.length;
  });
}

export async function postRoom(
  db: Database,
  input: { tournamentId: string; matchId: number; roomId: string; roomPassword: string; actorUserId: string },
) {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    const details = await findMatch(tx, input.tournamentId, input.matchId);
    if (!details) throw new CompetitionError("MATCH_NOT_READY");
    const values = { tournamentId: input.tournamentId, matchId: input.matchId, roomId: input.roomId, roomPassword: input.roomPassword };
    await tx
      .insert(competitionRooms)
      .values(values)
      .onConflictDoUpdate({
        target: [competitionRooms.tournamentId, competitionRooms.matchId],
        set: { roomId: input.roomId, roomPassword: input.roomPassword, updatedAt: new Date() },
      });
    await tx.insert(competitionAudit).values({
      tournamentId: input.tournamentId,
      matchId: input.matchId,
      actorUserId: input.actorUserId,
      action: "room",
      after: { roomId: input.roomId },
    });
    // The two teams of the match: the only ones told the room (docs/notifications.md).
    return { registrationIds: [details.side1?.registrationId, details.side2?.registrationId].filter((id): id is string => Boolean(id)) };
  });
}

/* ───────────── Battle royale ───────────── */

export async function saveLobby(
  db: Database,
  input: {
    tournamentId: string;
    lobbyMatch: number;
    results: { registrationId: string; placement: number; kills: number }[];
    actorUserId: string;
  },
) {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, input.tournamentId));
    if (!settings) throw new CompetitionError("NOT_RUN_HERE");
    if (settings.format !== "battle_royale") throw new CompetitionError("NOT_POINTS_TABLE");
    if (!settings.startedAt) throw new CompetitionError("NOT_STARTED");
    // Each lobby holds one group's teams (core/lobbies.ts); every one of them gets a placement.
    const seeded = (await listEntrants(tx, input.tournamentId)).map((entrant) => entrant.registrationId);
    const lobby = lobbyPlan(seeded, settings.lobbySize, settings.lobbyMatches).find((candidate) => candidate.lobby === input.lobbyMatch);
    if (!lobby) throw new CompetitionError("BAD_LOBBY");
    const members = new Set(lobby.teams);
    if (input.results.length !== members.size || !input.results.every((result) => members.has(result.registrationId)))
      throw new CompetitionError("BAD_LOBBY");
    const scope = and(
      eq(competitionLobbyResults.tournamentId, input.tournamentId),
      eq(competitionLobbyResults.lobbyMatch, input.lobbyMatch),
    );
    const before = await tx.select().from(competitionLobbyResults).where(scope);
    await tx.delete(competitionLobbyResults).where(scope);
    await tx
      .insert(competitionLobbyResults)
      .values(input.results.map((result) => ({ tournamentId: input.tournamentId, lobbyMatch: input.lobbyMatch, ...result })));
    await tx.insert(competitionAudit).values({
      tournamentId: input.tournamentId,
      actorUserId: input.actorUserId,
      action: before.length ? "correct_lobby" : "lobby",
      before: before.length ? before : null,
      after: { lobbyMatch: input.lobbyMatch, results: input.results },
    });
    // A lobby's placements and kills earn season points, so a correction changes them too (docs/teams.md).
    await refreshTournamentStandings(tx, input.tournamentId);
  });
}

/* ───────────── Prizes ───────────── */

/** Staff record who got which prize (replacing what was recorded before); audited. */
export async function savePrizes(
  db: Database,
  input: { tournamentId: string; prizes: { registrationId: string; place: number; amount: string }[]; actorUserId: string },
) {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, input.tournamentId));
    if (!settings?.startedAt) throw new CompetitionError("NOT_STARTED");
    const entrants = new Set((await listEntrants(tx, input.tournamentId)).map((entrant) => entrant.registrationId));
    if (!input.prizes.every((prize) => entrants.has(prize.registrationId))) throw new CompetitionError("BAD_PRIZES");
    const before = await tx.select().from(competitionPrizes).where(eq(competitionPrizes.tournamentId, input.tournamentId));
    await tx.delete(competitionPrizes).where(eq(competitionPrizes.tournamentId, input.tournamentId));
    if (input.prizes.length)
      await tx.insert(competitionPrizes).values(input.prizes.map((prize) => ({ tournamentId: input.tournamentId, ...prize })));
    await tx.insert(competitionAudit).values({
      tournamentId: input.tournamentId,
      actorUserId: input.actorUserId,
      action: "prizes",
      before: before.length ? before : null,
      after: input.prizes,
    });
    // Places earn leaderboard points (docs/teams.md).
    await refreshTournamentStandings(tx, input.tournamentId);
    // The first time the final places are recorded, an organization's channel hears the podium (docs/organizations.md).
    if (before.length === 0 && input.prizes.length > 0) await announceResults(tx, input.tournamentId);
  });
}

async function announceResults(tx: Transaction, tournamentId: string) {
  const [tournament] = await tx
    .select({ title: tournaments.title, organizationId: tournaments.organizationId })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!tournament?.organizationId) return;
  const podium = (await listPrizes(tx, tournamentId)).map((prize) => prize.name);
  await announce(tx, tournamentId, { kind: "results", title: tournament.title, podium, path: `/tournaments/${tournamentId}/bracket` });
}

export async function listPrizes(db: Executor, tournamentId: string) {
  return db
    .select({
      registrationId: competitionPrizes.registrationId,
      place: competitionPrizes.place,
      amount: competitionPrizes.amount,
      name: competitionEntrants.name,
    })
    .from(competitionPrizes)
    .innerJoin(
      competitionEntrants,
      and(
        eq(competitionEntrants.tournamentId, competitionPrizes.tournamentId),
        eq(competitionEntrants.registrationId, competitionPrizes.registrationId),
      ),
    )
    .where(eq(competitionPrizes.tournamentId, tournamentId))
    .orderBy(asc(competitionPrizes.place));
}

/** For mails: the captains' e-mail addresses and team names of some registrations. */
export async function captainsOf(db: Executor, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  return db
    .select({ registrationId: registrations.id, userId: users.id, email: users.email, language: users.language, name: teamName })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(inArray(registrations.id, registrationIds));
}

/**
 * Tournaments whose check-in window is open now and whose automatic check-in mail has not gone
 * out: each is claimed (its `check_in_mailed_at` set) in one statement, so across instances and
 * restarts only one claim ever succeeds. Answers the claimed tournaments with the confirmed teams
 * that have not checked in yet.
 */
export async function claimCheckInMails(db: Database, now = new Date()) {
  const claimed = await db
    .update(competitionSettings)
    .set({ checkInMailedAt: now })
    .where(
      and(
        sql`${competitionSettings.checkInMailedAt} is null`,
        sql`${competitionSettings.startedAt} is null`,
        sql`${competitionSettings.startsAt} - make_interval(mins => ${competitionSettings.checkInOpensMinutes}) <= ${now}`,
        sql`${competitionSettings.startsAt} - make_interval(mins => ${competitionSettings.checkInClosesMinutes}) > ${now}`,
        sql`exists (select 1 from tournaments t where t.id = ${competitionSettings.tournamentId} and t.status = 'published')`,
      ),
    )
    .returning({ tournamentId: competitionSettings.tournamentId });
  const result: { tournament: { id: string; title: string }; registrationIds: string[] }[] = [];
  for (const { tournamentId } of claimed) {
    const [tournament] = await db
      .select({ id: tournaments.id, title: tournaments.title })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId));
    if (!tournament) continue;
    const teams = await listTeams(db, tournamentId);
    result.push({ tournament, registrationIds: teams.filter((team) => !team.checkedInAt).map((team) => team.registrationId) });
  }
  return result;
}

/** A tournament whose check-in closed, whose start is still ahead and not made, and whose no-shows were not dropped. */
const noShowsDue = (now: Date) =>
  and(
    sql`${competitionSettings.noShowsDroppedAt} is null`,
    sql`${competitionSettings.startedAt} is null`,
    sql`${competitionSettings.startsAt} - make_interval(mins => ${competitionSettings.checkInClosesMinutes}) <= ${now}`,
    sql`${competitionSettings.startsAt} > ${now}`,
    sql`exists (select 1 from tournaments t where t.id = ${competitionSettings.tournamentId} and t.status = 'published')`,
  );

/**
 * When check-in closes: the confirmed teams without a check-in are released (their orders stay as
 * they are: no money moves) and, with places now free, the waiting list is owed a "late entry" mail.
 * Each tournament is claimed (`no_shows_dropped_at` set) in one statement under its row lock, in the
 * same transaction as the release, so across instances and restarts it happens once. Answers each
 * dropping with the released registrations (their captains are mailed after the commit).
 */
export async function dropNoShows(db: Database, now = new Date()) {
  const due = await db.select({ tournamentId: competitionSettings.tournamentId }).from(competitionSettings).where(noShowsDue(now));
  const result: { tournament: { id: string; title: string }; registrationIds: string[] }[] = [];
  for (const { tournamentId } of due) {
    const done = await withTournamentLock(db, tournamentId, async (tx) => {
      const claimed = await tx
        .update(competitionSettings)
        .set({ noShowsDroppedAt: now })
        .where(and(eq(competitionSettings.tournamentId, tournamentId), noShowsDue(now)))
        .returning({ startsAt: competitionSettings.startsAt });
      if (claimed.length === 0) return null;
      const noShows = (await listTeams(tx, tournamentId)).filter((team) => team.checkedInAt === null).map((team) => team.registrationId);
      for (const registrationId of noShows) await releaseRegistration(tx, registrationId, "no_show");
      if (noShows.length) {
        await recordAudit(tx, {
          actorId: null,
          action: "registration.no_show",
          entity: "tournament",
          entityId: tournamentId,
          after: { released: noShows, startsAt: claimed[0]!.startsAt },
        });
        await noticeFreedPlace(tx, tournamentId, now);
      }
      const [tournament] = await tx
        .select({ id: tournaments.id, title: tournaments.title })
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId));
      return { tournament: tournament!, registrationIds: noShows };
    });
    if (done) result.push(done);
  }
  return result;
}

/** The run settings of those tournaments whose event has started (the landing cards' stage). */
export async function startedEventsAmong(db: Executor, tournamentIds: string[]) {
  if (tournamentIds.length === 0) return [];
  return db
    .select()
    .from(competitionSettings)
    .where(and(inArray(competitionSettings.tournamentId, tournamentIds), sql`${competitionSettings.startedAt} is not null`));
}
