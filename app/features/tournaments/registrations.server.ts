import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql, type Placeholder } from "drizzle-orm";
import { competitionSettings, organizations, registrationPlayers, registrations, tournaments, waitlistEntries } from "~/db/schema";
import { activeBan } from "~/features/organizations/organizations.server";
import { chargeFor } from "~/domain/tournament-fee";
import { registrationClosure } from "~/domain/tournament-state";
import type { RegistrationInput } from "~/domain/registration";
import type { Database, Transaction } from "~/lib/db.server";
import { runPrepared } from "~/lib/prepared.server";
import { lastOrderPhone } from "~/features/store/store-orders.server";
import { constraintOf } from "~/lib/http.server";
import { scopedIdempotencyKey } from "~/features/orders/core/idempotency";
import { createOrder, findOrderByKey } from "~/features/orders/orders.server";
import { isMemberAt, plusRefusal, type PlusRefusal } from "~/features/plus/core/membership";
import { periodsOf } from "~/features/plus/periods.server";
import { checkInLateEntrant, lateEntryFor } from "./late-entry.server";
import { TOURNAMENT_STATE_COLUMNS } from "./tournaments.server";
import { DomainError } from "~/lib/domain-error";
import { holdsPlaceSql } from "./registration-status.server";

export type RegistrationErrorCode =
  | "NOT_FOUND"
  | "REGISTRATION_CLOSED"
  | "TOURNAMENT_STARTED"
  | "NOT_OPEN_YET"
  | "TOURNAMENT_FULL"
  | "ALREADY_REGISTERED"
  | "IGN_TAKEN"
  | "METHOD_NOT_ACCEPTED"
  // Entering a lasting team (docs/teams.md).
  | "PLAYER_IN_OTHER_TEAM"
  | "TEAM_NOT_FOUND"
  | "WRONG_STARTER_COUNT"
  | "NOT_A_MEMBER"
  // The organization running it banned this player from its events (docs/organizations.md): the page shows the reason and end.
  | "BANNED_BY_ORGANIZER"
  // A Plus event takes members only (docs/plus.md).
  | "PLUS_ONLY";

export class RegistrationError extends DomainError<RegistrationErrorCode> {}

/** A refusal because the organization banned the player: carries what the player is told. */
export class BannedByOrganizerError extends RegistrationError {
  constructor(
    readonly reason: string,
    readonly endsAt: Date,
  ) {
    super("BANNED_BY_ORGANIZER");
  }
}

const liveRegistrations = (tournamentId: string | Placeholder) => and(eq(registrations.tournamentId, tournamentId), holdsPlaceSql());

/**
 * A tournament with how many places are left (live registrations count; released ones do not) and
 * when staff started its bracket (null while not started, or when the event is not run here).
 */
export async function findTournament(db: Database | Transaction, id: string) {
  const [row] = await db
    .select({
      ...TOURNAMENT_STATE_COLUMNS,
      startTime: tournaments.startTime,
      rules: tournaments.rules,
      format: tournaments.format,
      teamSize: tournaments.teamSize,
      substitutes: tournaments.substitutes,
      prizeSplit: tournaments.prizeSplit,
      prizeFunding: tournaments.prizeFunding,
      // The organization running it (docs/organizations.md): "Organizado por …", and its player bans.
      organizationId: tournaments.organizationId,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
      organizationLogo: organizations.logoUrl,
    })
    .from(tournaments)
    .leftJoin(competitionSettings, eq(competitionSettings.tournamentId, tournaments.id))
    .leftJoin(organizations, eq(organizations.id, tournaments.organizationId))
    .where(eq(tournaments.id, id));
  if (!row) return null;
  return { ...row, placesLeft: Math.max(0, row.capacity - Number(row.taken)) };
}

/**
 * The Plus rules (`plusRefusal`) for this person and tournament, with the membership read in the
 * caller's transaction (so a page cannot be talked past). Every registration path and the waiting
 * list go through here. The membership is read only when a rule depends on it.
 */
