import { matchPoints } from "~/features/competition/core/points-table";

/**
 * A team's or a player's record, derived from what the competition feature stores (docs/teams.md): no
 * number is typed for it, so a result corrected by staff changes it on the next read.
 */

export interface StatsEntry {
  registrationId: string;
  game: string;
  /** The place staff recorded (competition_prizes), if any. */
  place: number | null;
}

/** A decided bracket match (competition_results). */
export interface DecidedMatch {
  registration1: string;
  registration2: string;
  score1: number;
  score2: number;
}

/** One battle-royale lobby result with its tournament's point rules. */
export interface LobbyResultRow {
  registrationId: string;
  placement: number;
  kills: number;
  placementPoints: number[];
  killPoints: number;
}

export interface GameRecord {
  game: string;
  tournaments: number;
  won: number;
  lost: number;
  /** Whole percent of decided matches won; null before any. */
  winRate: number | null;
  bestPlace: number | null;
  /** Battle royale: kills and points over every lobby match. */
  kills: number;
  points: number;
}

/** The record per game, games in order of most tournaments entered. */
export function recordByGame(
  entries: readonly StatsEntry[],
  matches: readonly DecidedMatch[],
  lobbies: readonly LobbyResultRow[],
): GameRecord[] {
  const gameOf = new Map(entries.map((entry) => [entry.registrationId, entry.game]));
  const records = new Map<string, GameRecord>();
  const recordOf = (game: string) => {
    let record = records.get(game);
    if (!record) {
      record = { game, tournaments: 0, won: 0, lost: 0, winRate: null, bestPlace: null, kills: 0, points: 0 };
      records.set(game, record);
    }
    return record;
  };
  for (const entry of entries) {
    const record = recordOf(entry.game);
    record.tournaments += 1;
    if (entry.place !== null && (record.bestPlace === null || entry.place < record.bestPlace)) record.bestPlace = entry.place;
  }
  for (const match of matches) {
    for (const [mine, ours, theirs] of [
      [match.registration1, match.score1, match.score2],
      [match.registration2, match.score2, match.score1],
    ] as const) {
      const game = gameOf.get(mine);
      if (!game || ours === theirs) continue;
      const record = recordOf(game);
      if (ours > theirs) record.won += 1;
      else record.lost += 1;
    }
  }
  for (const row of lobbies) {
    const game = gameOf.get(row.registrationId);
    if (!game) continue;
    const record = recordOf(game);
    record.kills += row.kills;
    record.points += matchPoints({ placementPoints: row.placementPoints, killPoints: row.killPoints }, row.placement, row.kills);
  }
  for (const record of records.values()) {
    const decided = record.won + record.lost;
    record.winRate = decided === 0 ? null : Math.round((record.won / decided) * 100);
  }
  return [...records.values()].sort((a, b) => b.tournaments - a.tournaments || a.game.localeCompare(b.game));
}

/** One month of a team's or a player's activity (by the tournament's date). */
export interface MonthActivity {
  /** YYYY-MM */
  month: string;
  tournaments: number;
  won: number;
}

/** The `count` months ending with the month of `today` (YYYY-MM-DD), oldest first, as YYYY-MM. */
export function lastMonths(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * Tournaments entered and bracket matches won per month over the last `count` months, each counted in
 * the month of its tournament's date (a match has no day of its own that players see): the chart of the
 * team page and the profile. Months without play are zeros, so the chart's axis is the calendar.
 */
export function monthlyActivity(
  entries: readonly { registrationId: string; date: string }[],
  matches: readonly DecidedMatch[],
  today: string,
  count = 6,
): MonthActivity[] {
  const months = lastMonths(today, count);
  const byMonth = new Map(months.map((month) => [month, { month, tournaments: 0, won: 0 }]));
  const monthOf = new Map(entries.map((entry) => [entry.registrationId, entry.date.slice(0, 7)]));
  for (const entry of entries) {
    const bucket = byMonth.get(entry.date.slice(0, 7));
    if (bucket) bucket.tournaments += 1;
  }
  for (const match of matches) {
    for (const [mine, ours, theirs] of [
      [match.registration1, match.score1, match.score2],
      [match.registration2, match.score2, match.score1],
    ] as const) {
      const month = monthOf.get(mine);
      const bucket = month ? byMonth.get(month) : undefined;
      if (bucket && ours > theirs) bucket.won += 1;
    }
  }
  return months.map((month) => byMonth.get(month)!);
}
