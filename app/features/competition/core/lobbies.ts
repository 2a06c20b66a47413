/**
 * Battle royale at scale: a lobby holds at most `lobbySize` teams (12 in Free Fire and Blood Strike
 * customs), so a bigger field is split into groups that each play one lobby per round. Lobbies are
 * numbered round by round, group by group: with 2 groups, round 1 is lobbies 1 (A) and 2 (B), round 2
 * is lobbies 3 (A) and 4 (B)… The number is what `competition_lobby_results.lobby_match` stores, so
 * each lobby keeps its own placements 1…n.
 *
 * Groups are fixed for the whole event and filled in snake order of seed (1→A, 2→B, 3→B, 4→A, …) so
 * each group gets a fair share of the strong seeds; the overall table ranks every team together.
 */
export const DEFAULT_LOBBY_SIZE = 12;
export const MAX_LOBBY_SIZE = 60;

/** How many groups (lobbies per round) a field of `teams` needs. */
export function groupCountFor(teams: number, lobbySize: number): number {
  return Math.max(1, Math.ceil(teams / Math.max(1, lobbySize)));
}

/** The group (0-based) of each team, by seed order (index 0 = seed 1), snake-wise. */
export function assignGroups<T>(seeded: readonly T[], groups: number): T[][] {
  const result: T[][] = Array.from({ length: groups }, () => []);
  seeded.forEach((team, index) => {
    const lap = Math.floor(index / groups);
    const position = index % groups;
    result[lap % 2 === 0 ? position : groups - 1 - position]!.push(team);
  });
  return result;
}

/** The lobby number (1-based) of a group (0-based) in a round (1-based). */
export function lobbyNumber(round: number, group: number, groups: number): number {
  return (round - 1) * groups + group + 1;
}

export function roundOfLobby(lobby: number, groups: number): number {
  return Math.floor((lobby - 1) / groups) + 1;
}

export function groupOfLobby(lobby: number, groups: number): number {
  return (lobby - 1) % groups;
}

/** "A", "B", … for a group index. */
export function groupLetter(group: number): string {
  return String.fromCharCode(65 + (group % 26));
}

export interface LobbyPlan {
  lobby: number;
  round: number;
  group: number;
  /** Registration ids of the teams playing in it. */
  teams: string[];
}

/** Every lobby of the event: `rounds` rounds × the groups of the seeded field. */
export function lobbyPlan(seeded: readonly string[], lobbySize: number, rounds: number): LobbyPlan[] {
  const groups = groupCountFor(seeded.length, lobbySize);
  const members = assignGroups(seeded, groups);
  const plan: LobbyPlan[] = [];
  for (let round = 1; round <= rounds; round++)
    for (let group = 0; group < groups; group++)
      plan.push({ lobby: lobbyNumber(round, group, groups), round, group, teams: members[group]! });
  return plan;
}

/** The lobby staff enter next: the first without results (the last one once all are played). */
export function nextLobby(played: readonly number[], total: number): number {
  for (let lobby = 1; lobby <= total; lobby++) if (!played.includes(lobby)) return lobby;
  return total;
}

import { pointsTable, type LobbyResult, type PointsRules, type TableRow } from "./points-table";

/**
 * The event's table over every team: each lobby's results counted in its round (a team plays one
 * lobby per round), so the columns are rounds and the tie-breaks read "the latest round".
 */
export function eventTable(
  teams: { registrationId: string; seed: number }[],
  results: LobbyResult[],
  rules: PointsRules,
  lobbySize: number,
  rounds: number,
): TableRow[] {
  const groups = groupCountFor(teams.length, lobbySize);
  const byRound = results.map((result) => ({ ...result, lobbyMatch: roundOfLobby(result.lobbyMatch, groups) }));
  return pointsTable(teams, byRound, rules, rounds);
}
