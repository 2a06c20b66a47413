import { describe, expect, it } from "vitest";
import { FAVORITE_GAMES, gameRules, isSolo, playersPerTeam, showsCoachField } from "./games";

describe("games", () => {
  it("sizes teams per SPEC §9", () => {
    expect(playersPerTeam("blood-strike")).toBe(2);
    expect(playersPerTeam("mobile-legends")).toBe(5);
    expect(playersPerTeam("free-fire")).toBe(1);
    expect(playersPerTeam("efootball")).toBe(1);
    expect(playersPerTeam("some-new-game")).toBe(1);
  });

  it("treats one player as solo", () => {
    expect(isSolo("free-fire")).toBe(true);
    expect(isSolo("blood-strike")).toBe(false);
  });

  it("hides the coach field only for eFootball", () => {
    expect(showsCoachField("efootball")).toBe(false);
    expect(showsCoachField("mobile-legends")).toBe(true);
  });

  it("hides COD Mobile and Wild Rift from the store", () => {
    expect(gameRules("cod-mobile").inStore).toBe(false);
    expect(gameRules("wild-rift").inStore).toBe(false);
    for (const game of ["free-fire", "blood-strike", "arena-breakout", "mobile-legends", "delta-force"]) {
      expect(gameRules(game).inStore).toBe(true);
    }
  });

  it("offers the five favourite games of the profile form", () => {
    expect(FAVORITE_GAMES).toEqual(["cod-mobile", "free-fire", "blood-strike", "mobile-legends", "king-of-honors"]);
  });
});
