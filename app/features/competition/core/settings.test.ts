import { describe, expect, it } from "vitest";
import { parseRunDetails, parseSettings, toPlatformLocal } from "./settings";

const good = {
  format: "single_elimination",
  bestOf: "1",
  finalBestOf: "3",
  groupCount: "1",
  lobbyMatches: "4",
  startsAt: "2026-12-01T20:00",
  checkInOpensMinutes: "60",
  checkInClosesMinutes: "15",
};

describe("settings form", () => {
  it("reads a start in Caracas time and the default window", () => {
    const result = parseSettings(good);
    expect(result.ok && result.settings.startsAt.toISOString()).toBe("2026-12-02T00:00:00.000Z");
    expect(result.ok && toPlatformLocal(result.settings.startsAt)).toBe("2026-12-01T20:00");
    expect(result.ok && result.settings.finalBestOf).toBe(3);
  });
  it("names the field that is wrong", () => {
    expect(parseSettings({ ...good, format: "ladder" })).toMatchObject({ ok: false, field: "format" });
    expect(parseSettings({ ...good, format: "swiss" })).toMatchObject({ ok: true });
    expect(parseSettings({ ...good, bestOf: "2" })).toMatchObject({ ok: false, field: "bestOf" });
    expect(parseSettings({ ...good, startsAt: "mañana" })).toMatchObject({ ok: false, field: "startsAt" });
    expect(parseSettings({ ...good, checkInClosesMinutes: "60" })).toMatchObject({ ok: false, field: "checkInClosesMinutes" });
  });
});

describe("every wrong field at once", () => {
  it("the settings form names each wrong field, the first in form order as field", () => {
    expect(parseSettings({ ...good, bestOf: "2", startsAt: "mañana", checkInClosesMinutes: "60" })).toMatchObject({
      ok: false,
      code: "BAD_SETTINGS",
      field: "bestOf",
      errors: { bestOf: "BAD_SETTINGS", startsAt: "BAD_SETTINGS", checkInClosesMinutes: "BAD_SETTINGS" },
    });
  });

  it("the run details form too, a wrong kill value before the places", () => {
    expect(parseRunDetails({ bestOf: "3", pointsPreset: "custom", placementPoints: "12, 9, 8", killPoints: "1" })).toMatchObject({
      ok: true,
      details: { bestOf: 3, finalBestOf: 1, lobbySize: 12, placementPoints: [12, 9, 8], killPoints: 1 },
    });
    expect(parseRunDetails({ lobbySize: "1", pointsPreset: "custom", placementPoints: "a", killPoints: "x" })).toMatchObject({
      field: "lobbySize",
      errors: { lobbySize: "BAD_SETTINGS", placementPoints: "BAD_SETTINGS", killPoints: "BAD_SETTINGS" },
    });
    expect(parseRunDetails({ pointsPreset: "custom", placementPoints: "a", killPoints: "x" })).toMatchObject({ field: "killPoints" });
    expect(parseRunDetails({ pointsPreset: "custom", placementPoints: "a", killPoints: "1" })).toMatchObject({ field: "placementPoints" });
    expect(parseRunDetails({ pointsPreset: "nope" })).toMatchObject({ field: "pointsPreset" });
  });
});
