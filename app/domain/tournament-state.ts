/**
 * Whether a tournament still takes registrations (docs/product.md): the card and the tournament page show
 * the same state from the same rule. Pure.
 */
export type TournamentState = "open" | "full" | "closed";

export interface Places {
  capacity: number;
  /** Places held by live registrations. */
  taken: number;
}

/** What decides whether registration is open: the tournament row and whether staff started its bracket. */
export interface RegistrationWindow {
  status: string;
  registrationClosesAt: Date | string;
  /** When staff started the bracket (competition settings), null while they have not. */
  startedAt: Date | string | null;
}

/** Why registration is closed: not published (draft, cancelled), the bracket started, or the deadline passed. */
export type RegistrationClosure = "unpublished" | "started" | "deadline";

/**
 * THE rule "registration is closed" (docs/reliability.md "Competition": it had five copies, and none knew the start): every
 * registration, waiting-list mail, approval and page asks it. Null when registration is open.
 * "deadline" alone still lets late entrants from the waiting list in (competition/core/late-entry.ts);
 * "started" is final: nobody enters a bracket that is being played, not even a paid place approved late.
 */
export function registrationClosure(window: RegistrationWindow, now: Date = new Date()): RegistrationClosure | null {
  if (window.status !== "published") return "unpublished";
  if (window.startedAt) return "started";
  if (new Date(window.registrationClosesAt).getTime() <= now.getTime()) return "deadline";
  return null;
}

export function placesLeft({ capacity, taken }: Places): number {
  return Math.max(0, capacity - taken);
}

/** Closed wins over full: once the window is over, places no longer matter. */
export function tournamentState(places: Places, window: RegistrationWindow, now: Date = new Date()): TournamentState {
  if (registrationClosure(window, now)) return "closed";
  return placesLeft(places) === 0 ? "full" : "open";
}

/** How full the bar is, 0–100, whole percent. */
export function filledPercent({ capacity, taken }: Places): number {
  if (capacity <= 0) return 100;
  return Math.min(100, Math.round((Math.min(taken, capacity) / capacity) * 100));
}
