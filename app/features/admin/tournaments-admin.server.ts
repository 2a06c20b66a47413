import { DISPUTED_MATCHES } from "./dashboard.server";
import { PLACES_TAKEN, TOURNAMENT_ROW_COLUMNS } from "~/features/tournaments/tournaments.server";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { orders, registrationPlayers, registrations, tournaments, users } from "~/db/schema";
import { isLanguage } from "~/domain/language";
import {
  holdsReservation,
  isOrderStatus,
  isPaid,
  MONEY_MAY_HAVE_MOVED_STATUSES,
  moneyMayHaveMoved,
  type OrderStatus,
} from "~/features/orders/core/lifecycle";
import { OrderError } from "~/features/orders/orders.server";
import type { Database } from "~/lib/db.server";
import { noticeFreedPlace } from "~/features/tournaments/waitlist.server";
import { releaseRegistration } from "~/features/tournaments/registrations.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { mailOrderMove } from "~/features/orders/order-mail.server";
import { loadMessages } from "~/lib/messages.server";
import { poolHoldsMoney, publishProblem, returnPoolOnCancel } from "~/features/wallet/prize-pools.server";
import { prizesPaid } from "~/features/wallet/wallet.server";
import { canMoveOrgTournament, type Mover } from "~/features/organizations/core/rules";
import { recordAudit } from "./audit.server";
import { announce } from "~/features/notifications/notify.server";
import { STATUS_ACTION, canMoveTournament, type EventPlan, type TournamentStatus, type TournamentValues } from "./core/tournament-form";
import { planEvent } from "~/features/competition/event-plan.server";
import { staffDecisionInTransaction } from "./orders-admin.server";
import { DomainError } from "~/lib/domain-error";
import { holdsPlaceSql } from "~/features/tournaments/registration-status.server";
import { holdsPlace } from "~/domain/registration";

export const STAFF_TOURNAMENT_PAGE = 20;
export const STAFF_REGISTRATION_PAGE = 50;

export type TournamentAdminErrorCode =
  | "NOT_FOUND"
  | "CAPACITY_BELOW_CONFIRMED"
  | "STATUS_NOT_ALLOWED"
  | "ALREADY_REMOVED"
  | "ORDER_NOT_ALLOWED_IN_STATE"
  | "CANCEL_REASON_REQUIRED"
  | "CANCEL_REASON_TOO_LONG"
  | "POOL_NOT_FUNDED"
  | "PRIZE_NOT_MONEY"
  | "POOL_HOLDS_MONEY"
  | "PAYMENT_UNDER_REVIEW"
  | "EVENT_FINISHED";

export class TournamentAdminError extends DomainError<TournamentAdminErrorCode> {}

const confirmedCount = sql<number>`(select count(*)::int from registrations r where r.tournament_id = "tournaments"."id" and r.status = 'confirmed')`;
const liveCount = PLACES_TAKEN;
/** A cancelled tournament's orders whose money may still have to go back (see `cancelTournament`). */
const refundsDueCount = sql<number>`(case when "tournaments"."status" = 'cancelled' then (select count(*)::int from registrations r join orders o on o.id = r.order_id where r.tournament_id = "tournaments"."id" and o.status in (${sql.join(
  MONEY_MAY_HAVE_MOVED_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)})) else 0 end)`;

export const TOURNAMENT_WORK = ["disputes", "refunds"] as const;
export type TournamentWork = (typeof TOURNAMENT_WORK)[number];

