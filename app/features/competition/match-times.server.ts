import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  competitionEntrants,
  competitionMatchReminders,
  competitionMatchTimes,
  competitionResults,
  competitionRoundTimes,
} from "~/db/schema";
import { loadBracket } from "./bracket-storage.server";
import { MATCH_STATUS } from "./core/match-status";
import type { Database, Transaction } from "~/lib/db.server";
import { MATCH_REMINDER_MINUTES, matchTime, reminderKey } from "./core/match-times";

/**
 * The repository of round and match times (core/match-times.ts has the rules): staff set them, players
 * read them, the routine reminds. A match's own time overrides its round's (`matchTime`).
 */

type Executor = Database | Transaction;

/** Round id → scheduled time, for one tournament. */
export async function listRoundTimes(db: Executor, tournamentId: string): Promise<Map<number, Date>> {
  const rows = await db
    .select({ roundId: competitionRoundTimes.roundId, scheduledAt: competitionRoundTimes.scheduledAt })
    .from(competitionRoundTimes)
    .where(eq(competitionRoundTimes.tournamentId, tournamentId))
    .orderBy(asc(competitionRoundTimes.roundId));
  return new Map(rows.map((row) => [row.roundId, row.scheduledAt]));
}

export async function roundTimeOf(db: Executor, tournamentId: string, roundId: number): Promise<Date | null> {
  const [row] = await db
    .select({ scheduledAt: competitionRoundTimes.scheduledAt })
    .from(competitionRoundTimes)
    .where(and(eq(competitionRoundTimes.tournamentId, tournamentId), eq(competitionRoundTimes.roundId, roundId)));
  return row?.scheduledAt ?? null;
}

/**
 * Writes the round times staff set (null clears one). A time that changes owes its reminder again
 * (`reminded_at` cleared); an unchanged one keeps its state, so saving the form twice reminds once.
 * Answers what changed, for the audit.
 */
export async function writeRoundTimes(tx: Transaction, tournamentId: string, times: { roundId: number; scheduledAt: Date | null }[]) {
  const current = await listRoundTimes(tx, tournamentId);
  const changed: { roundId: number; before: string | null; after: string | null }[] = [];
  for (const { roundId, scheduledAt } of times) {
    const before = current.get(roundId) ?? null;
    if ((before?.getTime() ?? null) === (scheduledAt?.getTime() ?? null)) continue;
    changed.push({ roundId, before: before?.toISOString() ?? null, after: scheduledAt?.toISOString() ?? null });
    if (!scheduledAt) {
      await tx
        .delete(competitionRoundTimes)
        .where(and(eq(competitionRoundTimes.tournamentId, tournamentId), eq(competitionRoundTimes.roundId, roundId)));
      continue;
    }
    await tx
      .insert(competitionRoundTimes)
      .values({ tournamentId, roundId, scheduledAt })
      .onConflictDoUpdate({
        target: [competitionRoundTimes.tournamentId, competitionRoundTimes.roundId],
        set: { scheduledAt, remindedAt: null, updatedAt: new Date() },
      });
  }
  return changed;
}

/**
 * Claims every round whose reminder is due now (from MATCH_REMINDER_MINUTES before its time until the
 * time) and not yet sent, in one statement: across instances and restarts only one claim succeeds.
 * Only events still running (started, published) are claimed.
 */
export async function claimDueReminders(tx: Executor, now: Date) {
  return tx
    .update(competitionRoundTimes)
    .set({ remindedAt: now })
    .where(
      and(
        sql`${competitionRoundTimes.remindedAt} is null`,
        sql`${competitionRoundTimes.scheduledAt} - make_interval(mins => ${MATCH_REMINDER_MINUTES}) <= ${now}`,
        sql`${competitionRoundTimes.scheduledAt} > ${now}`,
        sql`exists (select 1 from tournaments t join competition_settings s on s.tournament_id = t.id
          where t.id = ${competitionRoundTimes.tournamentId} and t.status = 'published' and s.started_at is not null)`,
      ),
    )
    .returning({
      tournamentId: competitionRoundTimes.tournamentId,
      roundId: competitionRoundTimes.roundId,
      scheduledAt: competitionRoundTimes.scheduledAt,
    });
}

