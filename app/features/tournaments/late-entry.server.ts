import { and, eq } from "drizzle-orm";
import { competitionCheckIns, competitionSettings, registrations, waitlistEntries } from "~/db/schema";
import { lateEntry, lateEntryWindow, type LateEntry } from "~/features/competition/core/late-entry";
import type { Database, Transaction } from "~/lib/db.server";

/**
 * Late entry for one person (`userId`) or for the waiting list as a whole (`waitlist`: is the window
 * open to those on it). Null when the platform does not run this tournament's event.
 */
export async function lateEntryFor(
  db: Database | Transaction,
  tournament: { id: string; placesLeft: number },
  who: { userId: string } | "waitlist",
  now: Date,
): Promise<{ state: LateEntry; startsAt: Date } | null> {
  const [settings] = await db.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, tournament.id));
  if (!settings) return null;
  let onWaitlist = true;
  if (who !== "waitlist") {
    const [entry] = await db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.tournamentId, tournament.id), eq(waitlistEntries.userId, who.userId)));
    onWaitlist = Boolean(entry);
  }
  const state = lateEntry({
    window: lateEntryWindow(settings.startsAt, settings.checkInOpensMinutes, settings.checkInClosesMinutes),
    now,
    started: Boolean(settings.startedAt),
    droppedAt: settings.noShowsDroppedAt,
    onWaitlist,
    placesLeft: tournament.placesLeft,
  });
  return { state, startsAt: settings.startsAt };
}

/**
 * The one place a late entrant is checked in: called wherever a registration becomes confirmed
 * (a free registration at once, a paid one when staff approve its order). A late entrant came from
 * the waiting list after check-in closed, so registering is showing up; once staff have started the
 * bracket it is too late and nothing is written.
 */
export async function checkInLateEntrant(tx: Transaction, registrationId: string): Promise<void> {
  const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId));
  if (!registration?.lateEntry || registration.status !== "confirmed") return;
  const [settings] = await tx
    .select({ startedAt: competitionSettings.startedAt })
    .from(competitionSettings)
    .where(eq(competitionSettings.tournamentId, registration.tournamentId));
  if (!settings || settings.startedAt) return;
  await tx
    .insert(competitionCheckIns)
    .values({ registrationId, tournamentId: registration.tournamentId, userId: registration.userId })
    .onConflictDoNothing();
}
