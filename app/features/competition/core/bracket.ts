import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import type { Match, StageSettings } from "brackets-model";
import { groupsFinished, playoffSeeding } from "./bracket-view";
import { bracketSize, type BracketFormat } from "./formats";
import { MATCH_STATUS, type BracketData } from "./match-status";
import { seedingWithByes } from "./seeding";

/**
 * Building a bracket with brackets-manager, in memory: the stage from the seeding, then every
 * decided result replayed in match order. Used when staff start the event and when a correction
 * re-flows it; the caller stores the rows (decision 007).
 */
export const BRACKET_TABLES = ["participant", "stage", "group", "round", "match", "match_game"] as const;
export type BracketTable = (typeof BRACKET_TABLES)[number];
export { MATCH_STATUS, type BracketData };

export interface Entrant {
  registrationId: string;
  name: string;
}

export interface StoredResult {
  matchId: number;
  registration1: string;
  registration2: string;
  score1: number;
  score2: number;
}

export function stageSettings(format: BracketFormat, teams: number, groupCount: number): StageSettings {
  if (format === "round_robin" || format === "groups_playoffs")
    return { groupCount: Math.max(1, Math.min(groupCount, Math.floor(teams / 2))), seedOrdering: ["groups.seed_optimized"] };
  const settings: StageSettings = { size: bracketSize(teams), seedOrdering: ["inner_outer"], balanceByes: false };
  if (format === "double_elimination") settings.grandFinal = "double";
  return settings;
}

export function emptyBracket(): BracketData {
  return { participant: [], stage: [], group: [], round: [], match: [], match_game: [] };
}

/**
 * Participants get ids 0…n−1 in seed order (participant id = seed − 1). Results whose two teams
 * are not (any more) the two teams of their match are returned in `dropped` and not applied.
 */
export async function buildBracket(input: {
  tournamentId: string;
  format: BracketFormat;
  entrants: Entrant[];
  groupCount: number;
  results: StoredResult[];
}): Promise<{ data: BracketData; applied: number[]; dropped: number[] }> {
  const storage = new InMemoryDatabase();
  storage.setData(emptyBracket());
  const manager = new BracketsManager(storage);
  const participants = input.entrants.map((entrant) => ({
    tournament_id: input.tournamentId,
    name: entrant.name,
    registration_id: entrant.registrationId,
  }));
  await storage.insert("participant", participants as never);
  const ids = input.entrants.map((_, index) => index);
  const grouped = input.format === "round_robin" || input.format === "groups_playoffs";
  const settings = stageSettings(input.format, ids.length, input.groupCount);
  await manager.create.stage({
    tournamentId: input.tournamentId,
    name: "main",
    type: grouped ? "round_robin" : input.format === "double_elimination" ? "double_elimination" : "single_elimination",
    seedingIds: grouped ? ids : seedingWithByes(ids, settings.size!),
    settings,
  });
  const registrationOf = (participantId: number | null | undefined) =>
    participantId == null ? null : (input.entrants[participantId]?.registrationId ?? null);
  const applied: number[] = [];
  /** Replays the results whose match exists with the same two teams; answers the others. */
  const replay = async (results: StoredResult[]) => {
    const left: StoredResult[] = [];
    for (const result of results) {
      const match = (await storage.select("match", result.matchId)) as Match | null;
      const same =
        match &&
        registrationOf(match.opponent1?.id as number) === result.registration1 &&
        registrationOf(match.opponent2?.id as number) === result.registration2 &&
        (match.status === MATCH_STATUS.ready || match.status === MATCH_STATUS.running);
      if (!same) {
        left.push(result);
        continue;
      }
      await manager.update.match(resultUpdate(result.matchId, result));
      applied.push(result.matchId);
    }
    return left;
  };
  let left = await replay([...input.results].sort((a, b) => a.matchId - b.matchId));
  // Groups → playoffs: once every group match is decided, the playoffs are drawn from the group
  // tables (the same rule every time, so a rebuild draws the same bracket), then their results replayed.
  if (input.format === "groups_playoffs" && groupsFinished(exportData(storage))) {
    const qualified = playoffSeeding(exportData(storage));
    const size = bracketSize(qualified.length);
    await manager.create.stage({
      tournamentId: input.tournamentId,
      name: "playoffs",
      type: "single_elimination",
      seedingIds: seedingWithByes(qualified, size),
      settings: { size, seedOrdering: ["inner_outer"], balanceByes: false },
    });
    left = await replay(left);
  }
  const data = (await storage.select("stage")) ? exportData(storage) : emptyBracket();
  return { data, applied, dropped: left.map((result) => result.matchId) };
}

function exportData(storage: InMemoryDatabase): BracketData {
  return structuredClone((storage as unknown as { data: BracketData }).data);
}

/** The brackets-manager update that records a finished score. */
export function resultUpdate(matchId: number, score: { score1: number; score2: number }) {
  const firstWins = score.score1 > score.score2;
  return {
    id: matchId,
    opponent1: { score: score.score1, result: firstWins ? ("win" as const) : ("loss" as const) },
    opponent2: { score: score.score2, result: firstWins ? ("loss" as const) : ("win" as const) },
  };
}
