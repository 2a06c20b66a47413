import { BracketsManager } from "brackets-manager";
import { eq } from "drizzle-orm";
import { competitionResults, competitionSettings } from "~/db/schema";
import type { Transaction } from "~/lib/db.server";
import { DrizzleBracketStorage, loadBracket, replaceBracket } from "./bracket-storage.server";
import { buildBracket, resultUpdate, withoutNeedlessReset, type BracketData, type StoredResult } from "./core/bracket";
import { groupsFinished, isPlayable, playoffStage } from "./core/bracket-view";
import { isBracketFormat, isThirdPlace, type Format, type ThirdPlace } from "./core/formats";
import type { Score } from "./core/reports";
import { CompetitionError, type CompetitionEvent } from "./competition-types.server";
import { listEntrants } from "./competition-reads.server";

export function registrationOfParticipant(data: BracketData, participantId: unknown): string {
  return (data.participant.find((participant) => participant.id === participantId) as unknown as { registration_id: string })
    .registration_id;
}

/** Matches that became playable (both teams known) compared with the set before. */
export function readyEvents(before: Set<number>, data: BracketData): CompetitionEvent[] {
  return data.match
    .filter((match) => isPlayable(match) && !before.has(match.id as number))
    .map((match) => ({
      kind: "match_ready" as const,
      matchId: match.id as number,
      registrationIds: [registrationOfParticipant(data, match.opponent1!.id), registrationOfParticipant(data, match.opponent2!.id)],
    }));
}

export function playableIds(data: BracketData): Set<number> {
  return new Set(data.match.filter(isPlayable).map((match) => match.id as number));
}

/** The organizer's 3rd-place choice as stored (an unknown value reads as the default, shared). */
export function thirdPlaceOf(settings: { thirdPlace: string }): ThirdPlace {
  return isThirdPlace(settings.thirdPlace) ? settings.thirdPlace : "shared";
}

export async function bracketSettings(tx: Transaction, tournamentId: string) {
  const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, tournamentId));
  if (!settings) throw new CompetitionError("NOT_RUN_HERE");
  if (!settings.startedAt) throw new CompetitionError("NOT_STARTED");
  const format = settings.format as Format;
  if (!isBracketFormat(format)) throw new CompetitionError("NOT_BRACKET");
  return { ...settings, format };
}

/**
 * Records a decided score in the bracket rows through brackets-manager (our Drizzle CrudInterface).
 * Double elimination: the first grand final won by the winners'-bracket finalist ends the event (no reset).
 * Groups → playoffs: the result that finishes the group stage also draws the playoffs, by
 * rebuilding the whole bracket from the seeding and the stored results (as a correction does).
 */
export async function applyResult(tx: Transaction, tournamentId: string, matchId: number, score: Score) {
  const settings = await bracketSettings(tx, tournamentId);
  // Swiss rows are ours, not brackets-manager's: every result rebuilds them (and pairs the next round when one is over).
  if (settings.format !== "swiss") {
    const manager = new BracketsManager(new DrizzleBracketStorage(tx, tournamentId));
    await manager.update.match(resultUpdate(matchId, score));
    if (settings.format === "double_elimination") {
      // brackets-manager has just filled the bracket reset even if the winners'-bracket finalist won
      // the first grand final; then the event is over and the reset is emptied (issue #24).
      const data = await loadBracket(tx, tournamentId);
      if (withoutNeedlessReset(data)) await replaceBracket(tx, tournamentId, data);
      return;
    }
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
