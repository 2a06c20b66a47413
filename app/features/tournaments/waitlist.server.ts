import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { registrations, tournaments, users, waitlistEntries } from "~/db/schema";
import { formatDate, formatTime } from "~/domain/format";
import { isLanguage } from "~/domain/language";
import { registrationClosure } from "~/domain/tournament-state";
import type { Database, Transaction } from "~/lib/db.server";
import { runPrepared } from "~/lib/prepared.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { log } from "~/lib/log.server";
import { composeMail } from "~/lib/mail.server";
import { queueMail } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";
import { lateEntryFor } from "./late-entry.server";
import { findTournament, plusRefusalFor } from "./registrations.server";
import { DomainError } from "~/lib/domain-error";
import { holdsPlaceSql } from "./registration-status.server";

/**
 * The waiting list of a full tournament (product §4). When a place frees, everyone waiting is
 * mailed, in the order they joined, and the first to register takes it: no place is held for
 * anyone (an honest "a place is free, hurry" rather than a reservation that may lapse unseen).
 */
export type WaitlistErrorCode = "NOT_FOUND" | "REGISTRATION_CLOSED" | "NOT_FULL" | "ALREADY_REGISTERED" | "PLUS_ONLY";

export class WaitlistError extends DomainError<WaitlistErrorCode> {}

/** Joins the list (joining twice keeps the first place in line); only a full, open tournament has one. */
export async function joinWaitlist(db: Database, tournamentId: string, userId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId)).for("update");
    const tournament = await findTournament(tx, tournamentId);
    if (!tournament || tournament.status === "draft" || tournament.status === "pending") throw new WaitlistError("NOT_FOUND");
    if (registrationClosure(tournament, now)) throw new WaitlistError("REGISTRATION_CLOSED");
    // A Plus event's waiting list is for members only (the same rule as registering).
    if ((await plusRefusalFor(tx, tournament, userId, now, { opening: false })) === "PLUS_ONLY") throw new WaitlistError("PLUS_ONLY");
    const [registered] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.tournamentId, tournamentId), eq(registrations.userId, userId), holdsPlaceSql()));
    if (registered) throw new WaitlistError("ALREADY_REGISTERED");
    if (tournament.placesLeft > 0) throw new WaitlistError("NOT_FULL");
    await tx.insert(waitlistEntries).values({ id: randomUUID(), tournamentId, userId }).onConflictDoNothing();
  });
}

/** Leaves the list; leaving when not on it changes nothing. */
export async function leaveWaitlist(db: Database | Transaction, tournamentId: string, userId: string) {
  await db.delete(waitlistEntries).where(and(eq(waitlistEntries.tournamentId, tournamentId), eq(waitlistEntries.userId, userId)));
}

/** The person's place in line (1 = first), or null when not waiting. */
export async function waitlistPosition(db: Database, tournamentId: string, userId: string): Promise<number | null> {
  const [row] = await runPrepared(db, "waitlist_position", (database, name) => waitlistPositionQuery(database).prepare(name), {
    tournamentId,
    userId,
  });
  return row ? Number(row.position) : null;
}

function waitlistPositionQuery(db: Database) {
  return db
    .select({
      position: sql<number>`(select count(*)::int from waitlist_entries w
        where w.tournament_id = "waitlist_entries"."tournament_id"
          and (w.created_at, w.id) <= ("waitlist_entries"."created_at", "waitlist_entries"."id"))`,
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.tournamentId, sql.placeholder("tournamentId")), eq(waitlistEntries.userId, sql.placeholder("userId"))));
}

