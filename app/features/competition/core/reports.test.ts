import { describe, expect, it } from "vitest";
import { REPORT_CHANGES_ALLOWED, REPORT_PAUSE_SECONDS, checkScore, reportRefusal, reportsState, winnerSide } from "./reports";

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

  it("lets a team change its report a few times, not in quick succession", () => {
    const now = new Date("2026-11-26T02:00:00Z");
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(reportRefusal(null, now)).toBeNull();
    expect(reportRefusal({ revision: 1, createdAt: ago(REPORT_PAUSE_SECONDS) }, now)).toBeNull();
    expect(reportRefusal({ revision: 1, createdAt: ago(REPORT_PAUSE_SECONDS - 1) }, now)).toBe("REPORT_TOO_SOON");
    expect(reportRefusal({ revision: REPORT_CHANGES_ALLOWED, createdAt: ago(3600) }, now)).toBeNull();
    expect(reportRefusal({ revision: REPORT_CHANGES_ALLOWED + 1, createdAt: ago(3600) }, now)).toBe("REPORT_LIMIT_REACHED");
  });
});
