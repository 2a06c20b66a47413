import { describe, expect, it } from "vitest";
import { checkLobby, matchPoints, nextLobbyMatch, pointsTable, type LobbyResult } from "./points-table";

const rules = { placementPoints: [12, 9, 8, 7, 6, 5, 4, 3, 2, 1], killPoints: 1 };
const teams = ["a", "b", "c", "d"].map((registrationId, index) => ({ registrationId, seed: index + 1 }));
const result = (lobbyMatch: number, registrationId: string, placement: number, kills: number): LobbyResult => ({
  lobbyMatch,
  registrationId,
  placement,
  kills,
});

describe("points table", () => {
  it("adds placement points and kill points over the matches", () => {
    expect(matchPoints(rules, 1, 5)).toBe(17);
    expect(matchPoints(rules, 12, 3)).toBe(3);
    const table = pointsTable(teams, [result(1, "a", 1, 5), result(1, "b", 2, 0), result(2, "a", 4, 0), result(2, "b", 1, 8)], rules, 4);
    expect(table.map((row) => [row.registrationId, row.points])).toEqual([
      ["b", 29],
      ["a", 24],
      ["c", 0],
      ["d", 0],
    ]);
    expect(table[0]).toMatchObject({
      rank: 1,
      placementPoints: 21,
      killPoints: 8,
      kills: 8,
      matchesPlayed: 2,
      bestPlacement: 1,
      perMatch: [9, 20, null, null],
    });
  });
  it("breaks ties by kills, then best placement, then the latest match, then seed", () => {
    // a: 12+0 = 12 with 0 kills; b: 9+3 = 12 with 3 kills → b first on kills.
    let table = pointsTable(teams.slice(0, 2), [result(1, "a", 1, 0), result(1, "b", 2, 3)], rules, 1);
    expect(table.map((row) => row.registrationId)).toEqual(["b", "a"]);
    // equal points and kills; a has the better best placement.
    table = pointsTable(
      teams.slice(0, 2),
      [result(1, "a", 1, 0), result(2, "a", 5, 0), result(1, "b", 2, 0), result(2, "b", 3, 0)],
      { placementPoints: [10, 7, 6, 0, 3], killPoints: 1 },
      2,
    );
    expect(table.map((row) => [row.registrationId, row.points])).toEqual([
      ["a", 13],
      ["b", 13],
    ]);
    // same points, kills and best placement: the latest match decides (b placed 1st last).
    table = pointsTable(
      teams.slice(0, 2),
      [result(1, "a", 1, 0), result(2, "a", 2, 0), result(1, "b", 2, 0), result(2, "b", 1, 0)],
      rules,
      2,
    );
    expect(table.map((row) => row.registrationId)).toEqual(["b", "a"]);
    // nothing played: seed order.
    expect(pointsTable(teams, [], rules, 4).map((row) => row.registrationId)).toEqual(["a", "b", "c", "d"]);
  });
  it("checks a lobby as typed by staff", () => {
    expect(
      checkLobby([
        { registrationId: "a", placement: "1", kills: "3" },
        { registrationId: "b", placement: "2", kills: "0" },
      ]).ok,
    ).toBe(true);
    expect(
      checkLobby([
        { registrationId: "a", placement: "1", kills: "3" },
        { registrationId: "b", placement: "1", kills: "0" },
      ]),
    ).toEqual({ ok: false, code: "BAD_LOBBY" });
    expect(checkLobby([{ registrationId: "a", placement: "3", kills: "0" }]).ok).toBe(false);
    expect(checkLobby([{ registrationId: "a", placement: "1", kills: "-1" }]).ok).toBe(false);
    expect(checkLobby([]).ok).toBe(false);
  });
});

describe("the lobby match entered next", () => {
  it("is the first not yet played, and the last once all are", () => {
    expect(nextLobbyMatch([], 3)).toBe(1);
    expect(nextLobbyMatch([1], 3)).toBe(2);
    expect(nextLobbyMatch([1, 3], 3)).toBe(2);
    expect(nextLobbyMatch([1, 2, 3], 3)).toBe(3);
  });
});