export async function plusRefusalFor(
  tx: Database | Transaction,
  tournament: { plusOnly: boolean; registrationOpensAt: Date | null },
  userId: string,
  now: Date,
  options: { opening?: boolean } = {},
): Promise<PlusRefusal | null> {
  const opening = options.opening !== false && tournament.registrationOpensAt !== null;
  if (!tournament.plusOnly && !opening) return null;
  const member = isMemberAt(await periodsOf(tx, userId), now);
  return plusRefusal(tournament, member, now, options);
}

export type TournamentDetails = NonNullable<Awaited<ReturnType<typeof findTournament>>>;

/**
 * Gives a registration's place and in-game ids back; the caller then tells the waiting list
 * (`noticeFreedPlace`). `reason` is kept only when the platform decided it ("no_show"; "started": paid after the bracket started). Answers
 * whether the registration was live.
 */
export async function releaseRegistration(
  tx: Transaction,
  registrationId: string,
  reason: "no_show" | "started" | null = null,
): Promise<boolean> {
  const released = await tx
    .update(registrations)
    .set({ status: "released", releaseReason: reason, updatedAt: new Date() })
    .where(and(eq(registrations.id, registrationId), holdsPlaceSql()))
    .returning({ id: registrations.id });
  await tx.update(registrationPlayers).set({ active: false }).where(eq(registrationPlayers.registrationId, registrationId));
  return released.length > 0;
}

/** The user's live registration in a tournament, with its players, or null. */
export async function findRegistration(db: Database, tournamentId: string, userId: string) {
  const [registration] = await runPrepared(
    db,
    "live_registration_of_user",
    (database, name) =>
      database
        .select()
        .from(registrations)
        .where(and(liveRegistrations(sql.placeholder("tournamentId")), eq(registrations.userId, sql.placeholder("userId"))))
        .prepare(name),
    { tournamentId, userId },
  );
  if (!registration) return null;
  const players = await db
    .select({ name: registrationPlayers.name, ign: registrationPlayers.ign, phone: registrationPlayers.phone })
    .from(registrationPlayers)
    .where(eq(registrationPlayers.registrationId, registration.id))
    .orderBy(asc(registrationPlayers.position));
  return { ...registration, players };
}

/** The registration an order pays for (its status and why it was released), or null for other kinds. */
export async function registrationOfOrder(db: Database, orderId: string) {
  const [row] = await db
    .select({ status: registrations.status, releaseReason: registrations.releaseReason })
    .from(registrations)
    .where(eq(registrations.orderId, orderId));
  return row ?? null;
}

/** Every registration of a user, newest first (their account page). */
export async function listRegistrationsOfUser(db: Database, userId: string) {
  return runPrepared(db, "registrations_of_user", (database, name) => registrationsOfUserQuery(database).prepare(name), { userId });
}

function registrationsOfUserQuery(db: Database) {
  return db
    .select({
      id: registrations.id,
      status: registrations.status,
      teamName: registrations.teamName,
      orderId: registrations.orderId,
      tournamentId: tournaments.id,
      tournamentTitle: tournaments.title,
      date: tournaments.date,
    })
    .from(registrations)
    .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
    .where(eq(registrations.userId, sql.placeholder("userId")))
    .orderBy(sql`${registrations.createdAt} desc`)
    .limit(50);
}

/**
 * Holds a place under the tournament's row lock, so concurrent registrations cannot over-book:
 * checks the window and capacity, stores the team and players (one in-game id per tournament and
 * one live registration per user are unique indexes), and for a paid tournament creates the order,
 * priced from the tournament row (a VES order at the stored rate).
 */
