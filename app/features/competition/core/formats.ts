/**
 * The ways an event is run. All but battle royale are brackets (brackets-manager); battle royale is a
 * points table. Groups → playoffs: round-robin groups, then the top `PLAYOFF_PER_GROUP` of each group
 * in a single-elimination bracket (a second stage built when the last group match is decided).
 * Swiss: our own pairing (core/swiss.ts), stored as round-robin-shaped rows, one round at a time.
 */
export const FORMATS = ["single_elimination", "double_elimination", "round_robin", "groups_playoffs", "swiss", "battle_royale"] as const;
export type Format = (typeof FORMATS)[number];
export type BracketFormat = Exclude<Format, "battle_royale">;

export function isFormat(value: unknown): value is Format {
  return typeof value === "string" && (FORMATS as readonly string[]).includes(value);
}

export function isBracketFormat(format: Format): format is BracketFormat {
  return format !== "battle_royale";
}

/** How many teams of each group go on to the playoffs. */
export const PLAYOFF_PER_GROUP = 2;

export const BEST_OF = [1, 3, 5, 7] as const;

/** Wins needed to take a best-of-N match. */
export function winsNeeded(bestOf: number): number {
  return Math.floor(bestOf / 2) + 1;
}

/** The smallest power of two that holds every team (elimination brackets are filled with byes up to it). */
export function bracketSize(teams: number): number {
  let size = 2;
  while (size < teams) size *= 2;
  return size;
}

/**
 * Who is 3rd in an elimination bracket (the organizer's choice, docs/decisions/007-brackets.md):
 * `shared`: both semifinal losers are 3rd; `match`: they play a 3rd-place match (brackets-manager's
 * consolation final, a second group of one match).
 */
export const THIRD_PLACE = ["shared", "match"] as const;
export type ThirdPlace = (typeof THIRD_PLACE)[number];

export function isThirdPlace(value: unknown): value is ThirdPlace {
  return typeof value === "string" && (THIRD_PLACE as readonly string[]).includes(value);
}

/** A 3rd-place match needs two semifinal losers: four teams or more in the elimination bracket. */
export function playsThirdPlaceMatch(thirdPlace: ThirdPlace | undefined, teams: number): boolean {
  return thirdPlace === "match" && teams >= 4;
}
