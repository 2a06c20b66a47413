/**
 * Swiss pairing (brackets-manager has none): every round pairs teams with the same number of wins,
 * never twice the same two teams, and with an odd number of teams the lowest-ranked team that has
 * not had one gets a bye (a win). Standings: wins, then Buchholz (the sum of the wins of the teams
 * met), then seed. Pure: ids are participant ids, given in seed order.
 */

export interface SwissGame {
  round: number;
  a: number;
  /** null: `a` had a bye. */
  b: number | null;
  /** The winner's id once decided (a bye is won by `a`), else null. */
  winner: number | null;
}

export interface SwissRecord {
  id: number;
  /** 1 = top seed. */
  seed: number;
  wins: number;
  losses: number;
  buchholz: number;
  opponents: number[];
  hadBye: boolean;
}

/** Rounds of a Swiss event: enough for one unbeaten team (⌈log2 teams⌉), at least one. */
export function swissRounds(teams: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(2, teams))));
}

export function swissRecords(ids: number[], games: SwissGame[]): SwissRecord[] {
  const records = new Map<number, SwissRecord>(
    ids.map((id, index) => [id, { id, seed: index + 1, wins: 0, losses: 0, buchholz: 0, opponents: [], hadBye: false }]),
  );
  for (const game of games) {
    const a = records.get(game.a);
    if (!a) continue;
    if (game.b === null) {
      a.hadBye = true;
      a.wins++;
      continue;
    }
    const b = records.get(game.b);
    if (!b) continue;
    a.opponents.push(b.id);
    b.opponents.push(a.id);
    if (game.winner === a.id) {
      a.wins++;
      b.losses++;
    } else if (game.winner === b.id) {
      b.wins++;
      a.losses++;
    }
  }
  for (const record of records.values())
    record.buchholz = record.opponents.reduce((sum, opponent) => sum + (records.get(opponent)?.wins ?? 0), 0);
  return [...records.values()];
}

/** The table: wins, then Buchholz, then seed. */
export function swissStandings(ids: number[], games: SwissGame[]): SwissRecord[] {
  return swissRecords(ids, games).sort((x, y) => y.wins - x.wins || y.buchholz - x.buchholz || x.seed - y.seed);
}

/** The largest search the pairing tries before it gives up (an impossible round answers null quickly). */
const SEARCH_LIMIT = 200_000;

/**
 * The next round's pairs (and bye), or null when no pairing without a rematch exists. Within a
 * group of equal wins the top half meets the bottom half (1–5, 2–6… among eight); a team that cannot
 * be paired in its group floats down to the next one.
 */
export function pairRound(ids: number[], games: SwissGame[]): { pairs: [number, number][]; bye: number | null } | null {
  const records = swissRecords(ids, games);
  const byId = new Map(records.map((record) => [record.id, record]));
  const order = [...records].sort((x, y) => y.wins - x.wins || x.seed - y.seed).map((record) => record.id);
  const played = (x: number, y: number) => byId.get(x)!.opponents.includes(y);
  let steps = 0;

  const solve = (remaining: number[]): [number, number][] | null => {
    if (remaining.length === 0) return [];
    if (++steps > SEARCH_LIMIT) return null;
    const [first, ...rest] = remaining as [number, ...number[]];
    const wins = byId.get(first)!.wins;
    const group = rest.filter((id) => byId.get(id)!.wins === wins);
    // `first` heads its group (of group.length + 1): its preferred opponent is the group's middle one.
    const pivot = Math.max(0, Math.floor((group.length + 1) / 2) - 1);
    const preferred = [...group.slice(pivot), ...group.slice(0, pivot)];
    const candidates = [...preferred, ...rest.filter((id) => byId.get(id)!.wins !== wins)];
    for (const other of candidates) {
      if (played(first, other)) continue;
      const pairs = solve(rest.filter((id) => id !== other));
      if (pairs) return [[first, other], ...pairs];
    }
    return null;
  };

  if (order.length % 2 === 0) {
    const pairs = solve(order);
    return pairs ? { pairs, bye: null } : null;
  }
  // Odd: the bye goes to the lowest-ranked team without one (the next one up if the rest cannot be paired).
  for (const candidate of [...order].reverse()) {
    if (byId.get(candidate)!.hadBye) continue;
    const pairs = solve(order.filter((id) => id !== candidate));
    if (pairs) return { pairs, bye: candidate };
  }
  return null;
}
