/** The check-in window: from `opens` minutes before the start until `closes` minutes before it. */
export interface CheckInWindow {
  opensAt: Date;
  closesAt: Date;
}

export const DEFAULT_CHECK_IN = { opensMinutes: 60, closesMinutes: 15 } as const;

export function checkInWindow(startsAt: Date, opensMinutes: number, closesMinutes: number): CheckInWindow {
  return { opensAt: new Date(startsAt.getTime() - opensMinutes * 60_000), closesAt: new Date(startsAt.getTime() - closesMinutes * 60_000) };
}

export type CheckInPhase = "before" | "open" | "closed";

export function checkInPhase(window: CheckInWindow, now: Date): CheckInPhase {
  if (now < window.opensAt) return "before";
  if (now >= window.closesAt) return "closed";
  return "open";
}

/** Why a team may not check in now, or null when it may. The captain is whoever registered the team. */
export function checkInRefusal(input: {
  phase: CheckInPhase;
  started: boolean;
  registration: { status: string; userId: string } | null;
  userId: string;
}): "NOT_CAPTAIN" | "CHECK_IN_NOT_OPEN" | "CHECK_IN_CLOSED" | "ALREADY_STARTED" | null {
  if (!input.registration || input.registration.status !== "confirmed" || input.registration.userId !== input.userId) return "NOT_CAPTAIN";
  if (input.started) return "ALREADY_STARTED";
  if (input.phase === "before") return "CHECK_IN_NOT_OPEN";
  if (input.phase === "closed") return "CHECK_IN_CLOSED";
  return null;
}
