import { describe, expect, it } from "vitest";
import { filledPercent, placesLeft, tournamentState } from "./tournament-state";

const NOW = new Date("2026-11-21T18:00:00Z");
const LATER = "2026-11-22T18:00:00Z";
const EARLIER = "2026-11-20T18:00:00Z";

describe("tournament state", () => {
  it("is open while places are left and the window is open", () => {
    expect(tournamentState({ capacity: 32, taken: 31 }, LATER, NOW)).toBe("open");
    expect(placesLeft({ capacity: 32, taken: 31 })).toBe(1);
  });

  it("is full when no place is left, closed when the window is over (closed wins)", () => {
    expect(tournamentState({ capacity: 32, taken: 32 }, LATER, NOW)).toBe("full");
    expect(tournamentState({ capacity: 32, taken: 40 }, LATER, NOW)).toBe("full");
    expect(placesLeft({ capacity: 32, taken: 40 })).toBe(0);
    expect(tournamentState({ capacity: 32, taken: 3 }, EARLIER, NOW)).toBe("closed");
    expect(tournamentState({ capacity: 32, taken: 32 }, NOW, NOW)).toBe("closed");
  });

  it("fills the bar in whole percent, never past 100", () => {
    expect(filledPercent({ capacity: 32, taken: 31 })).toBe(97);
    expect(filledPercent({ capacity: 32, taken: 0 })).toBe(0);
    expect(filledPercent({ capacity: 32, taken: 99 })).toBe(100);
    expect(filledPercent({ capacity: 0, taken: 0 })).toBe(100);
  });
});