/** The staff list: filtered by status and title in SQL, newest date first, a page at a time. */
export async function listTournamentsForStaff(
  db: Database,
  filters: { status: TournamentStatus | null; q: string | null; page: number; work?: TournamentWork | null },
) {
  const where: SQL[] = [];
  // The dashboard's work row leads here: tournaments with a dispute to decide, or money to give back.
  if (filters.work === "disputes") where.push(sql`${tournaments.id} in (select d.tournament_id from (${DISPUTED_MATCHES}) d)`);
  if (filters.work === "refunds") where.push(sql`${refundsDueCount} > 0`);
  if (filters.status) where.push(eq(tournaments.status, filters.status));
  if (filters.q) where.push(ilike(tournaments.title, `%${filters.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  return db
    .select({
      ...TOURNAMENT_ROW_COLUMNS,
      capacity: tournaments.capacity,
      confirmed: confirmedCount,
      live: liveCount,
      refundsDue: refundsDueCount,
    })
    .from(tournaments)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(tournaments.date), asc(tournaments.id))
    .limit(STAFF_TOURNAMENT_PAGE)
    .offset((filters.page - 1) * STAFF_TOURNAMENT_PAGE);
}

export async function findTournamentForStaff(db: Database, id: string) {
  const [row] = await db
    .select({ tournament: tournaments, confirmed: confirmedCount, live: liveCount })
    .from(tournaments)
    .where(eq(tournaments.id, id));
  return row ? { ...row.tournament, confirmed: Number(row.confirmed), live: Number(row.live) } : null;
}

/** A readable, unique id: the title's slug plus a short random tail. */
export function tournamentId(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 48);
  return `${slug || "torneo"}-${randomUUID().slice(0, 6)}`;
}

type Stored = typeof tournaments.$inferSelect;
const snapshot = (row: Stored) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
};

/** Creates a tournament as a draft (players do not see it until it is published). */
export async function createTournament(
  db: Database,
  staffId: string,
  values: TournamentValues & { image: string; organizationId?: string | null },
  status: TournamentStatus = "draft",
  event: EventPlan | null = null,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tournaments)
      .values({ id: tournamentId(values.title), ...values, status })
      .returning();
    if (event) await planEvent(tx, row!.id, event, staffId);
    await recordAudit(tx, {
      actorId: staffId,
      action: "tournament.create",
      entity: "tournament",
      entityId: row!.id,
      before: null,
      after: snapshot(row!),
    });
    return row!;
  });
}

/** Saves an edit; refuses to make it smaller than its confirmed teams (checked again under the row lock). */
export async function updateTournament(
  db: Database,
  staffId: string,
  id: string,
  values: TournamentValues & { image?: string },
  event: EventPlan | null = null,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for("update");
    if (!before) throw new TournamentAdminError("NOT_FOUND");
    const [{ confirmed }] = (await tx
      .select({ confirmed: sql<number>`count(*)::int` })
      .from(registrations)
      .where(and(eq(registrations.tournamentId, id), eq(registrations.status, "confirmed")))) as [{ confirmed: number }];
    if (values.capacity < Number(confirmed)) throw new TournamentAdminError("CAPACITY_BELOW_CONFIRMED");
    // Money already held for these prizes: what funds them, and how much, can no longer change.
    const poolTerms = (row: { prizeFunding: string; prize: string; prizeSplit: string[]; feeAmount: number; feeCurrency: string }) =>
      JSON.stringify([row.prizeFunding, row.prize, row.prizeSplit, row.feeAmount, row.feeCurrency]);
    if (poolTerms(before) !== poolTerms(values) && (await poolHoldsMoney(tx, id))) throw new TournamentAdminError("POOL_HOLDS_MONEY");
    const [after] = await tx
      .update(tournaments)
      .set({ ...values, image: values.image ?? before.image, updatedAt: new Date() })
      .where(eq(tournaments.id, id))
      .returning();
    if (event) await planEvent(tx, id, event, staffId);
    // More places: the waiting list is owed a mail (sent after the commit).
    if (values.capacity > before.capacity) await noticeFreedPlace(tx, id);
    await recordAudit(tx, {
      actorId: staffId,
      action: "tournament.update",
      entity: "tournament",
      entityId: id,
      before: snapshot(before),
      after: snapshot(after!),
    });
    return after!;
  });
}

/** A draft copy of a tournament (same settings, no registrations). */
export async function duplicateTournament(db: Database, staffId: string, id: string) {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
    if (!source) throw new TournamentAdminError("NOT_FOUND");
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
    const [row] = await tx
      .insert(tournaments)
      .values({ ...copy, id: tournamentId(source.title), status: "draft" })
      .returning();
    await recordAudit(tx, {
      actorId: staffId,
      action: "tournament.duplicate",
      entity: "tournament",
      entityId: row!.id,
      before: { from: id },
      after: snapshot(row!),
    });
    return row!;
  });
}

/** Publish, unpublish or cancel, along the allowed moves. */
export async function setTournamentStatus(db: Database, staffId: string, id: string, to: TournamentStatus) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: tournaments.status,
        prizeFunding: tournaments.prizeFunding,
        prize: tournaments.prize,
        title: tournaments.title,
        organizationId: tournaments.organizationId,
      })
      .from(tournaments)
      .where(eq(tournaments.id, id))
      .for("update");
    if (!row) throw new TournamentAdminError("NOT_FOUND");
    if (!canMoveTournament(row.status, to)) throw new TournamentAdminError("STATUS_NOT_ALLOWED");
    // An organizer-funded prize is on the platform before players see the event.
    const unfunded = to === "published" ? await publishProblem(tx, { id, ...row }) : null;
    if (unfunded) throw new TournamentAdminError(unfunded);
    await tx.update(tournaments).set({ status: to, updatedAt: new Date() }).where(eq(tournaments.id, id));
    await recordAudit(tx, {
      actorId: staffId,
      action: STATUS_ACTION[to],
      entity: "tournament",
      entityId: id,
      before: { status: row.status },
      after: { status: to },
    });
    // Staff approving an organization's event: its Discord channel hears it is open (docs/organizations.md).
    if (to === "published" && row.organizationId)
      await announce(tx, id, { kind: "published", title: row.title, path: `/tournament?id=${encodeURIComponent(id)}` });
  });
}

export interface RefundToDo {
  orderId: string;
  number: number;
  status: OrderStatus;
  email: string;
  teamName: string | null;
  amount: number;
  currency: string;
}

/** What a cancellation did, for the staff page and for the mails sent after it committed. */
export interface CancelledTournament {
  tournamentId: string;
  title: string;
  released: number;
  cancelledOrders: number[];
  refunds: RefundToDo[];
  /** Orders an organization's cancellation refunded to the buyers' wallets at once. */
  walletRefunds: number[];
  /** What an organizer-funded pool gave back to its funder. */
  poolReturned: Array<{ amount: number; currency: string }>;
  /** One mail per registrant: what happened to their registration's order. */
  notices: {
    email: string;
    language: string;
    teamName: string | null;
    outcome: "free" | "cancelled" | "refund" | "wallet";
    orderNumber: number | null;
  }[];
}

/**
 * Cancels a tournament and everything hanging from it, in one transaction: every live registration
 * is released (its place and in-game ids freed); an unpaid order (initiated or rejected) is cancelled
 * through the order's status table by the staff member, with the reason; an order with money that
 * may have moved (proof sent, approved, fulfilled) stays as it is and is listed as a refund to make
 * (the status table has no "refund pending": staff refund it outside the platform, with its
 * reference, from the order). Audit rows: the tournament's, each cancelled order's, each released
 * registration's. Each registrant's mail is queued in the same transaction (`mailTournamentCancelled`).
 */
export async function cancelTournament(
  db: Database,
  staffId: string,
  id: string,
  reason: string | null,
  options: { mover?: Mover; finished?: boolean } = {},
): Promise<CancelledTournament> {
  const mover = options.mover ?? "platform";
  return db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ status: tournaments.status, title: tournaments.title, prizeFunding: tournaments.prizeFunding })
      .from(tournaments)
      .where(eq(tournaments.id, id))
      .for("update");
    if (!tournament) throw new TournamentAdminError("NOT_FOUND");
    const allowed =
      mover === "platform"
        ? canMoveTournament(tournament.status, "cancelled")
        : canMoveOrgTournament(tournament.status, "cancelled", mover);
    if (!allowed) throw new TournamentAdminError("STATUS_NOT_ALLOWED");
    // An organization cannot undo an event that ended: its champion is decided, or its prizes are in wallets.
    if (mover === "organization" && (options.finished || (await prizesPaid(tx, id)))) throw new TournamentAdminError("EVENT_FINISHED");
    const live = await tx
      .select({
        id: registrations.id,
        status: registrations.status,
        teamName: registrations.teamName,
        orderId: registrations.orderId,
        email: users.email,
        language: users.language,
      })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .leftJoin(orders, eq(orders.id, registrations.orderId))
      // Live registrations, and released ones whose rejected order could otherwise be paid again later.
      .where(and(eq(registrations.tournamentId, id), or(holdsPlaceSql(), eq(orders.status, "rejected"))))
      .orderBy(asc(registrations.createdAt), asc(registrations.id))
      .for("update", { of: registrations });
    // The reason reaches every cancelled order's history: needed as soon as there is a team to tell.
    if (live.length > 0 && !reason) throw new TournamentAdminError("CANCEL_REASON_REQUIRED");
    const result: CancelledTournament = {
      tournamentId: id,
      title: tournament.title,
      released: 0,
      cancelledOrders: [],
      refunds: [],
      walletRefunds: [],
      poolReturned: [],
      notices: [],
    };
    for (const registration of live) {
      let outcome: CancelledTournament["notices"][number]["outcome"] = "free";
      let orderNumber: number | null = null;
      if (registration.orderId) {
        const [order] = await tx.select().from(orders).where(eq(orders.id, registration.orderId));
        const status = order && isOrderStatus(order.status) ? order.status : null;
        if (order && status) orderNumber = order.number;
        if (order && status && mover === "organization" && isPaid(status)) {
          // Paid and verified: an organization's cancellation refunds it to the buyer's wallet at once,
          // through the order's status table (a fee-funded pool gives its share back in the same move).
          try {
            await staffDecisionInTransaction(tx, order.id, staffId, { decision: "refund", reason: reason!, refundTo: "wallet" });
          } catch (error) {
            if (error instanceof OrderError) throw new TournamentAdminError("ORDER_NOT_ALLOWED_IN_STATE");
            throw error;
          }
          outcome = "wallet";
          result.walletRefunds.push(order.number);
        } else if (order && status && moneyMayHaveMoved(status)) {
          // A proof not yet verified (or, for platform staff, any paid order): staff's refund list.
          outcome = "refund";
          result.refunds.push({
            orderId: order.id,
            number: order.number,
            status,
            email: order.email,
            teamName: registration.teamName,
            amount: order.amount,
            currency: order.currency,
          });
        } else if (order && (status === "initiated" || status === "rejected")) {
          // Not paid (or the payment was refused): cancelled by staff through the status table, audited like any decision.
          await staffDecisionInTransaction(tx, order.id, staffId, { decision: "cancel", reason: reason! });
          outcome = "cancelled";
          result.cancelledOrders.push(order.number);
        }
      }
      await tx
        .update(registrations)
        .set({ status: "released", updatedAt: new Date() })
        .where(and(eq(registrations.id, registration.id), holdsPlaceSql()));
      await tx.update(registrationPlayers).set({ active: false }).where(eq(registrationPlayers.registrationId, registration.id));
      await recordAudit(tx, {
        actorId: staffId,
        action: "registration.release",
        entity: "registration",
        entityId: registration.id,
        before: { status: registration.status, teamName: registration.teamName, tournamentId: id },
        after: { status: "released", reason, outcome, orderNumber },
      });
      if (holdsPlace(registration.status)) result.released += 1;
      result.notices.push({
        email: registration.email,
        language: registration.language,
        teamName: registration.teamName,
        outcome,
        orderNumber,
      });
    }
    await tx.update(tournaments).set({ status: "cancelled", updatedAt: new Date() }).where(eq(tournaments.id, id));
    if (tournament.prizeFunding === "organizer")
      result.poolReturned = (await returnPoolOnCancel(tx, staffId, { id, title: tournament.title })).map(({ amount, currency }) => ({
        amount,
        currency,
      }));
    await recordAudit(tx, {
      actorId: staffId,
      action: "tournament.cancel",
      entity: "tournament",
      entityId: id,
      before: { status: tournament.status },
      after: {
        status: "cancelled",
        ...(live.length > 0
          ? { reason, released: result.released, cancelledOrders: result.cancelledOrders, refundsDue: result.refunds.map((r) => r.number) }
          : {}),
        ...(mover === "organization" ? { by: "organization", walletRefunds: result.walletRefunds } : {}),
        ...(result.poolReturned.length ? { poolReturned: result.poolReturned } : {}),
      },
    });
    await mailTournamentCancelled(tx, result, reason);
    return result;
  });
}

/** Tells each registrant, in their language, that the tournament was cancelled and what happens to their payment (queued in `tx`). */
async function mailTournamentCancelled(tx: MailWriter, cancelled: CancelledTournament, reason: string | null): Promise<void> {
  for (const notice of cancelled.notices) {
    const language = isLanguage(notice.language) ? notice.language : "es";
    const { t } = createI18n(language, loadMessages(language, ["mail"]));
    const values = { title: cancelled.title, number: notice.orderNumber ?? "", reason: reason ?? "" };
    await queueMail(
      tx,
      "registration.tournamentCancelled",
      composeMail({
        to: notice.email,
        subject: t("mail:registration.tournamentCancelled.subject", values),
        heading: t("mail:registration.tournamentCancelled.heading", values),
        paragraphs: [
          t("mail:registration.tournamentCancelled.body", values),
          ...(reason ? [t("mail:registration.tournamentCancelled.reason", values)] : []),
          t(`mail:registration.tournamentCancelled.${notice.outcome}`, values),
        ],
        action: { label: t("mail:registration.tournamentCancelled.button"), url: `${env().publicUrl}/orders` },
        footer: t("mail:footer"),
      }),
    );
  }
}

/** A cancelled tournament's orders whose money may still have to go back (the staff's refund list). */
export async function refundsDueFor(db: Database, tournamentId: string): Promise<RefundToDo[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      status: orders.status,
      email: orders.email,
      teamName: registrations.teamName,
      amount: orders.amount,
      currency: orders.currency,
    })
    .from(registrations)
    .innerJoin(orders, eq(orders.id, registrations.orderId))
    .where(and(eq(registrations.tournamentId, tournamentId), inArray(orders.status, MONEY_MAY_HAVE_MOVED_STATUSES)))
    .orderBy(asc(orders.number))
    .limit(STAFF_REGISTRATION_PAGE * 20);
  return rows.map((row) => ({ ...row, status: row.status as OrderStatus }));
}

/** One page of a tournament's registrations (live first, then released), with players and order. */
export async function listRegistrationsForStaff(db: Database, tournamentId: string, page: number, limit = STAFF_REGISTRATION_PAGE) {
  const rows = await db
    .select({
      id: registrations.id,
      teamName: registrations.teamName,
      coachName: registrations.coachName,
      phone: registrations.phone,
      status: registrations.status,
      releaseReason: registrations.releaseReason,
      lateEntry: registrations.lateEntry,
      createdAt: registrations.createdAt,
      email: users.email,
      userName: users.name,
      userId: users.id,
      orderId: orders.id,
      orderNumber: orders.number,
      orderStatus: orders.status,
      amount: orders.amount,
      currency: orders.currency,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(orders, eq(orders.id, registrations.orderId))
    .where(eq(registrations.tournamentId, tournamentId))
    .orderBy(sql`not (${holdsPlaceSql()})`, asc(registrations.createdAt), asc(registrations.id))
    .limit(limit)
    .offset((page - 1) * limit);
  if (rows.length === 0) return [];
  const players = await db
    .select({
      registrationId: registrationPlayers.registrationId,
      position: registrationPlayers.position,
      name: registrationPlayers.name,
      ign: registrationPlayers.ign,
      phone: registrationPlayers.phone,
    })
    .from(registrationPlayers)
    .where(
      inArray(
        registrationPlayers.registrationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(registrationPlayers.position));
  return rows.map((row) => ({ ...row, players: players.filter((player) => player.registrationId === row.id) }));
}

/**
 * Removes a team: its place and in-game ids are freed. A paid order goes to refund (approved or
 * fulfilled), an unpaid one is cancelled; both through the order's status table, which releases
 * the registration. A free registration is released directly.
 */
export async function removeRegistration(
  db: Database,
  staffId: string,
  registrationId: string,
  reason: string,
  options: { tournamentId?: string; mover?: "platform" | "organization" } = {},
) {
  return db.transaction(async (tx) => {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
    if (!registration || (options.tournamentId !== undefined && registration.tournamentId !== options.tournamentId))
      throw new TournamentAdminError("NOT_FOUND");
    if (!holdsPlace(registration.status)) throw new TournamentAdminError("ALREADY_REMOVED");
    const organization = options.mover === "organization";
    let orderMove: { orderId: string; to: OrderStatus } | null = null;
    if (registration.orderId) {
      const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, registration.orderId));
      const status = order && isOrderStatus(order.status) ? order.status : null;
      // A proof not yet verified is platform staff's to decide (docs/organizations.md "Registrations").
      if (organization && status === "proof_submitted") throw new TournamentAdminError("PAYMENT_UNDER_REVIEW");
      if (status && holdsReservation(status)) {
        const decision = isPaid(status) ? "refund" : "cancel";
        // An organization cannot send money outside the platform: its refunds go to the buyer's wallet.
        const refundTo = organization && decision === "refund" ? ({ refundTo: "wallet" } as const) : {};
        try {
          const moved = await staffDecisionInTransaction(tx, registration.orderId, staffId, { decision, reason, ...refundTo });
          orderMove = { orderId: registration.orderId, to: moved.to };
        } catch (error) {
          if (error instanceof OrderError) throw new TournamentAdminError("ORDER_NOT_ALLOWED_IN_STATE");
          throw error;
        }
      }
    }
    // Free registrations (and any left live by the order's move) are released here.
    await releaseRegistration(tx, registrationId);
    await noticeFreedPlace(tx, registration.tournamentId);
    await recordAudit(tx, {
      actorId: staffId,
      action: "registration.remove",
      entity: "registration",
      entityId: registrationId,
      before: { status: registration.status, teamName: registration.teamName, tournamentId: registration.tournamentId },
      after: { status: "released", reason, order: orderMove },
    });
    // The buyer's mail only reports the refund or cancellation; queued with the removal.
    if (orderMove) await mailOrderMove(tx, { orderId: orderMove.orderId, to: orderMove.to, actor: "staff", reason });
    return { tournamentId: registration.tournamentId, orderMove };
  });
}

/** Every registration of a tournament for the CSV export (bounded by the tournament's capacity and its history). */
export async function registrationsForExport(db: Database, tournamentId: string) {
  return listRegistrationsForStaff(db, tournamentId, 1, 100_000);
}
