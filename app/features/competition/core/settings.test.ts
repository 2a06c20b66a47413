import { describe, expect, it } from "vitest";
import { parseSettings, toPlatformLocal } from "./settings";

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