/** The scheduled time of each listed round of several tournaments (a player's registrations page). */
export async function roundTimesAmong(db: Executor, tournamentIds: string[]) {
  if (tournamentIds.length === 0) return [];
  return db
    .select({
      tournamentId: competitionRoundTimes.tournamentId,
      roundId: competitionRoundTimes.roundId,
      scheduledAt: competitionRoundTimes.scheduledAt,
    })
    .from(competitionRoundTimes)
    .where(inArray(competitionRoundTimes.tournamentId, tournamentIds));
}

/** The matches of a tournament decided by walkover (the views write "W.O." on them). */
export async function listWalkovers(db: Executor, tournamentId: string): Promise<number[]> {
  const rows = await db
    .select({ matchId: competitionResults.matchId })
    .from(competitionResults)
    .where(and(eq(competitionResults.tournamentId, tournamentId), eq(competitionResults.source, "walkover")));
  return rows.map((row) => row.matchId);
}

/**
 * A player's registrations page: for each registration whose team is still in a started bracket with
 * times, its next match (the first undecided one it is in, by round) and its time (its own, else its
 * round's). Only tournaments that have times are read (their brackets loaded once each).
 */
export async function nextMatchTimes(
  db: Executor,
  registrationIds: string[],
): Promise<Map<string, { tournamentId: string; matchId: number; scheduledAt: Date }>> {
  const result = new Map<string, { tournamentId: string; matchId: number; scheduledAt: Date }>();
  if (registrationIds.length === 0) return result;
  const entrants = await db
    .select({
      tournamentId: competitionEntrants.tournamentId,
      registrationId: competitionEntrants.registrationId,
      participantId: competitionEntrants.participantId,
    })
    .from(competitionEntrants)
    .where(inArray(competitionEntrants.registrationId, registrationIds));
  const tournamentIds = [...new Set(entrants.map((entrant) => entrant.tournamentId))];
  const times = await roundTimesAmong(db, tournamentIds);
  const ownTimes = tournamentIds.length
    ? await db
        .select({
          tournamentId: competitionMatchTimes.tournamentId,
          matchId: competitionMatchTimes.matchId,
          scheduledAt: competitionMatchTimes.scheduledAt,
        })
        .from(competitionMatchTimes)
        .where(inArray(competitionMatchTimes.tournamentId, tournamentIds))
    : [];
  for (const tournamentId of new Set([...times, ...ownTimes].map((time) => time.tournamentId))) {
    const rounds = new Map(times.filter((time) => time.tournamentId === tournamentId).map((time) => [time.roundId, time.scheduledAt]));
    const own = new Map(ownTimes.filter((time) => time.tournamentId === tournamentId).map((time) => [time.matchId, time.scheduledAt]));
    const data = await loadBracket(db, tournamentId);
    const open = data.match
      .filter((match) => match.status !== MATCH_STATUS.completed && match.status !== MATCH_STATUS.archived)
      .sort((a, b) => (a.round_id as number) - (b.round_id as number) || a.number - b.number);
    for (const entrant of entrants.filter((candidate) => candidate.tournamentId === tournamentId)) {
      const next = open.find((match) => match.opponent1?.id === entrant.participantId || match.opponent2?.id === entrant.participantId);
      const scheduledAt = next ? matchTime(own.get(next.id as number), rounds.get(next.round_id as number)) : null;
      if (next && scheduledAt) result.set(entrant.registrationId, { tournamentId, matchId: next.id as number, scheduledAt });
    }
  }
  return result;
}

