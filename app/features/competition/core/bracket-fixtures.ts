import { buildBracket, type BracketData, type Entrant } from "./bracket";
import type { BracketFormat, ThirdPlace } from "./formats";

/** For the bracket unit tests: `n` teams r1…rn named Team 1…Team n, in seed order. */
export const teams = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ registrationId: `r${i + 1}`, name: `Team ${i + 1}` }));

/** The registration behind a bracket participant. */
export const regOf = (data: BracketData, id: unknown) =>
  (data.participant.find((p) => p.id === id) as unknown as { registration_id: string }).registration_id;

/** A one-group bracket of `n` teams before any result (the 3rd-place choice only when given). */
export const freshBracket = (format: BracketFormat, n: number, thirdPlace?: ThirdPlace) =>
  buildBracket({ tournamentId: "t", format, entrants: teams(n), groupCount: 1, results: [], ...(thirdPlace ? { thirdPlace } : {}) });
