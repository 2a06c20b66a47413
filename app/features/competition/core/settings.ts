import { BEST_OF, isFormat, type Format } from "./formats";

/** The platform's time zone (America/Caracas) has no daylight saving: UTC−4 all year. */
export const PLATFORM_UTC_OFFSET = "-04:00";

export interface CompetitionSettingsInput {
  format: Format;
  bestOf: number;
  finalBestOf: number;
  groupCount: number;
  lobbyMatches: number;
  startsAt: Date;
  checkInOpensMinutes: number;
  checkInClosesMinutes: number;
}

const int = (value: string | undefined) => (value !== undefined && /^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN);

/** The staff's settings form: a local date-time in the platform's zone, best-of from the allowed list, a window that opens before it closes. */
export function parseSettings(
  fields: Record<string, string | undefined>,
): { ok: true; settings: CompetitionSettingsInput } | { ok: false; code: "BAD_SETTINGS"; field: string } {
  const bad = (field: string) => ({ ok: false as const, code: "BAD_SETTINGS" as const, field });
  if (!isFormat(fields.format)) return bad("format");
  const bestOf = int(fields.bestOf);
  const finalBestOf = int(fields.finalBestOf);
  if (!(BEST_OF as readonly number[]).includes(bestOf)) return bad("bestOf");
  if (!(BEST_OF as readonly number[]).includes(finalBestOf)) return bad("finalBestOf");
  const groupCount = int(fields.groupCount ?? "1");
  if (!(groupCount >= 1 && groupCount <= 16)) return bad("groupCount");
  const lobbyMatches = int(fields.lobbyMatches ?? "4");
  if (!(lobbyMatches >= 1 && lobbyMatches <= 12)) return bad("lobbyMatches");
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(fields.startsAt ?? "")) return bad("startsAt");
  const startsAt = new Date(`${fields.startsAt}:00${PLATFORM_UTC_OFFSET}`);
  if (Number.isNaN(startsAt.getTime())) return bad("startsAt");
  const opens = int(fields.checkInOpensMinutes ?? "60");
  const closes = int(fields.checkInClosesMinutes ?? "15");
  if (!(opens >= 1 && opens <= 1440)) return bad("checkInOpensMinutes");
  if (!(closes >= 0 && closes < opens)) return bad("checkInClosesMinutes");
  return {
    ok: true,
    settings: {
      format: fields.format,
      bestOf,
      finalBestOf,
      groupCount,
      lobbyMatches,
      startsAt,
      checkInOpensMinutes: opens,
      checkInClosesMinutes: closes,
    },
  };
}

/** A date as the value of a datetime-local input in the platform's zone. */
export function toPlatformLocal(date: Date): string {
  return new Date(date.getTime() - 4 * 3_600_000).toISOString().slice(0, 16);
}

import { DEFAULT_LOBBY_SIZE, MAX_LOBBY_SIZE } from "./lobbies";
import { isPointsPreset, rulesFor, type PointsPreset } from "./points-table";

export const THIRD_PLACE = ["shared", "match"] as const;
export type ThirdPlace = (typeof THIRD_PLACE)[number];

/** What the run page still asks (format, start and check-in are the tournament form's, docs/product.md "Running an event"). */
export interface RunDetails {
  bestOf: number;
  finalBestOf: number;
  groupCount: number;
  lobbyMatches: number;
  lobbySize: number;
  pointsPreset: PointsPreset;
  placementPoints: number[];
  killPoints: number;
  thirdPlace: ThirdPlace;
}

/** The run page's details form: best-of from the list, groups 1–16, rounds 1–12, lobby 2–60 teams, a point table (preset or typed). */
export function parseRunDetails(
  fields: Record<string, string | undefined>,
): { ok: true; details: RunDetails } | { ok: false; code: "BAD_SETTINGS"; field: string } {
  const bad = (field: string) => ({ ok: false as const, code: "BAD_SETTINGS" as const, field });
  const bestOf = int(fields.bestOf ?? "1");
  const finalBestOf = int(fields.finalBestOf ?? "1");
  if (!(BEST_OF as readonly number[]).includes(bestOf)) return bad("bestOf");
  if (!(BEST_OF as readonly number[]).includes(finalBestOf)) return bad("finalBestOf");
  const groupCount = int(fields.groupCount ?? "1");
  if (!(groupCount >= 1 && groupCount <= 16)) return bad("groupCount");
  const lobbyMatches = int(fields.lobbyMatches ?? "4");
  if (!(lobbyMatches >= 1 && lobbyMatches <= 12)) return bad("lobbyMatches");
  const lobbySize = int(fields.lobbySize ?? String(DEFAULT_LOBBY_SIZE));
  if (!(lobbySize >= 2 && lobbySize <= MAX_LOBBY_SIZE)) return bad("lobbySize");
  const preset = fields.pointsPreset ?? "custom";
  if (!isPointsPreset(preset)) return bad("pointsPreset");
  const rules = rulesFor(preset, { placementText: fields.placementPoints, killText: fields.killPoints });
  if (!rules) return bad(/^\d{1,2}$/.test((fields.killPoints ?? "").trim()) ? "placementPoints" : "killPoints");
  const thirdPlace = fields.thirdPlace ?? "shared";
  if (!(THIRD_PLACE as readonly string[]).includes(thirdPlace)) return bad("thirdPlace");
  return {
    ok: true,
    details: {
      bestOf,
      finalBestOf,
      groupCount,
      lobbyMatches,
      lobbySize,
      pointsPreset: preset,
      placementPoints: rules.placementPoints,
      killPoints: rules.killPoints,
      thirdPlace: thirdPlace as ThirdPlace,
    },
  };
}
