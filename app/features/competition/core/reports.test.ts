import { describe, expect, it } from "vitest";
import { checkScore, reportsState, winnerSide } from "./reports";

describe("scores", () => {
  it("accepts only finished best-of-N scores", () => {
    expect(checkScore(1, { score1: "1", score2: "0" })).toEqual({ ok: true, score: { score1: 1, score2: 0 } });
    expect(checkScore(3, { score1: 1, score2: 2 }).ok).toBe(true);
    expect(checkScore(3, { score1: 2, score2: 2 }).ok).toBe(false);
    expect(checkScore(3, { score1: 1, score2: 1 }).ok).toBe(false);
    expect(checkScore(5, { score1: 3, score2: 0 }).ok).toBe(true);
    expect(checkScore(5, { score1: 2, score2: 0 }).ok).toBe(false);
    expect(checkScore(1, { score1: -1, score2: 1 }).ok).toBe(false);
    expect(checkScore(1, { score1: "x", score2: 1 }).ok).toBe(false);
  });
  it("decides on agreement and disputes on disagreement", () => {
    expect(reportsState([])).toEqual({ state: "none" });
    expect(reportsState([{ registrationId: "a", score1: 2, score2: 1 }])).toEqual({ state: "waiting", reportedBy: "a" });
    expect(
      reportsState([
        { registrationId: "a", score1: 2, score2: 1 },
        { registrationId: "b", score1: 2, score2: 1 },
      ]),
    ).toEqual({ state: "agreed", score: { score1: 2, score2: 1 } });
    expect(
      reportsState([
        { registrationId: "a", score1: 2, score2: 1 },
        { registrationId: "b", score1: 1, score2: 2 },
      ]),
    ).toEqual({ state: "disputed" });
    expect(winnerSide({ score1: 0, score2: 1 })).toBe(2);
  });
});
