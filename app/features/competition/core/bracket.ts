import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import type { Match, StageSettings } from "brackets-model";
import { groupsFinished, playoffSeeding } from "./bracket-view";
import { bracketSize, playsThirdPlaceMatch, type BracketFormat, type ThirdPlace } from "./formats";
import { pairRound, swissRounds, type SwissGame } from "./swiss";
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

export function stageSettings(format: BracketFormat, teams: number, groupCount: number, thirdPlace?: ThirdPlace): StageSettings {
  if (format === "round_robin" || format === "groups_playoffs")
    return { groupCount: Math.max(1, Math.min(groupCount, Math.floor(teams / 2))), seedOrdering: ["groups.seed_optimized"] };
  const settings: StageSettings = { size: bracketSize(teams), seedOrdering: ["inner_outer"], balanceByes: false };
  if (format === "double_elimination") settings.grandFinal = "double";
  // The semifinal losers meet in a 3rd-place match (a second group, below the final).
  if (format === "single_elimination" && playsThirdPlaceMatch(thirdPlace, teams)) settings.consolationFinal = true;
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
  /** Single elimination and the playoffs of groups → playoffs: shared 3rd places (default) or a 3rd-place match. */
  thirdPlace?: ThirdPlace;
}): Promise<{ data: BracketData; applied: number[]; dropped: number[] }> {
  if (input.format === "swiss") return buildSwiss(input);
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
  const settings = stageSettings(input.format, ids.length, input.groupCount, input.thirdPlace);
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
      settings: {
        size,
        seedOrdering: ["inner_outer"],
        balanceByes: false,
        ...(playsThirdPlaceMatch(input.thirdPlace, qualified.length) ? { consolationFinal: true } : {}),
      },
    });
    left = await replay(left);
  }
  const data = (await storage.select("stage")) ? exportData(storage) : emptyBracket();
  if (input.format === "double_elimination") withoutNeedlessReset(data);
  return { data, applied, dropped: left.map((result) => result.matchId) };
}

/**
 * Double elimination: brackets-manager fills the bracket reset (the second grand final) whoever wins
 * the first, but when the winners'-bracket finalist (side 1) wins it the event is over. The reset is
 * then emptied and locked, as the views read a match nobody will play. Answers whether it changed
 * anything (a result recorded match by match: bracket-progress.server.ts applyResult stores it then).
 */
export function withoutNeedlessReset(data: BracketData): boolean {
  const finalGroup = data.group.find((group) => group.number === 3);
  if (!finalGroup) return false;
  const [first, reset] = data.match
    .filter((match) => match.group_id === finalGroup.id)
    .sort((a, b) => (a.round_id as number) - (b.round_id as number));
  if (!first || !reset || first.opponent1?.result !== "win") return false;
  const emptied = reset.status === MATCH_STATUS.locked && reset.opponent1?.id == null && reset.opponent2?.id == null;
  if (emptied) return false;
  reset.status = MATCH_STATUS.locked;
  reset.opponent1 = { id: null };
  reset.opponent2 = { id: null };
  return true;
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

/**
 * Swiss, without brackets-manager: rows shaped like a one-group round robin (so the views, the
 * match page and our storage read them as any other bracket), built round by round. Each round is
 * paired from the results of the rounds before it (core/swiss.ts); its stored results are replayed
 * onto it; the next round is paired only once every match of this one is decided. The same results
 * always build the same rows, so a correction re-flows later rounds as in the other formats.
 */
function buildSwiss(input: { tournamentId: string; entrants: Entrant[]; results: StoredResult[] }) {
  const data = emptyBracket();
  const ids = input.entrants.map((_, index) => index);
  data.participant = input.entrants.map((entrant, index) => ({
    id: index,
    tournament_id: input.tournamentId,
    name: entrant.name,
    registration_id: entrant.registrationId,
  })) as unknown as BracketData["participant"];
  data.stage = [
    { id: 0, tournament_id: input.tournamentId, name: "swiss", type: "round_robin", number: 1, settings: {} },
  ] as unknown as BracketData["stage"];
  data.group = [{ id: 0, stage_id: 0, number: 1 }] as unknown as BracketData["group"];
  const results = new Map(input.results.map((result) => [result.matchId, result]));
  const applied: number[] = [];
  const games: SwissGame[] = [];
  let nextMatch = 0;
  for (let round = 1; round <= swissRounds(ids.length); round++) {
    const pairing = pairRound(ids, games);
    if (!pairing) break; // nobody left to meet without a rematch: the event ends here
    data.round.push({ id: round - 1, stage_id: 0, group_id: 0, number: round } as unknown as BracketData["round"][number]);
    let open = false;
    let number = 1;
    for (const [a, b] of pairing.pairs) {
      const id = nextMatch++;
      const result = results.get(id);
      const same =
        result && result.registration1 === input.entrants[a]!.registrationId && result.registration2 === input.entrants[b]!.registrationId;
      const decided = same ? resultUpdate(id, result) : null;
      data.match.push({
        id,
        stage_id: 0,
        group_id: 0,
        round_id: round - 1,
        number: number++,
        child_count: 0,
        status: decided ? MATCH_STATUS.completed : MATCH_STATUS.ready,
        opponent1: { id: a, ...(decided ? decided.opponent1 : {}) },
        opponent2: { id: b, ...(decided ? decided.opponent2 : {}) },
      } as unknown as Match);
      if (decided) applied.push(id);
      else open = true;
      games.push({ round, a, b, winner: decided ? (decided.opponent1.result === "win" ? a : b) : null });
    }
    if (pairing.bye !== null) {
      data.match.push({
        id: nextMatch++,
        stage_id: 0,
        group_id: 0,
        round_id: round - 1,
        number: number++,
        child_count: 0,
        status: MATCH_STATUS.locked,
        opponent1: { id: pairing.bye },
        opponent2: null,
      } as unknown as Match);
      games.push({ round, a: pairing.bye, b: null, winner: pairing.bye });
    }
    if (open) break;
  }
  const dropped = input.results.map((result) => result.matchId).filter((id) => !applied.includes(id));
  return Promise.resolve({ data, applied, dropped });
}
