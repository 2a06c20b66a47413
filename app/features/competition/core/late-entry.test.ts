import { describe, expect, it } from "vitest";
import { lateEntry, lateEntryWindow } from "./late-entry";

const start = new Date("2026-12-01T20:00:00Z");
const window = lateEntryWindow(start, 60, 15);
const at = (time: string) => new Date(`2026-12-01T${time}Z`);
const base = { window, now: at("19:50:00"), started: false, droppedAt: at("19:45:10"), onWaitlist: true, placesLeft: 2 };

describe("late entry", () => {
  it("runs from the check-in close to the start", () => {
    expect(window).toEqual({ opensAt: at("19:45:00"), closesAt: start });
    expect(lateEntry(base)).toBe("open");
    expect(lateEntry({ ...base, now: at("19:45:00") })).toBe("open");
    expect(lateEntry({ ...base, now: at("19:59:59") })).toBe("open");
    expect(lateEntry({ ...base, now: at("19:44:59") })).toBe("closed");
    expect(lateEntry({ ...base, now: at("20:00:00") })).toBe("closed");
  });

  it("is only for people on the waiting list, after the no-shows were released, before staff start", () => {
    expect(lateEntry({ ...base, onWaitlist: false })).toBe("closed");
    expect(lateEntry({ ...base, droppedAt: null })).toBe("closed");
    expect(lateEntry({ ...base, started: true })).toBe("closed");
  });

  it("never goes past capacity", () => {
    expect(lateEntry({ ...base, placesLeft: 1 })).toBe("open");
    expect(lateEntry({ ...base, placesLeft: 0 })).toBe("full");
    // Someone not entitled hears "closed", not "full".
    expect(lateEntry({ ...base, placesLeft: 0, onWaitlist: false })).toBe("closed");
  });
});
