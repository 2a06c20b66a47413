import { winsNeeded } from "./formats";

export interface Score {
  score1: number;
  score2: number;
}

/** A finished best-of-N score: the winner took the majority of games, the loser fewer. */
export function checkScore(
  bestOf: number,
  score: { score1: unknown; score2: unknown },
): { ok: true; score: Score } | { ok: false; code: "BAD_SCORE" } {
  const a = Number(score.score1);
  const b = Number(score.score2);
  const need = winsNeeded(bestOf);
  const valid = Number.isInteger(a) && Number.isInteger(b) && a >= 0 && b >= 0 && Math.max(a, b) === need && Math.min(a, b) < need;
  return valid ? { ok: true, score: { score1: a, score2: b } } : { ok: false, code: "BAD_SCORE" };
}

/** What two reports (or one) say about a match: waiting for the other team, agreed, or a dispute for staff. */
export type ReportsState =
  { state: "none" } | { state: "waiting"; reportedBy: string } | { state: "agreed"; score: Score } | { state: "disputed" };

export function reportsState(reports: { registrationId: string; score1: number; score2: number }[]): ReportsState {
  if (reports.length === 0) return { state: "none" };
  if (reports.length === 1) return { state: "waiting", reportedBy: reports[0]!.registrationId };
  const [first, second] = reports;
  return first!.score1 === second!.score1 && first!.score2 === second!.score2
    ? { state: "agreed", score: { score1: first!.score1, score2: first!.score2 } }
    : { state: "disputed" };
}

/** Which side (1 or 2) won a decided score. */
export function winnerSide(score: Score): 1 | 2 {
  return score.score1 > score.score2 ? 1 : 2;
}

/** A captain's reports of one match: the first one and at most this many changes (docs/reliability.md "Competition": reports cost a file, a mail and a re-render for every viewer). */
export const REPORT_CHANGES_ALLOWED = 3;
/** Nor more than one report per team and match in this many seconds. */
export const REPORT_PAUSE_SECONDS = 20;

/** Why a team may not report this match again now, or null. `previous` is the team's live report of the match. */
export function reportRefusal(
  previous: { revision: number; createdAt: Date } | null,
  now: Date,
): "REPORT_LIMIT_REACHED" | "REPORT_TOO_SOON" | null {
  if (!previous) return null;
  if (previous.revision > REPORT_CHANGES_ALLOWED) return "REPORT_LIMIT_REACHED";
  if (now.getTime() - previous.createdAt.getTime() < REPORT_PAUSE_SECONDS * 1000) return "REPORT_TOO_SOON";
  return null;
}
