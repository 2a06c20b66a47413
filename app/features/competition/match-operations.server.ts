import { refreshTournamentStandings } from "~/features/teams/leaderboard.server";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import {
  competitionAudit,
  competitionLobbyResults,
  competitionReports,
  competitionResults,
  competitionRooms,
  competitionSettings,
} from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { loadBracket, replaceBracket } from "./bracket-storage.server";
import { buildBracket, type StoredResult } from "./core/bracket";
import type { BracketFormat } from "./core/formats";
import { reportRefusal, reportsState, type Score } from "./core/reports";
import { matchPhase, moveRefusal, walkoverScore } from "./core/match-times";
import { matchTimeOf, writeRoundTimes } from "./match-times.server";
import { lobbyPlan } from "./core/lobbies";
import { CompetitionError, type CompetitionEvent } from "./competition-types.server";
import { withTournamentLock } from "./tournament-lock.server";
import { findMatch, listEntrants } from "./competition-reads.server";
import { applyResult, bracketSettings, playableIds, readyEvents, thirdPlaceOf } from "./bracket-progress.server";

/* ───────────── Reports ───────────── */

/** A match's stored result: its two teams in bracket order, the score, how it was decided and, for staff's, by whom. */
function resultRow(
  match: { tournamentId: string; matchId: number },
  teams: string[],
  score: Score,
  source: "agreement" | "staff" | "walkover",
  decidedBy?: string,
) {
  return {
    tournamentId: match.tournamentId,
    matchId: match.matchId,
    registration1: teams[0]!,
    registration2: teams[1]!,
    ...score,
    source,
    ...(decidedBy === undefined ? {} : { decidedBy }),
  };
}

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
      await tx.insert(competitionResults).values(resultRow(input, teams, state.score, "agreement"));
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
    const stored = resultRow(input, teams, input.score, "staff", input.actorUserId);
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
    await tx.insert(competitionResults).values(resultRow(input, teams, score, "walkover", input.actorUserId));
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
