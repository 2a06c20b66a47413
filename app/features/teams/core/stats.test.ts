import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lastMonths, monthlyActivity, recordByGame } from "./stats";

describe("a record derived from results", () => {
  it("counts tournaments, wins, losses, win rate and best place per game; draws and other teams' matches do not count", () => {
    const entries = [
      { registrationId: "r1", game: "mobile-legends", place: 3 },
      { registrationId: "r2", game: "mobile-legends", place: 1 },
      { registrationId: "r3", game: "blood-strike", place: null },
    ];
    const matches = [
      { registration1: "r1", registration2: "x", score1: 2, score2: 0 },
      { registration1: "y", registration2: "r1", score1: 2, score2: 1 },
      { registration1: "r2", registration2: "z", score1: 1, score2: 1 },
      { registration1: "a", registration2: "b", score1: 2, score2: 0 },
      { registration1: "r2", registration2: "w", score1: 2, score2: 1 },
    ];
    const lobbies = [
      { registrationId: "r3", placement: 1, kills: 5, placementPoints: [10, 6, 5], killPoints: 1 },
      { registrationId: "r3", placement: 9, kills: 2, placementPoints: [10, 6, 5], killPoints: 1 },
      { registrationId: "other", placement: 2, kills: 9, placementPoints: [10, 6, 5], killPoints: 1 },
    ];
    expect(recordByGame(entries, matches, lobbies)).toEqual([
      { game: "mobile-legends", tournaments: 2, won: 2, lost: 1, winRate: 67, bestPlace: 1, kills: 0, points: 0 },
      { game: "blood-strike", tournaments: 1, won: 0, lost: 0, winRate: null, bestPlace: null, kills: 7, points: 17 },
    ]);
  });

  it("always has as many wins plus losses as decided matches it played (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ a: fc.constantFrom("r1", "x"), b: fc.constantFrom("r1", "y"), s1: fc.nat(3), s2: fc.nat(3) })),
        (raw) => {
          const matches = raw.map((m) => ({ registration1: m.a, registration2: m.b, score1: m.s1, score2: m.s2 }));
          const [record] = recordByGame([{ registrationId: "r1", game: "g", place: null }], matches, []);
          const decided = matches.reduce(
            (sum, m) => sum + (m.score1 === m.score2 ? 0 : Number(m.registration1 === "r1") + Number(m.registration2 === "r1")),
            0,
          );
          expect(record!.won + record!.lost).toBe(decided);
          if (record!.winRate !== null) expect(record!.winRate).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("monthlyActivity", () => {
  it("counts tournaments and wins per month of the tournament's date, zeros for quiet months, over the last months", () => {
    expect(lastMonths("2026-03-15", 4)).toEqual(["2025-12", "2026-01", "2026-02", "2026-03"]);
    const months = monthlyActivity(
      [
        { registrationId: "a", date: "2026-03-01" },
        { registrationId: "b", date: "2026-01-20" },
        { registrationId: "c", date: "2025-06-01" },
      ],
      [
        { registration1: "a", registration2: "x", score1: 2, score2: 1 },
        { registration1: "y", registration2: "a", score1: 0, score2: 1 },
        { registration1: "b", registration2: "z", score1: 0, score2: 2 },
        { registration1: "c", registration2: "z", score1: 2, score2: 0 },
        { registration1: "a", registration2: "w", score1: 1, score2: 1 },
      ],
      "2026-03-15",
      4,
    );
    expect(months).toEqual([
      { month: "2025-12", tournaments: 0, won: 0 },
      { month: "2026-01", tournaments: 1, won: 0 },
      { month: "2026-02", tournaments: 0, won: 0 },
      { month: "2026-03", tournaments: 1, won: 2 },
    ]);
  });
});
