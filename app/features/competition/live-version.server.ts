import { createHash } from "node:crypto";
import type { Database } from "~/lib/db.server";
import { bracketPageData } from "./bracket-page.server";
import { findVisibleCompetition, participantIdsOf } from "./competition-reads.server";

/**
 * The public version of a tournament's bracket page (docs/decisions/012-live-channel.md): a short hash of what a spectator
 * (a visitor not signed in) is shown. Equal data gives the same version on every instance and
 * after a restart, so a reconnecting viewer's `Last-Event-ID` says whether it is up to date, and a
 * write that changes nothing public (a first report, a dispute, a room, a staff draft) leaves the
 * version, and so the spectators, alone.
 */
export function publicVersion(page: unknown): string {
  return createHash("sha1").update(JSON.stringify(page)).digest("base64url").slice(0, 16);
}

/** The public version now, or null when the tournament is not public (unknown, draft, not run here). */
export async function loadPublicVersion(db: Database, tournamentId: string, now = new Date()): Promise<string | null> {
  const competition = await findVisibleCompetition(db, tournamentId, null);
  if (!competition) return null;
  return publicVersion(await bracketPageData(db, competition, null, now));
}

/**
 * Whether a viewer's bracket page has parts of their own (and so must be fetched whole on a change,
 * as before): staff (the run link), before the start any signed-in person (the check-in panel), after
 * it a captain of an entrant (the "your match is ready" notice). Everyone else sees the public page.
 */
export async function hasPersonalParts(
  db: Database,
  tournamentId: string,
  viewer: { id: string; isStaff: boolean } | null,
  started: boolean,
): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.isStaff || !started) return true;
  return (await participantIdsOf(db, tournamentId, viewer.id)).length > 0;
}
