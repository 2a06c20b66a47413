import { eq } from "drizzle-orm";
import { orders } from "~/db/schema";
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
