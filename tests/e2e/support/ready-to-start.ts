import { eq } from "drizzle-orm";
import { competitionSettings, tournaments } from "~/db/schema";
import type { Database } from "~/lib/db.server";

/** A seeded tournament whose registration has just closed and whose start is half an hour away: its organizer can seed and start it. */
export async function readyToStart(db: Database, tournamentId: string, now = Date.now()) {
  await db
    .update(tournaments)
    .set({ registrationClosesAt: new Date(now - 60_000) })
    .where(eq(tournaments.id, tournamentId));
  await db
    .update(competitionSettings)
    .set({ startsAt: new Date(now + 30 * 60_000) })
    .where(eq(competitionSettings.tournamentId, tournamentId));
}