export async function registerForTournament(
  db: Database,
  input: {
    tournamentId: string;
    userId: string;
    email: string;
    registration: RegistrationInput;
    exchangeRate: string;
    expiresAt: Date;
    /** The form's key: the same key gives back the registration and order it started. */
    idempotencyKey?: string | null;
    /** Entering a lasting team: the team, and the account of each player in `registration.players` (same order). */
    team?: { teamId: string; playerUserIds: (string | null)[] } | null;
    now?: Date;
  },
) {
  const now = input.now ?? new Date();
  const idempotencyKey = scopedIdempotencyKey({ tournamentId: input.tournamentId }, input.idempotencyKey ?? null);
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, input.tournamentId)).for("update");
      // Under the tournament's lock: a repeated request waits for the first and finds its order.
      const repeated = await findOrderByKey(tx, input.userId, idempotencyKey);
      if (repeated) {
        const [registration] = await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.orderId, repeated.id));
        return { registrationId: registration?.id ?? null, order: { ...repeated, method: repeated.paymentMethod } };
      }
      const tournament = await findTournament(tx, input.tournamentId);
      if (!tournament) throw new RegistrationError("NOT_FOUND");
      // Drafts, cancelled tournaments and brackets being played take no registrations.
      const closure = registrationClosure(tournament, now);
      if (closure === "started") throw new RegistrationError("TOURNAMENT_STARTED");
      if (closure === "unpublished") throw new RegistrationError("REGISTRATION_CLOSED");
      if (tournament.organizationId) {
        const ban = await activeBan(tx, tournament.organizationId, input.userId, now);
        if (ban) throw new BannedByOrganizerError(ban.reason, ban.endsAt);
      }
      // Past the deadline, only someone on the waiting list may enter, into a place a no-show left.
      let late = false;
      if (closure === "deadline") {
        const entry = await lateEntryFor(tx, tournament, { userId: input.userId }, now);
        if (entry?.state === "full") throw new RegistrationError("TOURNAMENT_FULL");
        if (entry?.state !== "open") throw new RegistrationError("REGISTRATION_CLOSED");
        late = true;
      }
      // A Plus event takes members only; not open yet for this person (Plus members may register 15
      // minutes before everyone else). A late entry has its own window, not the opening time.
      const refusal = await plusRefusalFor(tx, tournament, input.userId, now, { opening: !late });
      if (refusal) throw new RegistrationError(refusal);
      if (tournament.placesLeft <= 0) throw new RegistrationError("TOURNAMENT_FULL");
      const [existing] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(liveRegistrations(input.tournamentId), eq(registrations.userId, input.userId)));
      if (existing) throw new RegistrationError("ALREADY_REGISTERED");
      // A player cannot be in two teams entered in the same tournament (docs/teams.md): not as a player of
      // another team (also a unique index), nor as the one who registered another team; and someone
      // already entered as a team's player does not register again by hand.
      const players = [input.userId, ...(input.team?.playerUserIds ?? []).filter((id): id is string => id !== null)];
      const [elsewhere] = await tx
        .select({ id: registrationPlayers.id })
        .from(registrationPlayers)
        .where(
          and(
            eq(registrationPlayers.tournamentId, input.tournamentId),
            eq(registrationPlayers.active, true),
            inArray(registrationPlayers.userId, players),
          ),
        )
        .limit(1);
      const [registrant] =
        elsewhere || players.length === 1
          ? []
          : await tx
              .select({ id: registrations.id })
              .from(registrations)
              .where(and(liveRegistrations(input.tournamentId), inArray(registrations.userId, players)))
              .limit(1);
      if (elsewhere || registrant) throw new RegistrationError("PLAYER_IN_OTHER_TEAM");

      const paid = tournament.feeAmount > 0;
      // The fee is charged in the tournament's own currency (a Bs fee: Pago Móvil only; docs/product.md "Tournament registration").
      const charge =
        paid && input.registration.paymentMethod
          ? chargeFor(
              { amount: tournament.feeAmount, currency: tournament.feeCurrency === "VES" ? "VES" : "USD" },
              input.registration.paymentMethod,
              input.exchangeRate,
            )
          : null;
      if (charge && !charge.ok) throw new RegistrationError(charge.code);
      const id = randomUUID();
      const { registration } = input;
      await tx.insert(registrations).values({
        id,
        tournamentId: tournament.id,
        userId: input.userId,
        teamName: registration.teamName,
        coachName: registration.coachName,
        phone: registration.phone,
        status: paid ? "pending_payment" : "confirmed",
        lateEntry: late,
        teamId: input.team?.teamId ?? null,
      });
      await tx.insert(registrationPlayers).values(
        registration.players.map((player, index) => ({
          id: randomUUID(),
          registrationId: id,
          tournamentId: tournament.id,
          position: index + 1,
          name: player.name,
          ign: player.ign,
          phone: player.phone,
          userId: input.team?.playerUserIds[index] ?? null,
        })),
      );
      // Registered: no longer waiting for a place.
      await tx
        .delete(waitlistEntries)
        .where(and(eq(waitlistEntries.tournamentId, tournament.id), eq(waitlistEntries.userId, input.userId)));
      if (!paid || !registration.paymentMethod) {
        await checkInLateEntrant(tx, id);
        return { registrationId: id, order: null };
      }

      const method = registration.paymentMethod;
      if (!charge?.ok) throw new RegistrationError("METHOD_NOT_ACCEPTED");
      const { currency, amount, amountUsd } = charge;
      const order = await createOrder(tx, {
        userId: input.userId,
        kind: "tournament",
        paymentMethod: method,
        currency,
        amount,
        amountUsd,
        exchangeRate: charge.exchangeRate,
        phone: registration.phone,
        email: input.email,
        tournamentId: tournament.id,
        expiresAt: input.expiresAt,
        idempotencyKey,
        items: [
          {
            registrationId: id,
            label: registration.teamName ? `${tournament.title} · ${registration.teamName}` : tournament.title,
            unitAmount: amountUsd,
            quantity: 1,
          },
        ],
      });
      await tx.update(registrations).set({ orderId: order.id }).where(eq(registrations.id, id));
      return { registrationId: id, order: { ...order, method } };
    });
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "registration_players_ign_live") throw new RegistrationError("IGN_TAKEN");
    if (constraint === "registrations_user_tournament_live") throw new RegistrationError("ALREADY_REGISTERED");
    if (constraint === "registration_players_user_live") throw new RegistrationError("PLAYER_IN_OTHER_TEAM");
    throw error;
  }
}

