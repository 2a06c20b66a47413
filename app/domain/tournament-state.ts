/**
 * Whether a tournament still takes registrations (#10.8): the card and the tournament page show
 * the same state from the same rule. Pure.
 */
export type TournamentState = "open" | "full" | "closed";

export interface Places {
  capacity: number;
  /** Places held by live registrations. */
  taken: number;
}

export function placesLeft({ capacity, taken }: Places): number {
  return Math.max(0, capacity - taken);
}

/** Closed wins over full: once the window is over, places no longer matter. */
export function tournamentState(places: Places, registrationClosesAt: Date | string, now: Date = new Date()): TournamentState {
  if (new Date(registrationClosesAt).getTime() <= now.getTime()) return "closed";
  return placesLeft(places) === 0 ? "full" : "open";
}

/** How full the bar is, 0–100, whole percent. */
export function filledPercent({ capacity, taken }: Places): number {
  if (capacity <= 0) return 100;
  return Math.min(100, Math.round((Math.min(taken, capacity) / capacity) * 100));
}
