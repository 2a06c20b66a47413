import { randomUUID } from "node:crypto";
import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { orderItems, orderStatusHistory, orders, paymentProofs, users } from "~/db/schema";
import type { Currency } from "~/domain/money";
import { canMove, isOrderStatus, type OrderStatus } from "~/domain/order-status";
import type { PaymentMethod } from "~/domain/payment-methods";
import type { ProofDetails } from "~/domain/payment-proof";
import type { ReceiptType } from "~/domain/receipt";
import type { Database } from "~/lib/db.server";
import { syncRegistrationWithOrder } from "~/features/tournaments/registrations.server";

export type OrderErrorCode = "NOT_FOUND" | "NOT_ALLOWED_IN_STATE" | "REFERENCE_USED" | "WRONG_METHOD" | "TOURNAMENT_FULL";

/** A rule an order operation broke; actions turn the code into a translated message. */
export class OrderError extends Error {
  constructor(readonly code: OrderErrorCode) {
    super(code);
    this.name = "OrderError";
  }
}

export interface Actor {
  userId: string;
  isStaff: boolean;
}

export interface NewOrder {
  userId: string;
  kind: "store" | "tournament";
  paymentMethod: PaymentMethod;
  currency: Currency;
  /** Total in minor units of currency, priced by the caller from our own tables. */
  amount: number;
  amountUsd: number;
  exchangeRate: string | null;
  phone: string;
  email: string;
  gamerId?: string | null;
  gameServer?: string | null;
  gamerName?: string | null;
  tournamentId?: string | null;
  expiresAt: Date;
  items: Array<{ packageId?: string | null; registrationId?: string | null; label: string; unitAmount: number; quantity: number }>;
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Creates an order in `initiated`, with its items and the first line of its history. */
export async function createOrder(db: Database | Transaction, order: NewOrder): Promise<{ id: string; number: number }> {
  const run = async (tx: Transaction) => {
    const id = randomUUID();
    const { items, ...fields } = order;
    const [row] = await tx
      .insert(orders)
      .values({ id, ...fields, status: "initiated" })
      .returning({ id: orders.id, number: orders.number });
    await tx.insert(orderItems).values(items.map((item) => ({ id: randomUUID(), orderId: id, ...item })));
    await tx.insert(orderStatusHistory).values({ orderId: id, fromStatus: null, toStatus: "initiated", actorUserId: order.userId });
    return row!;
  };
  return db.transaction(run);
}

/**
 * THE one place an order's status changes: locks the row, checks the table of allowed moves
 * (app/domain/order-status.ts), writes the new status and the audit line. Call inside a transaction.
 */
export async function moveOrder(tx: Transaction, orderId: string, to: OrderStatus, actorUserId: string | null, reason?: string) {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!row) throw new OrderError("NOT_FOUND");
  const from = row.status as OrderStatus;
  if (!isOrderStatus(from) || !canMove(from, to)) throw new OrderError("NOT_ALLOWED_IN_STATE");
  await tx.update(orders).set({ status: to, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({ orderId, fromStatus: from, toStatus: to, actorUserId, reason: reason ?? null });
  // A tournament order carries a registration whose place follows the order.
  await syncRegistrationWithOrder(tx, orderId, from, to);
  return { from, to };
}

/** The order as its owner or staff may see it; null for anyone else (so ids cannot be probed). */
export async function findOrderFor(db: Database, orderId: string, viewer: Actor) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (order.userId !== viewer.userId && !viewer.isStaff)) return null;
  const [items, proofs, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)),
    db.select().from(paymentProofs).where(eq(paymentProofs.orderId, orderId)).orderBy(desc(paymentProofs.createdAt)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.id),
  ]);
  return { ...order, status: order.status as OrderStatus, paymentMethod: order.paymentMethod as PaymentMethod, items, proofs, history };
}

export type OrderView = NonNullable<Awaited<ReturnType<typeof findOrderFor>>>;

const PAGE_SIZE = 20;

/** What every order list shows of an order. */
const ORDER_SUMMARY_COLUMNS = {
  id: orders.id,
  number: orders.number,
  kind: orders.kind,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  currency: orders.currency,
  amount: orders.amount,
};

