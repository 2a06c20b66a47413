import { eq, inArray } from "drizzle-orm";
import { competitionSettings, registrationPlayers, registrations, tournaments } from "~/db/schema";
import { checkInWindow } from "~/features/competition/core/check-in";
import type { KindEnding } from "~/features/orders/core/outcome";
import { registrationClosure } from "~/domain/tournament-state";
import { holdsReservation } from "~/features/orders/core/lifecycle";
import type { OrderKindHandler, OrderTransition } from "~/features/orders/order-kind-registry.server";
import { OrderError } from "~/features/orders/orders.server";
import { constraintOf } from "~/lib/http.server";
import { checkInLateEntrant } from "./late-entry.server";
import { findTournament, releaseRegistration } from "./registrations.server";
import { noticeFreedPlace } from "./waitlist.server";
import { holdsPlace } from "~/domain/registration";
import { creditEntryFee, reverseEntryFee } from "~/features/wallet/prize-pools.server";

/**
 * Keeps a paid registration in step with its order, inside the move's transaction: approved
 * confirms it; cancelled, rejected, expired or refunded release the place and the in-game ids; a
 * new proof after a rejection takes the place back if one is still free (else the move is refused).
 * Once staff started the bracket no place is confirmed or taken back (docs/reliability.md "Competition"): the payment is
 * still recorded (the approval stands, so the refund has an order to be made from) and the
 * registration is released with the reason "started"; the buyer's mail and the staff's order page say
 * the money is to be refunded.
 */
async function followOrder({ tx, orderId, from, to, actorUserId }: OrderTransition) {
  const [registration] = await tx.select().from(registrations).where(eq(registrations.orderId, orderId));
  if (!registration) return;
  // A fee-funded prize pool (docs/organizations.md) grows with each approved fee and shrinks with each refund.
  if (to === "approved") await creditEntryFee(tx, orderId, actorUserId);
  else if (to === "refunded") await reverseEntryFee(tx, orderId, actorUserId);
  if (to === "approved") {
    // A place already given up (team removed, tournament cancelled) is not taken back by a late approval: staff refund it.
    if (!holdsPlace(registration.status)) return;
    const tournament = await findTournament(tx, registration.tournamentId);
    if (tournament && registrationClosure(tournament) === "started") {
      await releaseRegistration(tx, registration.id, "started");
      return;
    }
    await tx.update(registrations).set({ status: "confirmed", updatedAt: new Date() }).where(eq(registrations.id, registration.id));
    await checkInLateEntrant(tx, registration.id);
  } else if (!holdsReservation(to)) {
    // A place freed: the waiting list is owed a mail (sent after the commit by the waiting-list routine).
    if (await releaseRegistration(tx, registration.id)) await noticeFreedPlace(tx, registration.tournamentId);
  } else if (!holdsReservation(from) && !holdsPlace(registration.status)) {
    await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, registration.tournamentId)).for("update");
    const tournament = await findTournament(tx, registration.tournamentId);
    // The proof is kept (money may have moved) but the place is not taken back into a bracket being played.
    if (tournament && registrationClosure(tournament) === "started") return;
    if (!tournament || tournament.placesLeft <= 0) throw new OrderError("TOURNAMENT_FULL");
    try {
      await tx.update(registrationPlayers).set({ active: true }).where(eq(registrationPlayers.registrationId, registration.id));
      await tx.update(registrations).set({ status: "pending_payment", updatedAt: new Date() }).where(eq(registrations.id, registration.id));
    } catch (error) {
      // Another team took one of these in-game ids meanwhile.
      if (constraintOf(error)) throw new OrderError("TOURNAMENT_FULL");
      throw error;
    }
  }
}

/** Paid tournament registrations: the place follows the order. */
export const tournamentOrders: OrderKindHandler = {
  kind: "tournament",
  onTransition: followOrder,
  // Approving a registration's payment confirms the place: the mail says so. A place already given up
  // (tournament cancelled, team removed) is not confirmed: that mail says the payment will be refunded.
  mailTemplate: async (to, { orderId, db }) => {
    if (to !== "approved") return undefined;
    const [registration] = await db.select({ status: registrations.status }).from(registrations).where(eq(registrations.orderId, orderId));
    return registration && !holdsPlace(registration.status) ? "approvedPlaceReleased" : "registrationConfirmed";
  },
  // A confirmed place: the check-in time (or the event's date while the check-in is not set) and the event's page.
  async endings(db, orders) {
    const ids = orders.map((order) => order.id);
    const rows = ids.length
      ? await db
          .select({
            orderId: registrations.orderId,
            status: registrations.status,
            tournamentId: tournaments.id,
            date: tournaments.date,
            startsAt: competitionSettings.startsAt,
            opensMinutes: competitionSettings.checkInOpensMinutes,
            closesMinutes: competitionSettings.checkInClosesMinutes,
          })
          .from(registrations)
          .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
          .leftJoin(competitionSettings, eq(competitionSettings.tournamentId, registrations.tournamentId))
          .where(inArray(registrations.orderId, ids))
      : [];
    const endings = new Map<string, KindEnding>();
    for (const row of rows) {
      if (!row.orderId) continue;
      const link = { href: `/tournament?id=${encodeURIComponent(row.tournamentId)}`, label: "outcome.seeEvent" };
      if (!holdsPlace(row.status)) {
        endings.set(row.orderId, { step: "registered", reached: true, headline: "placeReleased", link });
        continue;
      }
      const checkIn =
        row.startsAt && row.opensMinutes !== null && row.closesMinutes !== null
          ? checkInWindow(row.startsAt, row.opensMinutes, row.closesMinutes).opensAt
          : null;
      endings.set(row.orderId, {
        step: "registered",
        reached: row.status === "confirmed",
        headline: "registrationConfirmed",
        sentence: checkIn ? undefined : "registrationConfirmedNextDate",
        values: checkIn ? { checkIn: { dateTime: checkIn.toISOString() } } : { date: { date: row.date } },
        link,
      });
    }
    return endings;
  },
};
