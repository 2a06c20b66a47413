import { describe, expect, it } from "vitest";
import { pairRound, swissRounds, swissStandings, type SwissGame } from "./swiss";

const ids = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Plays every round with `winner` deciding each pair; returns the games. */
function playSwiss(n: number, rounds: number, winner: (a: number, b: number) => number = (a, b) => Math.min(a, b)) {
  const games: SwissGame[] = [];
  for (let round = 1; round <= rounds; round++) {
    const pairing = pairRound(ids(n), games);
    if (!pairing) throw new Error(`no pairing for round ${round}`);
    for (const [a, b] of pairing.pairs) games.push({ round, a, b, winner: winner(a, b) });
    if (pairing.bye !== null) games.push({ round, a: pairing.bye, b: null, winner: pairing.bye });
  }
  return games;
}

const key = (a: number, b: number) => [a, b].sort((x, y) => x - y).join("-");

describe("swiss pairing", () => {
  it("round one: the top half meets the bottom half", () => {
    expect(pairRound(ids(8), [])).toEqual({
      pairs: [
        [0, 4],
        [1, 5],
        [2, 6],
        [3, 7],
      ],
      bye: null,
    });
  });

  it("pairs by score: after round one, winners meet winners and losers meet losers", () => {
    const games = playSwiss(8, 1);
    const next = pairRound(ids(8), games)!;
    const winners = new Set([0, 1, 2, 3]);
    for (const [a, b] of next.pairs) expect(winners.has(a)).toBe(winners.has(b));
  });

  it("never pairs the same two teams twice, over every round, for many field sizes", () => {
    for (const n of [4, 5, 6, 7, 8, 9, 12, 16, 23, 32]) {
      const rounds = swissRounds(n);
      const games = playSwiss(n, rounds, (a, b) => ((a * 7 + b * 3) % 2 === 0 ? a : b));
      const met = games.filter((game) => game.b !== null).map((game) => key(game.a, game.b!));
      expect(new Set(met).size, `n=${n}`).toBe(met.length);
      // Every team plays (or has a bye) every round.
      for (let round = 1; round <= rounds; round++) {
        const inRound = games.filter((game) => game.round === round).flatMap((game) => (game.b === null ? [game.a] : [game.a, game.b]));
        expect(new Set(inRound).size, `n=${n} round ${round}`).toBe(n);
      }
    }
  });

  it("gives the bye to the lowest-ranked team without one, and nobody gets two", () => {
    const first = pairRound(ids(5), [])!;
    expect(first.bye).toBe(4); // lowest seed
    const games = playSwiss(5, 3);
    const byes = games.filter((game) => game.b === null).map((game) => game.a);
    expect(new Set(byes).size).toBe(byes.length);
    // Round 2: the bye goes to the lowest-ranked team that has not had one (team 4 had it).
    const afterOne = playSwiss(5, 1);
    const table = swissStandings(ids(5), afterOne);
    const expected = [...table].reverse().find((record) => !record.hadBye)!.id;
    expect(pairRound(ids(5), afterOne)!.bye).toBe(expected);
  });

  it("answers null when no pairing without a rematch exists", () => {
    const games: SwissGame[] = [{ round: 1, a: 0, b: 1, winner: 0 }];
    expect(pairRound([0, 1], games)).toBeNull();
  });
});

describe("swiss standings", () => {
  it("ranks by wins, then Buchholz, then seed", () => {
    // 0 beat 1; 2 beat 3; 1 beat 3; 0 beat 2: 0 has 2 wins, 1 and 2 have one each.
    const games: SwissGame[] = [
      { round: 1, a: 0, b: 1, winner: 0 },
      { round: 1, a: 2, b: 3, winner: 2 },
      { round: 2, a: 0, b: 2, winner: 0 },
      { round: 2, a: 1, b: 3, winner: 1 },
    ];
    const table = swissStandings(ids(4), games);
    expect(table.map((row) => row.id)).toEqual([0, 1, 2, 3]);
    // 1 met 0 (2 wins) and 3 (0) → Buchholz 2; 2 met 3 (0) and 0 (2) → 2: equal, seed decides.
    expect(table[1]!.buchholz).toBe(2);
    expect(table[2]!.buchholz).toBe(2);
    // 3 beats 1 instead: 2 and 3 both have one win; 2 met the stronger teams (Buchholz 3 against 1).
    const stronger = [...games.slice(0, 3), { round: 2, a: 1, b: 3, winner: 3 }];
    const second = swissStandings(ids(4), stronger);
    expect(second.slice(0, 2).map((row) => row.id)).toEqual([0, 2]);
  });

  it("plays log2(n) rounds", () => {
    expect([2, 4, 5, 8, 9, 16].map(swissRounds)).toEqual([1, 2, 3, 3, 4, 4]);
  });
});