/** Match id → its own time (overriding its round's), for one tournament. */
export async function listMatchTimes(db: Executor, tournamentId: string): Promise<Map<number, Date>> {
  const rows = await db
    .select({ matchId: competitionMatchTimes.matchId, scheduledAt: competitionMatchTimes.scheduledAt })
    .from(competitionMatchTimes)
    .where(eq(competitionMatchTimes.tournamentId, tournamentId));
  return new Map(rows.map((row) => [row.matchId, row.scheduledAt]));
}

/** When one match is played: its own time, else its round's. */
export async function matchTimeOf(db: Executor, tournamentId: string, matchId: number, roundId: number): Promise<Date | null> {
  const [own] = await db
    .select({ scheduledAt: competitionMatchTimes.scheduledAt })
    .from(competitionMatchTimes)
    .where(and(eq(competitionMatchTimes.tournamentId, tournamentId), eq(competitionMatchTimes.matchId, matchId)));
  return matchTime(own?.scheduledAt, await roundTimeOf(db, tournamentId, roundId));
}

/** Sets (or, with null, clears) one match's own time. Answers the change for the audit, or null when nothing changed. */
export async function writeMatchTime(tx: Transaction, tournamentId: string, matchId: number, scheduledAt: Date | null) {
  const scope = and(eq(competitionMatchTimes.tournamentId, tournamentId), eq(competitionMatchTimes.matchId, matchId));
  const [current] = await tx.select({ scheduledAt: competitionMatchTimes.scheduledAt }).from(competitionMatchTimes).where(scope);
  const before = current?.scheduledAt ?? null;
  if ((before?.getTime() ?? null) === (scheduledAt?.getTime() ?? null)) return null;
  if (!scheduledAt) await tx.delete(competitionMatchTimes).where(scope);
  else
    await tx
      .insert(competitionMatchTimes)
      .values({ tournamentId, matchId, scheduledAt })
      .onConflictDoUpdate({
        target: [competitionMatchTimes.tournamentId, competitionMatchTimes.matchId],
        set: { scheduledAt, updatedAt: new Date() },
      });
  return { before: before?.toISOString() ?? null, after: scheduledAt?.toISOString() ?? null };
}

/** Running events (started, published) with a round or match time whose reminder window is open now. */
export async function tournamentsWithRemindersDue(db: Executor, now: Date): Promise<string[]> {
  const due = (table: typeof competitionRoundTimes | typeof competitionMatchTimes) =>
    db
      .selectDistinct({ tournamentId: table.tournamentId })
      .from(table)
      .where(
        and(
          sql`${table.scheduledAt} > ${now}`,
          sql`${table.scheduledAt} - make_interval(mins => ${MATCH_REMINDER_MINUTES}) <= ${now}`,
          sql`exists (select 1 from tournaments t join competition_settings s on s.tournament_id = t.id
            where t.id = ${table.tournamentId} and t.status = 'published' and s.started_at is not null)`,
        ),
      );
  const rows = [...(await due(competitionRoundTimes)), ...(await due(competitionMatchTimes))];
  return [...new Set(rows.map((row) => row.tournamentId))];
}

/** The reminders already sent for a tournament (`reminderKey`s). */
export async function sentReminders(db: Executor, tournamentId: string): Promise<Set<string>> {
  const rows = await db
    .select({ matchId: competitionMatchReminders.matchId, scheduledAt: competitionMatchReminders.scheduledAt })
    .from(competitionMatchReminders)
    .where(eq(competitionMatchReminders.tournamentId, tournamentId));
  return new Set(rows.map((row) => reminderKey(row.matchId, row.scheduledAt)));
}

/**
 * Claims one match's reminder at one time: the insert succeeds once; another instance's (or a later
 * run's) does nothing, so the notices queued with it in the same transaction go once.
 */
export async function claimMatchReminder(tx: Executor, tournamentId: string, matchId: number, scheduledAt: Date, now: Date) {
  const claimed = await tx
    .insert(competitionMatchReminders)
    .values({ tournamentId, matchId, scheduledAt, sentAt: now })
    .onConflictDoNothing()
    .returning({ matchId: competitionMatchReminders.matchId });
  return claimed.length === 1;
}
