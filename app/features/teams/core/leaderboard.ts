/**
 * Seasons and the per-game leaderboard (docs/teams.md "Leaderboards and seasons"): the points
 * rule, the season form, which season a page opens on, and the keyset cursor. Pure: the SQL in
 * leaderboard.server.ts reads the rule's numbers from here, and a test checks both agree.
 */
import { matchPoints, type PointsRules } from "~/features/competition/core/points-table";

/** Points for a place staff recorded: index 0 is 1st. Places below the table earn none. */
export const PLACE_POINTS: readonly number[] = [25, 18, 15, 12, 10, 8, 6, 4];
/** Points for each bracket match won (draws and losses earn none). */
export const WIN_POINTS = 3;
/** Points for taking part in a tournament (a registration that kept its place). */
export const ENTRY_POINTS = 1;

export const LEADERBOARD_KINDS = ["player", "team"] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];
export const LEADERBOARD_PAGE = 25;

export function isLeaderboardKind(value: unknown): value is LeaderboardKind {
  return (LEADERBOARD_KINDS as readonly unknown[]).includes(value);
}

/**
 * What one registration earns in a season: entry, place and wins, and in a battle-royale cup its final
 * table's points (`tablePoints`, from lobbyTablePoints): the cup's own placement and kill points, so a
 * booyah and its kills count as they did on the night.
 */
export function tournamentPoints(result: { place: number | null; won: number; tablePoints?: number }): number {
  const place = result.place !== null && result.place >= 1 ? (PLACE_POINTS[result.place - 1] ?? 0) : 0;
  return ENTRY_POINTS + place + WIN_POINTS * Math.max(0, result.won) + Math.max(0, result.tablePoints ?? 0);
}

/**
 * A registration's points in a battle-royale cup's final table: each lobby's placement points plus its
 * kills times the kill value, as the cup's points table defines them (competition/core/points-table.ts).
 * The SQL of leaderboard.server.ts computes the same sum; the integration test checks both agree.
 */
export function lobbyTablePoints(rules: PointsRules, lobbies: readonly { placement: number; kills: number }[]): number {
  return lobbies.reduce((sum, lobby) => sum + matchPoints(rules, lobby.placement, Math.max(0, lobby.kills)), 0);
}

/** A subject's season line: the sum over its registrations (the order rows are ranked by). */
export interface StandingLine {
  points: number;
  won: number;
  lost: number;
  tournaments: number;
  bestPlace: number | null;
}

export function seasonLine(results: readonly { place: number | null; won: number; lost: number; tablePoints?: number }[]): StandingLine {
  let points = 0;
  let won = 0;
  let lost = 0;
  let bestPlace: number | null = null;
  for (const result of results) {
    points += tournamentPoints(result);
    won += result.won;
    lost += result.lost;
    if (result.place !== null && (bestPlace === null || result.place < bestPlace)) bestPlace = result.place;
  }
  return { points, won, lost, tournaments: results.length, bestPlace };
}

/* ───────────── Seasons ───────────── */

export interface SeasonInput {
  name: string;
  startsOn: string;
  endsOn: string;
}

export type SeasonErrorCode = "SEASON_NAME" | "SEASON_DATES" | "SEASON_NOT_FOUND";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The staff form: a name of 2–40 characters and a first day on or before the last (at most two years). */
export function parseSeason(
  fields: Record<string, string | undefined>,
): { ok: true; season: SeasonInput } | { ok: false; code: SeasonErrorCode } {
  const name = (fields.name ?? "").trim();
  if ([...name].length < 2 || [...name].length > 40) return { ok: false, code: "SEASON_NAME" };
  const startsOn = (fields.startsOn ?? "").trim();
  const endsOn = (fields.endsOn ?? "").trim();
  if (!isDay(startsOn) || !isDay(endsOn) || endsOn < startsOn) return { ok: false, code: "SEASON_DATES" };
  if (Date.parse(endsOn) - Date.parse(startsOn) > 731 * 86_400_000) return { ok: false, code: "SEASON_DATES" };
  return { ok: true, season: { name, startsOn, endsOn } };
}

/** The season a leaderboard opens on: the one running today (the latest to start), else the latest that began, else the next. */
export function currentSeason<S extends { startsOn: string; endsOn: string }>(seasons: readonly S[], today: string): S | null {
  const byStart = [...seasons].sort((a, b) => b.startsOn.localeCompare(a.startsOn));
  return (
    byStart.find((season) => season.startsOn <= today && today <= season.endsOn) ??
    byStart.find((season) => season.startsOn <= today) ??
    byStart.at(-1) ??
    null
  );
}

/* ───────────── Keyset cursor ───────────── */

/** The last row of a page (its rank continues the numbering of the next one). */
export interface LeaderboardCursor {
  points: number;
  won: number;
  subjectId: string;
  rank: number;
}

export function encodeCursor(cursor: LeaderboardCursor): string {
  return Buffer.from(JSON.stringify([cursor.points, cursor.won, cursor.subjectId, cursor.rank])).toString("base64url");
}

/** A cursor from the address bar, or null when it is not one of ours (the first page is shown then). */
export function decodeCursor(raw: string | null | undefined): LeaderboardCursor | null {
  if (!raw || raw.length > 200) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [points, won, subjectId, rank] = value as unknown[];
    if (!Number.isSafeInteger(points) || !Number.isSafeInteger(won) || !Number.isSafeInteger(rank) || (rank as number) < 0) return null;
    if (typeof subjectId !== "string" || subjectId.length === 0 || subjectId.length > 64) return null;
    return { points: points as number, won: won as number, subjectId, rank: rank as number };
  } catch {
    return null;
  }
}
