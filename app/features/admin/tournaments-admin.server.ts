import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import { orders, registrationPlayers, registrations, tournaments, users } from "~/db/schema";
import { holdsReservation, isOrderStatus, type OrderStatus } from "~/features/orders/core/lifecycle";
import { OrderError } from "~/features/orders/orders.server";
import type { Database } from "~/lib/db.server";
import { noticeFreedPlace } from "~/features/tournaments/waitlist.server";
import { recordAudit } from "./audit.server";
import { canMoveTournament, type TournamentStatus, type TournamentValues } from "./core/tournament-form";
import { staffDecisionInTransaction } from "./orders-admin.server";

export const STAFF_TOURNAMENT_PAGE = 20;
export const STAFF_REGISTRATION_PAGE = 50;

export type TournamentAdminErrorCode =
  "NOT_FOUND" | "CAPACITY_BELOW_CONFIRMED" | "STATUS_NOT_ALLOWED" | "ALREADY_REMOVED" | "ORDER_NOT_ALLOWED_IN_STATE";

export class TournamentAdminError extends Error {
  constructor(readonly code: TournamentAdminErrorCode) {
    super(code);
    this.name = "TournamentAdminError";
  }
}

const confirmedCount = sql<number>`(select count(*)::int from registrations r where r.tournament_id = "tournaments"."id" and r.status = 'confirmed')`;
const liveCount = sql<number>`(select count(*)::int from registrations r where r.tournament_id = "tournaments"."id" and r.status <> 'released')`;

/** The staff list: filtered by status and title in SQL, newest date first, a page at a time. */
export async function listTournamentsForStaff(db: Database, filters: { status: TournamentStatus | null; q: string | null; page: number }) {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(tournaments.status, filters.status));
  if (filters.q) where.push(ilike(tournaments.title, `%${filters.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  return db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      game: tournaments.game,
      date: tournaments.date,
      status: tournaments.status,
      capacity: tournaments.capacity,
      feeAmount: tournaments.feeAmount,
      feeCurrency: tournaments.feeCurrency,
      confirmed: confirmedCount,
      live: liveCount,
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
  values: TournamentValues & { image: string },
  status: TournamentStatus = "draft",
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tournaments)
      .values({ id: tournamentId(values.title), ...values, status })
      .returning();
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
export async function updateTournament(db: Database, staffId: string, id: string, values: TournamentValues & { image?: string }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for("update");
    if (!before) throw new TournamentAdminError("NOT_FOUND");
    const [{ confirmed }] = (await tx
      .select({ confirmed: sql<number>`count(*)::int` })
      .from(registrations)
      .where(and(eq(registrations.tournamentId, id), eq(registrations.status, "confirmed")))) as [{ confirmed: number }];
    if (values.capacity < Number(confirmed)) throw new TournamentAdminError("CAPACITY_BELOW_CONFIRMED");
    const [after] = await tx
      .update(tournaments)
      .set({ ...values, image: values.image ?? before.image, updatedAt: new Date() })
      .where(eq(tournaments.id, id))
      .returning();
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

const STATUS_ACTION: Record<TournamentStatus, string> = {
  published: "tournament.publish",
  draft: "tournament.unpublish",
  cancelled: "tournament.cancel",
};

/** Publish, unpublish or cancel, along the allowed moves. */
export async function setTournamentStatus(db: Database, staffId: string, id: string, to: TournamentStatus) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id)).for("update");
    if (!row) throw new TournamentAdminError("NOT_FOUND");
    if (!canMoveTournament(row.status, to)) throw new TournamentAdminError("STATUS_NOT_ALLOWED");
    await tx.update(tournaments).set({ status: to, updatedAt: new Date() }).where(eq(tournaments.id, id));
    await recordAudit(tx, {
      actorId: staffId,
      action: STATUS_ACTION[to],
      entity: "tournament",
      entityId: id,
      before: { status: row.status },
      after: { status: to },
    });
  });
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
    .orderBy(sql`${registrations.status} = 'released'`, asc(registrations.createdAt), asc(registrations.id))
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
export async function removeRegistration(db: Database, staffId: string, registrationId: string, reason: string) {
  return db.transaction(async (tx) => {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
    if (!registration) throw new TournamentAdminError("NOT_FOUND");
    if (registration.status === "released") throw new TournamentAdminError("ALREADY_REMOVED");
    let orderMove: { orderId: string; to: OrderStatus } | null = null;
    if (registration.orderId) {
      const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, registration.orderId));
      const status = order && isOrderStatus(order.status) ? order.status : null;
      if (status && holdsReservation(status)) {
        const decision = status === "approved" || status === "fulfilled" ? "refund" : "cancel";
        try {
          const moved = await staffDecisionInTransaction(tx, registration.orderId, staffId, { decision, reason });
          orderMove = { orderId: registration.orderId, to: moved.to };
        } catch (error) {
          if (error instanceof OrderError) throw new TournamentAdminError("ORDER_NOT_ALLOWED_IN_STATE");
          throw error;
        }
      }
    }
    // Free registrations (and any left live by the order's move) are released here.
    await tx
      .update(registrations)
      .set({ status: "released", updatedAt: new Date() })
      .where(and(eq(registrations.id, registrationId), ne(registrations.status, "released")));
    await tx.update(registrationPlayers).set({ active: false }).where(eq(registrationPlayers.registrationId, registrationId));
    await noticeFreedPlace(tx, registration.tournamentId);
    await recordAudit(tx, {
      actorId: staffId,
      action: "registration.remove",
      entity: "registration",
      entityId: registrationId,
      before: { status: registration.status, teamName: registration.teamName, tournamentId: registration.tournamentId },
      after: { status: "released", reason, order: orderMove },
    });
    return { tournamentId: registration.tournamentId, orderMove };
  });
}

/** Every registration of a tournament for the CSV export (bounded by the tournament's capacity and its history). */
export async function registrationsForExport(db: Database, tournamentId: string) {
  return listRegistrationsForStaff(db, tournamentId, 1, 100_000);
}
