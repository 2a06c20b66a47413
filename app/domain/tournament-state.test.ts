import { describe, expect, it } from "vitest";
import { filledPercent, placesLeft, registrationClosure, tournamentState } from "./tournament-state";

const NOW = new Date("2026-11-21T18:00:00Z");
const LATER = "2026-11-22T18:00:00Z";
const EARLIER = "2026-11-20T18:00:00Z";
const open = (registrationClosesAt: string) => ({ status: "published", registrationClosesAt, startedAt: null });

describe("tournament state", () => {
  it("is open while places are left and the window is open", () => {
    expect(tournamentState({ capacity: 32, taken: 31 }, open(LATER), NOW)).toBe("open");
    expect(placesLeft({ capacity: 32, taken: 31 })).toBe(1);
  });

  it("is full when no place is left, closed when the window is over (closed wins)", () => {
    expect(tournamentState({ capacity: 32, taken: 32 }, open(LATER), NOW)).toBe("full");
    expect(tournamentState({ capacity: 32, taken: 40 }, open(LATER), NOW)).toBe("full");
    expect(placesLeft({ capacity: 32, taken: 40 })).toBe(0);
    expect(tournamentState({ capacity: 32, taken: 3 }, open(EARLIER), NOW)).toBe("closed");
    expect(tournamentState({ capacity: 32, taken: 32 }, open(NOW.toISOString()), NOW)).toBe("closed");
  });

  it("is closed once staff started the bracket, even before the deadline", () => {
    const started = { ...open(LATER), startedAt: EARLIER };
    expect(tournamentState({ capacity: 32, taken: 3 }, started, NOW)).toBe("closed");
    expect(registrationClosure(started, NOW)).toBe("started");
  });

  it("says why registration is closed: not published, started, past the deadline; null when open", () => {
    expect(registrationClosure(open(LATER), NOW)).toBeNull();
    expect(registrationClosure({ ...open(LATER), status: "draft" }, NOW)).toBe("unpublished");
    expect(registrationClosure({ ...open(EARLIER), status: "cancelled", startedAt: EARLIER }, NOW)).toBe("unpublished");
    // Started wins over the deadline: the page says the tournament is being played.
    expect(registrationClosure({ ...open(EARLIER), startedAt: new Date(EARLIER) }, NOW)).toBe("started");
    expect(registrationClosure(open(EARLIER), NOW)).toBe("deadline");
  });

  it("fills the bar in whole percent, never past 100", () => {
    expect(filledPercent({ capacity: 32, taken: 31 })).toBe(97);
    expect(filledPercent({ capacity: 32, taken: 0 })).toBe(0);
    expect(filledPercent({ capacity: 32, taken: 99 })).toBe(100);
    expect(filledPercent({ capacity: 0, taken: 0 })).toBe(100);
  });
});
