import { checkInWindow } from "./check-in";

/**
 * Late entry (docs/product.md "Running an event: no-shows and late entry"): when the check-in window closes, teams that did not check in are released,
 * and until the start (or until staff start the bracket, if sooner) people on that tournament's
 * waiting list — and only them — may register into the freed places, first come, first served.
 */
export interface LateEntryWindow {
  /** The check-in window's close. */
  opensAt: Date;
  /** The scheduled start. */
  closesAt: Date;
}

export function lateEntryWindow(startsAt: Date, checkInOpensMinutes: number, checkInClosesMinutes: number): LateEntryWindow {
  return { opensAt: checkInWindow(startsAt, checkInOpensMinutes, checkInClosesMinutes).closesAt, closesAt: startsAt };
}

/** "open": this person may register late now; "full": they could, but no place is left; "closed": no late entry for them. */
export type LateEntry = "open" | "full" | "closed";

export function lateEntry(input: {
  window: LateEntryWindow;
  now: Date;
  /** Staff started the bracket. */
  started: boolean;
  /** When the no-shows were released; late entry exists only after that. */
  droppedAt: Date | null;
  onWaitlist: boolean;
  placesLeft: number;
}): LateEntry {
  if (input.started || !input.droppedAt || !input.onWaitlist) return "closed";
  if (input.now < input.window.opensAt || input.now >= input.window.closesAt) return "closed";
  return input.placesLeft > 0 ? "open" : "full";
}
