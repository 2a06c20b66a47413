import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { competitionAudit, competitionEntrants, competitionResults, competitionSettings, registrations } from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { replaceBracket } from "./bracket-storage.server";
import { buildBracket } from "./core/bracket";
import { checkInWindow } from "./core/check-in";
import { isBracketFormat, type Format } from "./core/formats";
import { orderSeeds, type SeedingMethod } from "./core/seeding";
import type { CompetitionSettingsInput } from "./core/settings";
import { CompetitionError, type CompetitionEvent } from "./competition-types.server";
import { withTournamentLock } from "./tournament-lock.server";
import { listTeams } from "./competition-reads.server";
import { readyEvents, thirdPlaceOf } from "./bracket-progress.server";

/** The settings form's fields (core/settings.ts) with the run page's details. */
export interface SettingsInput extends CompetitionSettingsInput {
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
