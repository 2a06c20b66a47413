import { describe, expect, it } from "vitest";
import { currentSeason, decodeCursor, encodeCursor, lobbyTablePoints, parseSeason, seasonLine, tournamentPoints } from "./leaderboard";

describe("tournamentPoints", () => {
  it("gives one point for taking part, the place's points and three per match won", () => {
    expect(tournamentPoints({ place: null, won: 0 })).toBe(1);
    expect(tournamentPoints({ place: 1, won: 3 })).toBe(1 + 25 + 9);
    expect(tournamentPoints({ place: 2, won: 2 })).toBe(1 + 18 + 6);
    expect(tournamentPoints({ place: 8, won: 0 })).toBe(1 + 4);
  });
  it("gives nothing for places below the table or nonsense", () => {
    expect(tournamentPoints({ place: 9, won: 0 })).toBe(1);
    expect(tournamentPoints({ place: 0, won: -2 })).toBe(1);
  });
});

describe("battle-royale table points", () => {
  const rules = { placementPoints: [12, 9, 8], killPoints: 2 };
  it("adds each lobby's placement points and kills as the cup's table defines them", () => {
    expect(lobbyTablePoints(rules, [])).toBe(0);
    expect(
      lobbyTablePoints(rules, [
        { placement: 1, kills: 5 },
        { placement: 3, kills: 0 },
        { placement: 7, kills: 2 },
      ]),
    ).toBe(12 + 10 + 8 + 0 + 4);
  });
  it("counts the table's points in the season, never negative", () => {
    expect(tournamentPoints({ place: 1, won: 0, tablePoints: 30 })).toBe(1 + 25 + 30);
    expect(tournamentPoints({ place: null, won: 0, tablePoints: -5 })).toBe(1);
    expect(lobbyTablePoints(rules, [{ placement: 2, kills: -3 }])).toBe(9);
    expect(seasonLine([{ place: 2, won: 0, lost: 0, tablePoints: 14 }]).points).toBe(1 + 18 + 14);
  });
});

describe("seasonLine", () => {
  it("adds a subject's tournaments up and keeps the best place", () => {
    expect(
      seasonLine([
        { place: 3, won: 1, lost: 1 },
        { place: null, won: 0, lost: 1 },
        { place: 1, won: 2, lost: 0 },
      ]),
    ).toEqual({ points: 1 + 15 + 3 + 1 + 1 + 25 + 6, won: 3, lost: 2, tournaments: 3, bestPlace: 1 });
    expect(seasonLine([])).toEqual({ points: 0, won: 0, lost: 0, tournaments: 0, bestPlace: null });
  });
});

describe("parseSeason", () => {
  it("takes a name and an ordered range of real days", () => {
    expect(parseSeason({ name: " Temporada 1 ", startsOn: "2026-01-01", endsOn: "2026-03-31" })).toEqual({
      ok: true,
      season: { name: "Temporada 1", startsOn: "2026-01-01", endsOn: "2026-03-31" },
    });
    expect(parseSeason({ name: "T1", startsOn: "2026-05-05", endsOn: "2026-05-05" }).ok).toBe(true);
  });
  it("refuses a short name, a reversed, impossible or too long range", () => {
    expect(parseSeason({ name: "x", startsOn: "2026-01-01", endsOn: "2026-02-01" })).toEqual({ ok: false, code: "SEASON_NAME" });
    expect(parseSeason({ name: "T1", startsOn: "2026-02-01", endsOn: "2026-01-01" })).toEqual({ ok: false, code: "SEASON_DATES" });
    expect(parseSeason({ name: "T1", startsOn: "2026-02-30", endsOn: "2026-03-01" })).toEqual({ ok: false, code: "SEASON_DATES" });
    expect(parseSeason({ name: "T1", startsOn: "2020-01-01", endsOn: "2026-01-01" })).toEqual({ ok: false, code: "SEASON_DATES" });
    expect(parseSeason({})).toEqual({ ok: false, code: "SEASON_NAME" });
  });
});

describe("currentSeason", () => {
  const seasons = [
    { id: "a", startsOn: "2026-01-01", endsOn: "2026-03-31" },
    { id: "b", startsOn: "2026-04-01", endsOn: "2026-06-30" },
    { id: "c", startsOn: "2026-09-01", endsOn: "2026-12-31" },
  ];
  it("opens on the running season, else the latest begun, else the first to come", () => {
    expect(currentSeason(seasons, "2026-05-10")?.id).toBe("b");
    expect(currentSeason(seasons, "2026-07-15")?.id).toBe("b");
    expect(currentSeason(seasons, "2025-12-01")?.id).toBe("a");
    expect(currentSeason([], "2026-05-10")).toBeNull();
  });
});

describe("cursor", () => {
  it("round-trips and refuses what is not one", () => {
    const cursor = { points: 40, won: 3, subjectId: "u-1", rank: 25 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor("nonsense")).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify([1, 2, "", 3])).toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify([1.5, 2, "a", 3])).toString("base64url"))).toBeNull();
    expect(decodeCursor(null)).toBeNull();
  });
});
