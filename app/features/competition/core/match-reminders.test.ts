import { describe, expect, it } from "vitest";
import { zonedDateTime } from "~/features/admin/core/tournament-form";
import { MATCH_REMINDER_MINUTES, matchTime, parseMatchTime, reminderKey, remindersOwed } from "./match-times";

const at = (iso: string) => new Date(iso);
const round = at("2026-12-19T22:30:00Z");
const minutesBefore = (time: Date, minutes: number) => new Date(time.getTime() - minutes * 60_000);

describe("a match's own time", () => {
  it("overrides its round's time; without one the round's time holds", () => {
    const own = at("2026-12-19T23:15:00Z");
    expect(matchTime(own, round)).toEqual(own);
    expect(matchTime(undefined, round)).toEqual(round);
    expect(matchTime(null, null)).toBeNull();
  });

  it("is typed in Caracas time, empty to go back to the round's, refused when unreadable or far from the start", () => {
    const toInstant = (local: string) => zonedDateTime(local, "America/Caracas");
    expect(parseMatchTime("2026-12-19T19:15", round, toInstant)).toEqual({ ok: true, scheduledAt: at("2026-12-19T23:15:00Z") });
    expect(parseMatchTime(" ", round, toInstant)).toEqual({ ok: true, scheduledAt: null });
    expect(parseMatchTime("mañana", round, toInstant)).toEqual({ ok: false, code: "BAD_ROUND_TIME" });
    expect(parseMatchTime("2027-12-19T19:15", round, toInstant)).toEqual({ ok: false, code: "BAD_ROUND_TIME" });
    expect(parseMatchTime(undefined, round, toInstant)).toEqual({ ok: false, code: "BAD_ROUND_TIME" });
  });
});

describe("reminders owed", () => {
  const roundTimes = new Map([[1, round]]);
  const base = { roundTimes, matchTimes: new Map<number, Date>(), sent: new Set<string>() };

  it("a ready match of a round within the window is owed; a match without both teams is not", () => {
    const owed = remindersOwed({
      ...base,
      matches: [
        { id: 4, roundId: 1, playable: true },
        { id: 5, roundId: 1, playable: false },
      ],
      now: minutesBefore(round, 10),
    });
    expect(owed).toEqual([{ matchId: 4, roundId: 1, scheduledAt: round }]);
  });

  it("a match whose teams became known after its reminder moment is reminded then, once, and never after its time", () => {
    const matches = [{ id: 5, roundId: 1, playable: true }];
    // Its round was reminded at −15 min while match 5 still waited; at −5 min its teams are known.
    const sent = new Set([reminderKey(4, round)]);
    expect(remindersOwed({ ...base, sent, matches, now: minutesBefore(round, 5) })).toHaveLength(1);
    sent.add(reminderKey(5, round));
    expect(remindersOwed({ ...base, sent, matches, now: minutesBefore(round, 4) })).toHaveLength(0);
    expect(remindersOwed({ ...base, matches, now: round })).toHaveLength(0);
    expect(remindersOwed({ ...base, matches, now: minutesBefore(round, MATCH_REMINDER_MINUTES + 1) })).toHaveLength(0);
  });

  it("a match with its own time is reminded by that time, not its round's; a new time owes a new reminder", () => {
    const own = at("2026-12-19T23:30:00Z");
    const matches = [{ id: 4, roundId: 1, playable: true }];
    const matchTimes = new Map([[4, own]]);
    expect(remindersOwed({ ...base, matchTimes, matches, now: minutesBefore(round, 10) })).toHaveLength(0);
    expect(remindersOwed({ ...base, matchTimes, matches, now: minutesBefore(own, 10) })).toEqual([
      { matchId: 4, roundId: 1, scheduledAt: own },
    ]);
    const sent = new Set([reminderKey(4, round)]);
    expect(remindersOwed({ ...base, sent, matchTimes, matches, now: minutesBefore(own, 10) })).toHaveLength(1);
  });
});
