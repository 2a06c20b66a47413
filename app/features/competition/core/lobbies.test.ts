import { describe, expect, it } from "vitest";
import {
  assignGroups,
  eventTable,
  groupCountFor,
  groupLetter,
  groupOfLobby,
  lobbyNumber,
  lobbyPlan,
  nextLobby,
  roundOfLobby,
} from "./lobbies";
import { POINT_PRESETS, defaultPresetFor, rulesFor } from "./points-table";

describe("lobbies of a battle royale", () => {
  it("splits a field into groups of at most the lobby size", () => {
    expect(groupCountFor(12, 12)).toBe(1);
    expect(groupCountFor(13, 12)).toBe(2);
    expect(groupCountFor(24, 12)).toBe(2);
    expect(groupCountFor(25, 12)).toBe(3);
    expect(groupCountFor(0, 12)).toBe(1);
  });

  it("fills groups in snake order of seed", () => {
    expect(assignGroups([1, 2, 3, 4, 5, 6, 7, 8], 2)).toEqual([
      [1, 4, 5, 8],
      [2, 3, 6, 7],
    ]);
    expect(assignGroups([1, 2, 3, 4, 5, 6], 3)).toEqual([
      [1, 6],
      [2, 5],
      [3, 4],
    ]);
  });

  it("numbers lobbies round by round, group by group", () => {
    expect(lobbyNumber(1, 0, 2)).toBe(1);
    expect(lobbyNumber(1, 1, 2)).toBe(2);
    expect(lobbyNumber(3, 1, 2)).toBe(6);
    expect([1, 2, 3, 4, 5, 6].map((lobby) => [roundOfLobby(lobby, 2), groupOfLobby(lobby, 2)])).toEqual([
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
      [3, 0],
      [3, 1],
    ]);
    expect(groupLetter(1)).toBe("B");
  });

  it("plans 24 squads as two groups of 12 over three rounds: six lobbies", () => {
    const teams = Array.from({ length: 24 }, (_, index) => `t${index + 1}`);
    const plan = lobbyPlan(teams, 12, 3);
    expect(plan.map((lobby) => [lobby.lobby, lobby.round, lobby.group, lobby.teams.length])).toEqual([
      [1, 1, 0, 12],
      [2, 1, 1, 12],
      [3, 2, 0, 12],
      [4, 2, 1, 12],
      [5, 3, 0, 12],
      [6, 3, 1, 12],
    ]);
    expect(plan[0]!.teams.slice(0, 4)).toEqual(["t1", "t4", "t5", "t8"]);
    expect(plan[1]!.teams.slice(0, 4)).toEqual(["t2", "t3", "t6", "t7"]);
    expect(nextLobby([1, 2, 4], 6)).toBe(3);
    expect(nextLobby([1, 2, 3, 4, 5, 6], 6)).toBe(6);
  });

  it("ranks both groups together by points over the rounds (hand-computed, Free Fire table)", () => {
    // Two groups of two (lobby size 2), two rounds: lobbies 1 (A, round 1), 2 (B, round 1), 3 (A, round 2), 4 (B, round 2).
    // A = seeds 1 and 4 (a, d); B = seeds 2 and 3 (b, c).
    const teams = ["a", "b", "c", "d"].map((registrationId, index) => ({ registrationId, seed: index + 1 }));
    const rules = POINT_PRESETS.free_fire;
    const results = [
      { lobbyMatch: 1, registrationId: "a", placement: 1, kills: 3 }, // 12 + 3 = 15
      { lobbyMatch: 1, registrationId: "d", placement: 2, kills: 5 }, // 9 + 5 = 14
      { lobbyMatch: 2, registrationId: "b", placement: 2, kills: 1 }, // 9 + 1 = 10
      { lobbyMatch: 2, registrationId: "c", placement: 1, kills: 0 }, // 12
      { lobbyMatch: 3, registrationId: "a", placement: 2, kills: 0 }, // 9  → a 24
      { lobbyMatch: 3, registrationId: "d", placement: 1, kills: 1 }, // 13 → d 27
      { lobbyMatch: 4, registrationId: "b", placement: 1, kills: 4 }, // 16 → b 26
      { lobbyMatch: 4, registrationId: "c", placement: 2, kills: 3 }, // 12 → c 24 (a has more kills: 3 v 3… tie; best placement both 1; latest round: a 2nd, c 2nd; seed a)
    ];
    const table = eventTable(teams, [...results], { placementPoints: [...rules.placementPoints], killPoints: rules.killPoints }, 2, 2);
    expect(table.map((row) => [row.registrationId, row.points, row.perMatch])).toEqual([
      ["d", 27, [14, 13]],
      ["b", 26, [10, 16]],
      ["a", 24, [15, 9]],
      ["c", 24, [12, 12]],
    ]);
  });
});

describe("point presets", () => {
  it("has Free Fire's official table and Blood Strike's", () => {
    expect(rulesFor("free_fire", {})).toEqual({ placementPoints: [12, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0], killPoints: 1 });
    expect(rulesFor("blood_strike", {})).toEqual({ placementPoints: [10, 6, 5, 4, 3, 2, 1, 1], killPoints: 1 });
    expect(defaultPresetFor("free-fire")).toBe("free_fire");
    expect(defaultPresetFor("blood-strike")).toBe("blood_strike");
    expect(defaultPresetFor("cod-mobile")).toBe("custom");
  });

  it("reads a custom table and refuses a malformed one", () => {
    expect(rulesFor("custom", { placementText: "15, 12 10;8", killText: "2" })).toEqual({
      placementPoints: [15, 12, 10, 8],
      killPoints: 2,
    });
    expect(rulesFor("custom", { placementText: "", killText: "1" })).toBeNull();
    expect(rulesFor("custom", { placementText: "10, -1", killText: "1" })).toBeNull();
    expect(rulesFor("custom", { placementText: "10, 5", killText: "x" })).toBeNull();
    expect(rulesFor("custom", { placementText: "10, 1000", killText: "1" })).toBeNull();
  });
});
