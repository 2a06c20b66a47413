import { describe, expect, it } from "vitest";
import { FAVORITE_GAMES, eventTeamSize, gameRules, isSolo, playersPerTeam, showsCoachField, usualTeamSize } from "./games";

describe("games", () => {
  it("sizes teams per SPEC §9", () => {
    expect(playersPerTeam("blood-strike")).toBe(2);
    expect(playersPerTeam("mobile-legends")).toBe(5);
    expect(playersPerTeam("free-fire")).toBe(1);
    expect(playersPerTeam("efootball")).toBe(1);
    expect(playersPerTeam("some-new-game")).toBe(1);
  });

  it("starts a new event at the game's usual size: Free Fire squads of 4, COD Mobile 5v5, SPEC §9's sizes for their games", () => {
    expect(usualTeamSize("free-fire")).toBe(4);
    expect(usualTeamSize("cod-mobile")).toBe(5);
    expect(usualTeamSize("blood-strike")).toBe(2);
    expect(usualTeamSize("mobile-legends")).toBe(5);
    expect(usualTeamSize("delta-force")).toBe(1);
  });

  it("plays an event at its own size, or the game's SPEC §9 size when it chose none", () => {
    expect(eventTeamSize({ game: "free-fire", teamSize: 4 })).toBe(4);
    expect(eventTeamSize({ game: "free-fire", teamSize: null })).toBe(1);
    expect(eventTeamSize({ game: "blood-strike" })).toBe(2);
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