/** The whole line for staff, first first. */
export async function listWaitlist(db: Database, tournamentId: string) {
  return db
    .select({
      id: waitlistEntries.id,
      email: users.email,
      name: users.name,
      createdAt: waitlistEntries.createdAt,
      notifiedAt: waitlistEntries.notifiedAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.tournamentId, tournamentId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(500);
}

/**
 * Whether a free place may be taken from the waiting list now: while registration is open
 * ("open"), or in the late-entry window after the no-shows were released ("late", until the start).
 */
async function freedPlaceFor(
  tx: Transaction,
  tournamentId: string,
  now: Date,
): Promise<{ kind: "open" } | { kind: "late"; startsAt: Date } | null> {
  const tournament = await findTournament(tx, tournamentId);
  if (!tournament || tournament.placesLeft <= 0) return null;
  const closure = registrationClosure(tournament, now);
  if (!closure) return { kind: "open" };
  // Only past the deadline may the late-entry window still open a place (never once the bracket started).
  if (closure !== "deadline") return null;
  const late = await lateEntryFor(tx, tournament, "waitlist", now);
  return late?.state === "open" ? { kind: "late", startsAt: late.startsAt } : null;
}

/**
 * Called inside any transaction that may have freed a place (a registration released, capacity
 * raised, no-shows dropped), after its writes: when the place may be taken from the list now
 * (`freedPlaceFor`), everyone waiting is owed a mail. The mail is queued after the commit (`sendWaitlistMails`) from the mark.
 * Returns how many are owed one.
 */
export async function noticeFreedPlace(tx: Transaction, tournamentId: string, now = new Date()): Promise<number> {
  if (!(await freedPlaceFor(tx, tournamentId, now))) return 0;
  const owed = await tx
    .update(waitlistEntries)
    .set({ placeFreedAt: now })
    .where(and(eq(waitlistEntries.tournamentId, tournamentId), sql`${waitlistEntries.placeFreedAt} is null`))
    .returning({ id: waitlistEntries.id });
  return owed.length;
}

/**
 * Queues the owed "a place is free" mails in the outbox, oldest entry first, in the transaction
 * that claims the entries (clears their mark), so two instances or a retry never mail the same
 * freed place twice and a crash never loses one. Run by the waiting-list routine and right after
 * the writes that free places.
 */
export async function sendWaitlistMails(db: Database, limit = 200): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(isNotNull(waitlistEntries.placeFreedAt))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx.update(waitlistEntries).set({ placeFreedAt: null }).where(inArray(waitlistEntries.id, ids));
    const entries = await tx
      .select({
        id: waitlistEntries.id,
        email: users.email,
        language: users.language,
        tournamentId: tournaments.id,
        title: tournaments.title,
        date: tournaments.date,
        createdAt: waitlistEntries.createdAt,
      })
      .from(waitlistEntries)
      .innerJoin(users, eq(users.id, waitlistEntries.userId))
      .innerJoin(tournaments, eq(tournaments.id, waitlistEntries.tournamentId))
      .where(inArray(waitlistEntries.id, ids))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
    // The place may be gone again (someone registered, or staff closed it) before the mail leaves:
    // then the mark is cleared without a mail rather than announcing a place that is not there.
    const stillFree = new Map<string, NonNullable<Awaited<ReturnType<typeof freedPlaceFor>>>>();
    const now = new Date();
    for (const tournamentId of new Set(entries.map((entry) => entry.tournamentId))) {
      const free = await freedPlaceFor(tx, tournamentId, now);
      if (free) stillFree.set(tournamentId, free);
    }
    const told = entries.flatMap((entry) => {
      const free = stillFree.get(entry.tournamentId);
      return free ? [{ ...entry, startsAt: free.kind === "late" ? free.startsAt : null }] : [];
    });
    if (told.length)
      await tx
        .update(waitlistEntries)
        .set({ notifiedAt: now })
        .where(
          inArray(
            waitlistEntries.id,
            told.map((entry) => entry.id),
          ),
        );
    // The mails are queued with the claim: a crash cannot clear a mark without its mail existing.
    for (const entry of told) {
      const language = isLanguage(entry.language) ? entry.language : "es";
      const { t } = createI18n(language, loadMessages(language, ["mail"]));
      // After check-in closed, the place is a no-show's and must be taken before the start.
      const key = entry.startsAt ? "mail:waitlist.noShowFreed" : "mail:waitlist.placeFreed";
      const values = {
        title: entry.title,
        date: formatDate(entry.date, language, env().TIME_ZONE),
        time: entry.startsAt ? formatTime(entry.startsAt, language, env().TIME_ZONE) : "",
      };
      await queueMail(
        tx,
        entry.startsAt ? "waitlist.noShowFreed" : "waitlist.placeFreed",
        composeMail({
          to: entry.email,
          subject: t(`${key}.subject`, values),
          heading: t(`${key}.heading`, values),
          paragraphs: [t(`${key}.body`, values)],
          action: {
            label: t(`${key}.button`),
            url: `${env().publicUrl}/tournament?id=${encodeURIComponent(entry.tournamentId)}`,
          },
          footer: t("mail:footer"),
        }),
      );
    }
    return told;
  });
  return claimed.length;
}

/** After a commit that may have freed a place: the owed mails are queued now; a failure is logged (the routine retries what was not claimed). */
export async function mailWaitlistAfterCommit(db: Database): Promise<void> {
  try {
    await sendWaitlistMails(db);
  } catch (error) {
    log.error("waiting-list mails failed", { error: String(error) });
  }
}
