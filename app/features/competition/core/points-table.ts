/**
 * Battle royale points table: each lobby match gives a team points for its placement (from the
 * tournament's table: index 0 is 1st place; places past the table's end give 0) plus points per kill.
 *
 * Ties on total points are broken, in order, by: more total kills; better best placement in any
 * match; better placement in the latest match both played (latest first); then the lower seed.
 */
export interface LobbyResult {
  lobbyMatch: number;
  registrationId: string;
  placement: number;
  kills: number;
}

export interface PointsRules {
  placementPoints: number[];
  killPoints: number;
}

export interface TableRow {
  registrationId: string;
  rank: number;
  points: number;
  placementPoints: number;
  killPoints: number;
  kills: number;
  matchesPlayed: number;
  bestPlacement: number | null;
  /** Points per lobby match, index 0 = match 1 (null when the team has no result there). */
  perMatch: (number | null)[];
}

/**
 * Official point tables staff can pick instead of typing one.
 * - free_fire: Free Fire World Series (FFWS 2023, as published by Garena and reported by Liquipedia):
 *   Booyah 12, then 9, 8, 7, 6, 5, 4, 3, 2, 1, and 0 for 11th and 12th; 1 point per kill.
 * - blood_strike: no official esports table of Blood Strike was found (November 2026); we use the
 *   mobile battle-royale standard its community events follow (PUBG Mobile's PMGC table): 10, 6, 5,
 *   4, 3, 2, 1, 1, then 0; 1 point per kill. Staff can always type their own (custom).
 */
export const POINT_PRESETS = {
  free_fire: { placementPoints: [12, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0], killPoints: 1 },
  blood_strike: { placementPoints: [10, 6, 5, 4, 3, 2, 1, 1], killPoints: 1 },
} as const satisfies Record<string, PointsRules>;
export type PointsPreset = keyof typeof POINT_PRESETS | "custom";
export const POINTS_PRESETS = ["free_fire", "blood_strike", "custom"] as const satisfies readonly PointsPreset[];

export function isPointsPreset(value: unknown): value is PointsPreset {
  return typeof value === "string" && (POINTS_PRESETS as readonly string[]).includes(value);
}

/** The preset a game starts with (Free Fire's, Blood Strike's, or custom for the rest). */
export function defaultPresetFor(game: string): PointsPreset {
  return game === "free-fire" ? "free_fire" : game === "blood-strike" ? "blood_strike" : "custom";
}

/**
 * The rules of a preset, or of a custom table typed as "12, 9, 8, …" (points of 1st, 2nd, … place;
 * at most 60 places, each 0…999) and a kill value (0…99). Null when the custom table is malformed.
 */
export function rulesFor(preset: PointsPreset, custom: { placementText?: string; killText?: string }): PointsRules | null {
  if (preset !== "custom") {
    const rules = POINT_PRESETS[preset];
    return { placementPoints: [...rules.placementPoints], killPoints: rules.killPoints };
  }
  const parts = (custom.placementText ?? "").split(/[,;\s]+/).filter(Boolean);
  if (parts.length === 0 || parts.length > 60 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  const kill = (custom.killText ?? "").trim();
  if (!/^\d{1,2}$/.test(kill)) return null;
  return { placementPoints: parts.map(Number), killPoints: Number(kill) };
}

export function matchPoints(rules: PointsRules, placement: number, kills: number): number {
  return (rules.placementPoints[placement - 1] ?? 0) + kills * rules.killPoints;
}

export function pointsTable(
  teams: { registrationId: string; seed: number }[],
  results: LobbyResult[],
  rules: PointsRules,
  lobbyMatches: number,
): TableRow[] {
  const seedOf = new Map(teams.map((team) => [team.registrationId, team.seed]));
  const placements = new Map<string, Map<number, number>>();
  const rows = teams.map((team) => {
    const own = results.filter((result) => result.registrationId === team.registrationId);
    placements.set(team.registrationId, new Map(own.map((result) => [result.lobbyMatch, result.placement])));
    const perMatch: (number | null)[] = Array.from({ length: lobbyMatches }, (_, index) => {
      const result = own.find((candidate) => candidate.lobbyMatch === index + 1);
      return result ? matchPoints(rules, result.placement, result.kills) : null;
    });
    const placementPoints = own.reduce((sum, result) => sum + (rules.placementPoints[result.placement - 1] ?? 0), 0);
    const kills = own.reduce((sum, result) => sum + result.kills, 0);
    return {
      registrationId: team.registrationId,
      rank: 0,
      points: placementPoints + kills * rules.killPoints,
      placementPoints,
      killPoints: kills * rules.killPoints,
      kills,
      matchesPlayed: own.length,
      bestPlacement: own.length ? Math.min(...own.map((result) => result.placement)) : null,
      perMatch,
    };
  });
  const latestComparison = (a: TableRow, b: TableRow) => {
    const pa = placements.get(a.registrationId)!;
    const pb = placements.get(b.registrationId)!;
    for (let match = lobbyMatches; match >= 1; match--) {
      const x = pa.get(match);
      const y = pb.get(match);
      if (x !== undefined && y !== undefined && x !== y) return x - y;
    }
    return 0;
  };
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.kills - a.kills ||
      (a.bestPlacement ?? Infinity) - (b.bestPlacement ?? Infinity) ||
      latestComparison(a, b) ||
      (seedOf.get(a.registrationId) ?? 0) - (seedOf.get(b.registrationId) ?? 0),
  );
  rows.forEach((row, index) => (row.rank = index + 1));
  return rows;
}

/** A lobby's results as typed by staff: every placement 1…n at most once, kills whole and not negative. */
export function checkLobby(
  entries: { registrationId: string; placement: unknown; kills: unknown }[],
): { ok: true; results: { registrationId: string; placement: number; kills: number }[] } | { ok: false; code: "BAD_LOBBY" } {
  const results = entries.map((entry) => ({
    registrationId: entry.registrationId,
    placement: Number(entry.placement),
    kills: Number(entry.kills),
  }));
  const valid =
    results.length > 0 &&
    results.every(
      (result) =>
        Number.isInteger(result.placement) &&
        result.placement >= 1 &&
        result.placement <= results.length &&
        Number.isInteger(result.kills) &&
        result.kills >= 0 &&
        result.kills <= 99,
    ) &&
    new Set(results.map((result) => result.placement)).size === results.length;
  return valid ? { ok: true, results } : { ok: false, code: "BAD_LOBBY" };
}

/** The lobby match staff enter next: the first not yet played (the last one once all are). */
export function nextLobbyMatch(played: readonly number[], total: number): number {
  for (let match = 1; match <= total; match++) if (!played.includes(match)) return match;
  return total;
}
