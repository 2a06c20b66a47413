/** Ordering the checked-in teams before the bracket is generated. */
export const SEEDING_METHODS = ["manual", "random", "past_results"] as const;
export type SeedingMethod = (typeof SEEDING_METHODS)[number];

export interface SeedCandidate {
  registrationId: string;
  name: string;
  /** Order of check-in (or registration): the last tie-breaker. */
  order: number;
  /** Matches won on the platform in earlier events (for "past_results"). */
  pastWins: number;
}

/**
 * The teams in seed order (first = seed 1).
 * manual: by the number staff typed (each 1…n once); random: a shuffle from `random`;
 * past_results: most past wins first, then check-in order.
 */
export function orderSeeds(
  teams: SeedCandidate[],
  method: SeedingMethod,
  options: { manual?: Record<string, number>; random?: () => number } = {},
): { ok: true; seeds: SeedCandidate[] } | { ok: false; code: "BAD_SEEDS" } {
  if (method === "manual") {
    const numbers = teams.map((team) => options.manual?.[team.registrationId]);
    const valid = numbers.every((n) => Number.isInteger(n) && n! >= 1 && n! <= teams.length) && new Set(numbers).size === teams.length;
    if (!valid) return { ok: false, code: "BAD_SEEDS" };
    return { ok: true, seeds: [...teams].sort((a, b) => options.manual![a.registrationId]! - options.manual![b.registrationId]!) };
  }
  if (method === "random") {
    const random = options.random ?? Math.random;
    const shuffled = [...teams];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    return { ok: true, seeds: shuffled };
  }
  return { ok: true, seeds: [...teams].sort((a, b) => b.pastWins - a.pastWins || a.order - b.order) };
}

/**
 * The seeding list handed to brackets-manager: participant ids in seed order, padded with `null`
 * (a bye) up to the bracket size for elimination formats. With the "inner_outer" ordering the top
 * seeds meet the byes, so no-shows and odd counts never leave a match of two byes.
 */
export function seedingWithByes<Id>(ids: Id[], size: number): (Id | null)[] {
  return [...ids, ...Array.from({ length: Math.max(0, size - ids.length) }, () => null)];
}
