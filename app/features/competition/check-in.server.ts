import { and, eq, sql } from "drizzle-orm";
import { competitionCheckIns, competitionSettings, registrations, tournaments } from "~/db/schema";
import { recordAudit } from "~/features/admin/audit.server";
import { releaseRegistration } from "~/features/tournaments/registrations.server";
import { noticeFreedPlace } from "~/features/tournaments/waitlist.server";
import type { Database } from "~/lib/db.server";
import { checkInPhase, checkInRefusal, checkInWindow } from "./core/check-in";
import { holdsPlaceSql } from "~/features/tournaments/registration-status.server";
import { CompetitionError } from "./competition-types.server";
import { withTournamentLock } from "./tournament-lock.server";
import { listTeams } from "./competition-reads.server";

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
