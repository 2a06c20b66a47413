import type { CompetitionErrorCode } from "./errors";

/**
 * Match times and walkovers (docs/product.md "Running an event: match times, reminders and walkovers"): each round of a bracket may have a scheduled time; both teams of
 * its matches get a reminder `MATCH_REMINDER_MINUTES` before it; once the time has passed, staff may
 * give a walkover ("W.O.") to the team that is present. Pure rules; the server stores and sends.
 */

/** How long before a round's time its teams are reminded. */
export const MATCH_REMINDER_MINUTES = 15;

/** A round's time is at most this far from the event's start (a typo of a year is refused). */
const MAX_DAYS_FROM_START = 60;

/**
 * Where a match stands for what staff and teams may do with it:
 * - `waiting`: a team is not known yet (or a bye);
 * - `ready`: both teams known, no result, its time not reached (or no time set);
 * - `late`: both teams known, no result, its round's time has passed;
 * - `decided`: it has a result.
 */
export type MatchPhase = "waiting" | "ready" | "late" | "decided";

/** What can be done to a match. */
export type MatchMove = "report" | "decide" | "walkover" | "correct";

/** The table of allowed moves: a walkover only once the round's time has passed and before any result. */
export const MATCH_MOVES: Record<MatchPhase, readonly MatchMove[]> = {
  waiting: [],
  ready: ["report", "decide"],
  late: ["report", "decide", "walkover"],
  decided: ["correct"],
};

export function matchPhase(input: { playable: boolean; decided: boolean; scheduledAt: Date | null; now: Date }): MatchPhase {
  if (input.decided) return "decided";
  if (!input.playable) return "waiting";
  return input.scheduledAt && input.scheduledAt.getTime() <= input.now.getTime() ? "late" : "ready";
}

/** Null when the move is allowed; otherwise the code staff (or the captain) are shown. */
export function moveRefusal(phase: MatchPhase, move: MatchMove): CompetitionErrorCode | null {
  if (MATCH_MOVES[phase].includes(move)) return null;
  if (phase === "decided") return "ALREADY_DECIDED";
  if (phase === "waiting") return "MATCH_NOT_READY";
  return move === "walkover" ? "NOT_LATE_YET" : "MATCH_NOT_READY";
}

/** The score stored for a walkover: the present side wins 1–0 (the bracket advances it; the views write "W.O."). */
export function walkoverScore(present: 1 | 2): { score1: number; score2: number } {
  return present === 1 ? { score1: 1, score2: 0 } : { score1: 0, score2: 1 };
}

/**
 * Reads the run page's round times: fields `round_<id>` holding a datetime-local value in the
 * platform's zone (empty clears the time). `toInstant` turns "2026-03-10T18:30" into the instant
 * (the zone-aware reader of the tournament form). Only rounds of the bracket are read.
 */
export function parseRoundTimes(
  fields: Record<string, string | undefined>,
  roundIds: number[],
  startsAt: Date,
  toInstant: (local: string) => Date | null,
): { ok: true; times: { roundId: number; scheduledAt: Date | null }[] } | { ok: false; code: "BAD_ROUND_TIME"; field: string } {
  const times: { roundId: number; scheduledAt: Date | null }[] = [];
  const limit = MAX_DAYS_FROM_START * 86_400_000;
  for (const roundId of roundIds) {
    const field = `round_${roundId}`;
    const raw = fields[field];
    if (raw === undefined) continue;
    if (raw.trim() === "") {
      times.push({ roundId, scheduledAt: null });
      continue;
    }
    const at = toInstant(raw);
    if (!at || Math.abs(at.getTime() - startsAt.getTime()) > limit) return { ok: false, code: "BAD_ROUND_TIME", field };
    times.push({ roundId, scheduledAt: at });
  }
  return { ok: true, times };
}

/** A round's reminder is due from `MATCH_REMINDER_MINUTES` before its time until the time itself. */
export function reminderDue(scheduledAt: Date, now: Date): boolean {
  const at = scheduledAt.getTime();
  return at - MATCH_REMINDER_MINUTES * 60_000 <= now.getTime() && now.getTime() < at;
}