/**
 * What the registration form starts with, so a player types less: their name, the phone of their
 * last registration (or order), and the in-game name they used last in this game. Only their own rows.
 */
export async function registrationPrefill(db: Database, user: { id: string; name: string }, game: string): Promise<Record<string, string>> {
  const [lastPlayer] = await runPrepared(
    db,
    "last_registered_player",
    (database, name) =>
      database
        .select({ name: registrationPlayers.name, ign: registrationPlayers.ign, phone: registrations.phone })
        .from(registrationPlayers)
        .innerJoin(registrations, eq(registrations.id, registrationPlayers.registrationId))
        .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
        .where(
          and(
            eq(registrations.userId, sql.placeholder("userId")),
            eq(registrationPlayers.position, 1),
            eq(tournaments.game, sql.placeholder("game")),
          ),
        )
        .orderBy(desc(registrations.createdAt))
        .limit(1)
        .prepare(name),
    { userId: user.id, game },
  );
  const lastPhone = lastPlayer ? null : await lastOrderPhone(db, user.id);
  const prefill: Record<string, string> = {};
  const name = lastPlayer?.name || user.name;
  if (name) prefill.player1Name = name;
  if (lastPlayer?.ign) prefill.player1Ign = lastPlayer.ign;
  const phone = lastPlayer?.phone ?? lastPhone ?? "";
  // The registrant's phone is the captain's too, unless they change it.
  if (phone) {
    prefill.phone = phone;
    prefill.player1Phone = phone;
  }
  return prefill;
}
