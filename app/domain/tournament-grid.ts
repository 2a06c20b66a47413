/** SPEC §2/§9: the landing grid has 1 column for one tournament, 2 for two, 3 for more. */
export function tournamentGridColumns(count: number): 1 | 2 | 3 {
  if (count <= 1) return 1;
  if (count === 2) return 2;
  return 3;
}

/** SPEC §3: cards show participants as the first element of players. */
export function participantsLabel(players: readonly string[]): string {
  return players[0] ?? "";
}
