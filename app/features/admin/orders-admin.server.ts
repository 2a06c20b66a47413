import { desc, eq, or, sql, type SQL } from "drizzle-orm";
import { orders, paymentProofs, users } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { moveOrder, type Transaction } from "~/features/orders/orders.server";
import { recordAudit } from "./audit.server";

export type StaffOrderMove = "refund" | "cancel";
const TARGET = { refund: "refunded", cancel: "cancelled" } as const;

/**
 * Staff refund (approved/fulfilled → refunded) or cancel (unpaid/proof sent → cancelled), with a
 * reason, inside the caller's transaction, with its audit row. The registration of a tournament
 * order follows through moveOrder (its place is released).
 *
 * MERGE NOTE: a local stand-in for the order-lifecycle change's
 * `decideOrder(db, orderId, staffActor, "refund" | "cancel", reason)`; point it there when merging.
 */
export async function staffMoveOrder(tx: Transaction, orderId: string, staffId: string, move: StaffOrderMove, reason: string, refundReference?: string) {
  const [before] = await tx.select({ status: orders.status, refundReference: orders.refundReference, number: orders.number }).from(orders).where(eq(orders.id, orderId));
  const moved = await moveOrder(tx, orderId, TARGET[move], staffId, reason);
  if (move === "refund") await tx.update(orders).set({ refundReference: refundReference ?? null }).where(eq(orders.id, orderId));
  await recordAudit(tx, {
    actorId: staffId,
    action: `order.${move}`,
    entity: "order",
    entityId: orderId,
    before: { status: moved.from, number: before?.number },
    after: { status: moved.to, reason, ...(move === "refund" ? { refundReference: refundReference ?? null } : {}) },
  });
  return moved;
}

export const ORDER_SEARCH_PAGE = 20;

/**
 * Staff search: an order number ("1234" or "#1234"), an e-mail, a payment reference or
 * transaction id, or a player ID; newest first, a page at a time, every branch on an index.
 */
export async function searchOrdersForStaff(db: Database, query: string, page: number) {
  const q = query.trim();
  const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace("#", "")) : null;
  const conditions: SQL[] = [
    sql`lower(${orders.email}) = ${q.toLowerCase()}`,
    eq(orders.gamerId, q),
    sql`${orders.id} in (select ${paymentProofs.orderId} from ${paymentProofs} where ${paymentProofs.reference} = ${q} or ${paymentProofs.transactionId} = ${q})`,
  ];
  if (number !== null) conditions.push(eq(orders.number, number));
  return db
    .select({
      id: orders.id,
      number: orders.number,
      kind: orders.kind,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      currency: orders.currency,
      amount: orders.amount,
      email: orders.email,
      userName: users.name,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(or(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_SEARCH_PAGE)
    .offset((Math.max(1, page) - 1) * ORDER_SEARCH_PAGE);
}