/** "My orders": newest first, a page at a time. */
export async function listOrdersOfUser(db: Database, userId: string, page = 1) {
  return db
    .select({
      ...ORDER_SUMMARY_COLUMNS,
      createdAt: orders.createdAt,
      items: sql<string>`(select string_agg(oi.label || ' × ' || oi.quantity, ', ' order by oi.id) from order_items oi where oi.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * PAGE_SIZE);
}

/** The staff queue: oldest waiting first, filtered by status and method. */
export async function listOrdersForStaff(db: Database, filters: { status?: OrderStatus; method?: PaymentMethod; page?: number }) {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.method) conditions.push(eq(orders.paymentMethod, filters.method));
  return db
    .select({
      ...ORDER_SUMMARY_COLUMNS,
      email: orders.email,
      userName: users.name,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(orders.updatedAt)
    .limit(PAGE_SIZE)
    .offset((Math.max(1, filters.page ?? 1) - 1) * PAGE_SIZE);
}

export interface StoredReceipt {
  key: string;
  type: ReceiptType;
  size: number;
}

/**
 * The owner sends proof of payment: allowed while the order is initiated or rejected, for the
 * order's own method. The proof row and the status move commit together or not at all; a bank +
 * reference already on a live proof is refused by the database's unique index.
 */
export async function submitProof(db: Database, orderId: string, owner: Actor, details: ProofDetails, receipt: StoredReceipt | null) {
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order || order.userId !== owner.userId) throw new OrderError("NOT_FOUND");
      if (order.paymentMethod !== details.method) throw new OrderError("WRONG_METHOD");
      if (order.status !== "initiated" && order.status !== "rejected") throw new OrderError("NOT_ALLOWED_IN_STATE");
      const proofId = randomUUID();
      await tx.insert(paymentProofs).values({
        id: proofId,
        orderId,
        method: details.method,
        fileKey: receipt?.key ?? null,
        fileType: receipt?.type ?? null,
        fileSize: receipt?.size ?? null,
        bankCode: details.method === "pago_movil" ? details.bankCode : null,
        reference: details.method === "pago_movil" ? details.reference : null,
        paidOn: details.method === "pago_movil" ? details.paidOn : null,
        transactionId: details.method === "binance" ? details.transactionId : null,
        payerEmail: details.method === "paypal" ? details.payerEmail : null,
      });
      await moveOrder(tx, orderId, "proof_submitted", owner.userId);
      return { proofId };
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
    if (cause?.code === "23505" && cause.constraint === "payment_proofs_bank_reference_live") throw new OrderError("REFERENCE_USED");
    throw error;
  }
}

/** The owner cancels before verification (initiated, proof sent, or rejected). */
export async function cancelOrder(db: Database, orderId: string, owner: Actor) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!order || order.userId !== owner.userId) throw new OrderError("NOT_FOUND");
    return moveOrder(tx, orderId, "cancelled", owner.userId);
  });
}

export type StaffDecision = "approve" | "reject" | "fulfil";
const DECISION_STATUS: Record<StaffDecision, OrderStatus> = { approve: "approved", reject: "rejected", fulfil: "fulfilled" };

/** Staff verify: approve or reject (with a reason) a sent proof, or mark an approved order fulfilled. */
export async function decideOrder(db: Database, orderId: string, staff: Actor, decision: StaffDecision, reason?: string) {
  if (!staff.isStaff) throw new OrderError("NOT_FOUND");
  return db.transaction(async (tx) => {
    const moved = await moveOrder(tx, orderId, DECISION_STATUS[decision], staff.userId, reason);
    // A rejected proof no longer holds its bank reference: the user may send it again, corrected.
    if (decision === "reject") await tx.update(paymentProofs).set({ live: false }).where(eq(paymentProofs.orderId, orderId));
    return moved;
  });
}

/** Moves every unpaid order past its time to `expired`; returns how many. */
export async function expireUnpaidOrders(db: Database, now = new Date()): Promise<string[]> {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "initiated"), lt(orders.expiresAt, now)))
    .limit(500);
  const expired: string[] = [];
  for (const { id } of stale) {
    try {
      await db.transaction((tx) => moveOrder(tx, id, "expired", null, "unpaid"));
      expired.push(id);
    } catch (error) {
      // Paid or cancelled meanwhile: nothing to expire.
      if (!(error instanceof OrderError)) throw error;
    }
  }
  return expired;
}
