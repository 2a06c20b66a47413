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

/**
 * The counts both forms ask: best-of (regular and final) from the allowed list, groups 1–16, rounds 1–12.
 * `bestOfDefault` stands for a best-of the form leaves out (the run page's; the settings form has no default).
 */
function parseMatchCounts(
  fields: Record<string, string | undefined>,
  bestOfDefault?: string,
): { bestOf: number; finalBestOf: number; groupCount: number; lobbyMatches: number } | { field: string } {
  const bestOf = int(fields.bestOf ?? bestOfDefault);
  const finalBestOf = int(fields.finalBestOf ?? bestOfDefault);
  if (!(BEST_OF as readonly number[]).includes(bestOf)) return { field: "bestOf" };
  if (!(BEST_OF as readonly number[]).includes(finalBestOf)) return { field: "finalBestOf" };
  const groupCount = int(fields.groupCount ?? "1");
  if (!(groupCount >= 1 && groupCount <= 16)) return { field: "groupCount" };
  const lobbyMatches = int(fields.lobbyMatches ?? "4");
  if (!(lobbyMatches >= 1 && lobbyMatches <= 12)) return { field: "lobbyMatches" };
  return { bestOf, finalBestOf, groupCount, lobbyMatches };
}

/** The staff's settings form: a local date-time in the platform's zone, best-of from the allowed list, a window that opens before it closes. */
export function parseSettings(
  fields: Record<string, string | undefined>,
): { ok: true; settings: CompetitionSettingsInput } | { ok: false; code: "BAD_SETTINGS"; field: string } {
  const bad = (field: string) => ({ ok: false as const, code: "BAD_SETTINGS" as const, field });
  if (!isFormat(fields.format)) return bad("format");
  const counts = parseMatchCounts(fields);
  if ("field" in counts) return bad(counts.field);
  const { bestOf, finalBestOf, groupCount, lobbyMatches } = counts;
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

/** What the run page still asks (format, its 3rd-place choice, start and check-in are the tournament form's, docs/product.md "Running an event"). */
export interface RunDetails {
  bestOf: number;
  finalBestOf: number;
  groupCount: number;
  lobbyMatches: number;
  lobbySize: number;
  pointsPreset: PointsPreset;
  placementPoints: number[];
  killPoints: number;
}

/** The run page's details form: best-of from the list, groups 1–16, rounds 1–12, lobby 2–60 teams, a point table (preset or typed). */
export function parseRunDetails(
  fields: Record<string, string | undefined>,
): { ok: true; details: RunDetails } | { ok: false; code: "BAD_SETTINGS"; field: string } {
  const bad = (field: string) => ({ ok: false as const, code: "BAD_SETTINGS" as const, field });
  const counts = parseMatchCounts(fields, "1");
  if ("field" in counts) return bad(counts.field);
  const { bestOf, finalBestOf, groupCount, lobbyMatches } = counts;
  const lobbySize = int(fields.lobbySize ?? String(DEFAULT_LOBBY_SIZE));
  if (!(lobbySize >= 2 && lobbySize <= MAX_LOBBY_SIZE)) return bad("lobbySize");
  const preset = fields.pointsPreset ?? "custom";
  if (!isPointsPreset(preset)) return bad("pointsPreset");
  const rules = rulesFor(preset, { placementText: fields.placementPoints, killText: fields.killPoints });
  if (!rules) return bad(/^\d{1,2}$/.test((fields.killPoints ?? "").trim()) ? "placementPoints" : "killPoints");
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
    },
  };
}
