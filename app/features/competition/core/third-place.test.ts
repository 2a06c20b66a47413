import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Match } from "brackets-model";
import { buildBracket, type BracketData, type Entrant, type StoredResult } from "./bracket";
import { champion, eventStage, isFinalMatch, isFinished, isPlayable, standings, thirdPlaceMatch } from "./bracket-view";
import { freshBracket, regOf, teams } from "./bracket-fixtures";
import type { BracketFormat, ThirdPlace } from "./formats";

/** Plays every playable match (rebuilding from the stored results, as the server does) until none is left. */
async function playOut(
  format: BracketFormat,
  entrants: Entrant[],
  thirdPlace: ThirdPlace,
  winner: (m: Match) => 1 | 2 = (m) => ((m.opponent1!.id as number) < (m.opponent2!.id as number) ? 1 : 2),
  groupCount = 1,
) {
  const results: StoredResult[] = [];
  const build = () => buildBracket({ tournamentId: "t", format, entrants, groupCount, results, thirdPlace });
  let built = await build();
  const steps: BracketData[] = [built.data];
  for (let guard = 0; guard < 500; guard++) {
    const playable = built.data.match.filter(isPlayable);
    if (playable.length === 0) break;
    const match = playable[0]!;
    const side = winner(match);
    results.push({
      matchId: match.id as number,
      registration1: regOf(built.data, match.opponent1!.id),
      registration2: regOf(built.data, match.opponent2!.id),
      score1: side === 1 ? 2 : 0,
      score2: side === 1 ? 0 : 2,
    });
    built = await build();
    expect(built.dropped).toEqual([]);
    steps.push(built.data);
  }
  return { data: built.data, results, steps };
}

describe("3rd place: a match", () => {
  it("puts the two semifinal losers in a 3rd-place match below the final; 3rd and 4th come from it", async () => {
    const { data: empty } = await freshBracket("single_elimination", 8, "match");
    expect(empty.match).toHaveLength(8);
    const third = thirdPlaceMatch(empty, "single_elimination")!;
    expect(third).not.toBeNull();
    expect(isPlayable(third)).toBe(false);
    expect(isFinalMatch(empty, third.id as number, "single_elimination")).toBe(false);

    const played = await playOut("single_elimination", teams(8), "match");
    expect(played.results).toHaveLength(8);
    expect(isFinished(played.data)).toBe(true);
    expect(champion(played.data, "single_elimination")?.registrationId).toBe("r1");
    // Favourites win: 1 beats 2 in the final; 3 beats 4 for 3rd.
    const table = standings(played.data, "single_elimination");
    expect(table.slice(0, 4).map((row) => [row.rank, row.registrationId])).toEqual([
      [1, "r1"],
      [2, "r2"],
      [3, "r3"],
      [4, "r4"],
    ]);
    expect(new Set(table.map((row) => row.rank)).size).toBe(8);
  });

  it("the 3rd-place match opens only once both semifinals are decided, and the event is not over before it is played", async () => {
    const played = await playOut("single_elimination", teams(8), "match");
    for (const step of played.steps) {
      const third = thirdPlaceMatch(step, "single_elimination")!;
      // Round ids run bracket first: … semifinals, final, then the 3rd-place match's round.
      const semis = step.match.filter((match) => match.round_id === (third.round_id as number) - 2);
      const semisDecided = semis.length === 2 && semis.every((match) => match.opponent1?.result);
      if (isPlayable(third)) expect(semisDecided).toBe(true);
    }
    // Final decided, 3rd place not yet: the final's stage is gone but the event is not finished.
    const finalDone = played.steps.find(
      (step) =>
        step.match.some((m) => isFinalMatch(step, m.id as number, "single_elimination") && m.opponent1?.result) &&
        isPlayable(thirdPlaceMatch(step, "single_elimination")!),
    );
    expect(finalDone).toBeDefined();
    expect(isFinished(finalDone!)).toBe(false);
    expect(champion(finalDone!, "single_elimination")).toBeNull();
    expect(eventStage(finalDone!, "single_elimination")).toBeNull();
  });

  it("the 4th seed can win 3rd place: the winner of the 3rd-place match ranks above its loser", async () => {
    const played = await playOut("single_elimination", teams(8), "match", (m) => {
      const ids = [m.opponent1!.id as number, m.opponent2!.id as number];
      // Team 4 (id 3) wins every match it plays except its semifinal against Team 1.
      if (ids.includes(3) && !ids.includes(0)) return ids[0] === 3 ? 1 : 2;
      return ids[0]! < ids[1]! ? 1 : 2;
    });
    const table = standings(played.data, "single_elimination");
    expect(table[2]).toMatchObject({ rank: 3, registrationId: "r4" });
    expect(table[3]).toMatchObject({ rank: 4 });
  });

  it("fewer than four teams: no 3rd-place match (nobody to play it)", async () => {
    const { data } = await freshBracket("single_elimination", 3, "match");
    expect(thirdPlaceMatch(data, "single_elimination")).toBeNull();
  });

  it("groups → playoffs: the playoffs get the 3rd-place match too", async () => {
    const played = await playOut("groups_playoffs", teams(8), "match", undefined, 2);
    expect(thirdPlaceMatch(played.data, "groups_playoffs")).not.toBeNull();
    expect(champion(played.data, "groups_playoffs")).not.toBeNull();
    const ranks = standings(played.data, "groups_playoffs").map((row) => row.rank);
    expect(ranks).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("double elimination has no 3rd-place match and its grand final is still the final", async () => {
    const played = await playOut("double_elimination", teams(8), "match");
    expect(thirdPlaceMatch(played.data, "double_elimination")).toBeNull();
    expect(champion(played.data, "double_elimination")?.registrationId).toBe("r1");
  });
});

describe("3rd place: shared", () => {
  it('both semifinal losers are 3rd ("3.º" twice), nobody is 4th', async () => {
    const played = await playOut("single_elimination", teams(8), "shared");
    expect(thirdPlaceMatch(played.data, "single_elimination")).toBeNull();
    expect(played.results).toHaveLength(7);
    const table = standings(played.data, "single_elimination");
    expect(table.slice(0, 4).map((row) => row.rank)).toEqual([1, 2, 3, 3]);
    expect(
      table
        .slice(2, 4)
        .map((row) => row.registrationId)
        .sort(),
    ).toEqual(["r3", "r4"]);
    expect(table[4]!.rank).toBe(5);
  });

  it("groups → playoffs keeps the shared 3rd place in the whole table", async () => {
    const played = await playOut("groups_playoffs", teams(8), "shared", undefined, 2);
    expect(standings(played.data, "groups_playoffs").map((row) => row.rank)).toEqual([1, 2, 3, 3, 5, 6, 7, 8]);
  });

  it("for any field of 4–16 teams and any winners: a finished cup ranks 1, 2, then 3 twice (shared) or 3, 4 (match)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 4, max: 16 }), fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }), async (n, coins) => {
        let toss = 0;
        const pick = () => (coins[toss++ % coins.length] ? 1 : 2);
        for (const mode of ["shared", "match"] as const) {
          toss = 0;
          const played = await playOut("single_elimination", teams(n), mode, pick);
          expect(isFinished(played.data)).toBe(true);
          const table = standings(played.data, "single_elimination");
          expect(table[0]!.registrationId).toBe(champion(played.data, "single_elimination")!.registrationId);
          expect(table.slice(0, 4).map((row) => row.rank)).toEqual(mode === "shared" ? [1, 2, 3, 3] : [1, 2, 3, 4]);
          expect(table).toHaveLength(n);
        }
      }),
      { numRuns: 25 },
    );
  });
});
