import { describe, expect, it } from "vitest";
import { zonedDateTime } from "~/features/admin/core/tournament-form";
import { MATCH_MOVES, matchPhase, moveRefusal, parseRoundTimes, reminderDue, walkoverScore } from "./match-times";

const at = (iso: string) => new Date(iso);

describe("match phase and its allowed moves", () => {
  const now = at("2026-12-19T22:00:00Z");
  it("a match with both teams and no result is late once its round's time has passed", () => {
    expect(matchPhase({ playable: true, decided: false, scheduledAt: at("2026-12-19T21:59:00Z"), now })).toBe("late");
    expect(matchPhase({ playable: true, decided: false, scheduledAt: now, now })).toBe("late");
    expect(matchPhase({ playable: true, decided: false, scheduledAt: at("2026-12-19T22:01:00Z"), now })).toBe("ready");
    expect(matchPhase({ playable: true, decided: false, scheduledAt: null, now })).toBe("ready");
  });

  it("a decided match is decided, a match waiting for a team is waiting, whatever the time", () => {
    expect(matchPhase({ playable: false, decided: true, scheduledAt: at("2026-01-01T00:00:00Z"), now })).toBe("decided");
    expect(matchPhase({ playable: false, decided: false, scheduledAt: at("2026-01-01T00:00:00Z"), now })).toBe("waiting");
  });

  it("a walkover is allowed only to a late match", () => {
    expect(moveRefusal("late", "walkover")).toBeNull();
    expect(moveRefusal("ready", "walkover")).toBe("NOT_LATE_YET");
    expect(moveRefusal("waiting", "walkover")).toBe("MATCH_NOT_READY");
    expect(moveRefusal("decided", "walkover")).toBe("ALREADY_DECIDED");
  });

  it("reports and staff decisions stay open while a match is late; a decided match is only corrected", () => {
    expect(moveRefusal("late", "report")).toBeNull();
    expect(moveRefusal("ready", "decide")).toBeNull();
    expect(moveRefusal("decided", "report")).toBe("ALREADY_DECIDED");
    expect(moveRefusal("decided", "correct")).toBeNull();
    expect(MATCH_MOVES.waiting).toEqual([]);
  });

  it("the present side wins a walkover 1–0", () => {
    expect(walkoverScore(1)).toEqual({ score1: 1, score2: 0 });
    expect(walkoverScore(2)).toEqual({ score1: 0, score2: 1 });
  });
});

describe("round times from the run page", () => {
  const startsAt = at("2026-12-19T22:00:00Z"); // 6:00 p. m. in Caracas
  const read = (fields: Record<string, string | undefined>) =>
    parseRoundTimes(fields, [0, 1, 2], startsAt, (local) => zonedDateTime(local));

  it("reads a Caracas wall-clock time as the instant four hours later in UTC", () => {
    expect(read({ round_0: "2026-12-19T18:30", round_1: "" })).toEqual({
      ok: true,
      times: [
        { roundId: 0, scheduledAt: at("2026-12-19T22:30:00Z") },
        { roundId: 1, scheduledAt: null },
      ],
    });
  });

  it("ignores fields of rounds the bracket does not have", () => {
    expect(read({ round_9: "2026-12-19T18:30" })).toEqual({ ok: true, times: [] });
  });

  it("refuses a malformed time or one far from the event, naming the field", () => {
    expect(read({ round_1: "mañana" })).toEqual({ ok: false, code: "BAD_ROUND_TIME", field: "round_1" });
    expect(read({ round_2: "2027-12-19T18:30" })).toEqual({ ok: false, code: "BAD_ROUND_TIME", field: "round_2" });
  });
});

describe("reminder window", () => {
  const scheduledAt = at("2026-12-19T22:30:00Z");
  it("is due from fifteen minutes before the time until the time", () => {
    expect(reminderDue(scheduledAt, at("2026-12-19T22:14:59Z"))).toBe(false);
    expect(reminderDue(scheduledAt, at("2026-12-19T22:15:00Z"))).toBe(true);
    expect(reminderDue(scheduledAt, at("2026-12-19T22:29:59Z"))).toBe(true);
    expect(reminderDue(scheduledAt, scheduledAt)).toBe(false);
  });
});
