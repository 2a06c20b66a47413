import { describe, expect, it } from "vitest";
import { addMonths, isMemberAt, memberUntil, nextPeriod, plusRefusal, registrationOpensFor, reminderDue } from "./membership";

const at = (iso: string) => new Date(iso);

describe("membership periods", () => {
  it("add calendar months, keeping the day or falling back to the month's last", () => {
    expect(addMonths(at("2026-11-21T15:00:00Z"), 1)).toEqual(at("2026-12-21T15:00:00Z"));
    expect(addMonths(at("2026-12-15T00:00:00Z"), 1)).toEqual(at("2027-01-15T00:00:00Z"));
    expect(addMonths(at("2027-01-31T10:00:00Z"), 1)).toEqual(at("2027-02-28T10:00:00Z"));
    expect(addMonths(at("2028-01-31T10:00:00Z"), 1)).toEqual(at("2028-02-29T10:00:00Z"));
    expect(addMonths(at("2026-03-31T10:00:00Z"), 12)).toEqual(at("2027-03-31T10:00:00Z"));
  });

  it("start now when there is no membership running", () => {
    const now = at("2026-11-21T12:00:00Z");
    expect(nextPeriod([], now, 1)).toEqual({ startsAt: now, endsAt: at("2026-12-21T12:00:00Z") });
    // An old, ended period changes nothing.
    expect(nextPeriod([{ startsAt: at("2026-01-01T00:00:00Z"), endsAt: at("2026-02-01T00:00:00Z") }], now, 1).startsAt).toEqual(now);
  });

  it("extend a running membership from its end, across periods that touch or overlap", () => {
    const now = at("2026-11-21T12:00:00Z");
    const periods = [
      { startsAt: at("2026-11-01T00:00:00Z"), endsAt: at("2026-12-01T00:00:00Z") },
      { startsAt: at("2026-12-01T00:00:00Z"), endsAt: at("2027-01-01T00:00:00Z") },
      { startsAt: at("2026-12-20T00:00:00Z"), endsAt: at("2027-01-10T00:00:00Z") },
    ];
    expect(memberUntil(periods, now)).toEqual(at("2027-01-10T00:00:00Z"));
    expect(nextPeriod(periods, now, 1)).toEqual({ startsAt: at("2027-01-10T00:00:00Z"), endsAt: at("2027-02-10T00:00:00Z") });
  });

  it("end by themselves: a member up to the last millisecond, not at the end", () => {
    const period = { startsAt: at("2026-11-01T00:00:00Z"), endsAt: at("2026-12-01T00:00:00Z") };
    expect(isMemberAt([period], at("2026-10-31T23:59:59.999Z"))).toBe(false);
    expect(isMemberAt([period], at("2026-11-01T00:00:00Z"))).toBe(true);
    expect(isMemberAt([period], at("2026-11-30T23:59:59.999Z"))).toBe(true);
    expect(isMemberAt([period], at("2026-12-01T00:00:00Z"))).toBe(false);
    expect(memberUntil([period], at("2026-12-01T00:00:00Z"))).toBeNull();
  });

  it("lose the time a refunded period gave (removing it shortens the membership)", () => {
    const now = at("2026-11-21T12:00:00Z");
    const first = { startsAt: at("2026-11-01T00:00:00Z"), endsAt: at("2026-12-01T00:00:00Z") };
    const renewal = { startsAt: at("2026-12-01T00:00:00Z"), endsAt: at("2027-01-01T00:00:00Z") };
    expect(memberUntil([first, renewal], now)).toEqual(renewal.endsAt);
    expect(memberUntil([first], now)).toEqual(first.endsAt);
    expect(isMemberAt([renewal], now)).toBe(false);
  });

  it("open registration 15 minutes early for members only", () => {
    const opens = at("2026-11-25T20:00:00Z");
    expect(registrationOpensFor(opens, true)).toEqual(at("2026-11-25T19:45:00Z"));
    expect(registrationOpensFor(opens, false)).toEqual(opens);
  });

  it("keep a Plus event for members, and the early opening for members only", () => {
    const opens = at("2026-11-25T20:00:00Z");
    const early = at("2026-11-25T19:50:00Z");
    const plusEvent = { plusOnly: true, registrationOpensAt: null };
    expect(plusRefusal(plusEvent, false, early)).toBe("PLUS_ONLY");
    expect(plusRefusal(plusEvent, true, early)).toBeNull();
    // Members-only comes first: a non-member is told about Plus, not about the opening time.
    expect(plusRefusal({ plusOnly: true, registrationOpensAt: opens }, false, early)).toBe("PLUS_ONLY");
    expect(plusRefusal({ plusOnly: true, registrationOpensAt: opens }, true, early)).toBeNull();
    expect(plusRefusal({ plusOnly: false, registrationOpensAt: opens }, false, early)).toBe("NOT_OPEN_YET");
    expect(plusRefusal({ plusOnly: false, registrationOpensAt: opens }, true, early)).toBeNull();
    expect(plusRefusal({ plusOnly: false, registrationOpensAt: opens }, false, opens)).toBeNull();
    // The waiting list and a late entry skip the opening time, never the members-only rule.
    expect(plusRefusal({ plusOnly: false, registrationOpensAt: opens }, false, early, { opening: false })).toBeNull();
    expect(plusRefusal(plusEvent, false, early, { opening: false })).toBe("PLUS_ONLY");
  });

  it("remind in the last three days only", () => {
    const ends = at("2026-12-01T00:00:00Z");
    expect(reminderDue(ends, at("2026-11-27T23:59:59Z"))).toBe(false);
    expect(reminderDue(ends, at("2026-11-28T00:00:00Z"))).toBe(true);
    expect(reminderDue(ends, at("2026-11-30T23:00:00Z"))).toBe(true);
    expect(reminderDue(ends, ends)).toBe(false);
  });
});
