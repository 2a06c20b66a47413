import { and, eq } from "drizzle-orm";
import { ledgerTransactions, orders } from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { isCurrency, platformAccount, userAccount } from "./core/accounts";
import { post } from "./ledger.server";

/** Whether the order was paid from the buyer's wallet (its money is in the ledger, so a refund goes back there). */
export async function paidFromWallet(tx: Database | Transaction, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, "wallet_payment"), eq(ledgerTransactions.subjectId, orderId)))
    .limit(1);
  return Boolean(row);
}

/** Whether a refunded order's money went to its buyer's wallet (the order page says so and links there). */
export async function refundedToWallet(db: Database | Transaction, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, "order_refund"), eq(ledgerTransactions.subjectId, orderId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Credits a refunded order's amount to its buyer's wallet, inside the refund's transaction: orders
 * clearing gives back what the sale took (decision 014). Keyed by the order, so it happens once
 * however often it is asked; the order's row lock taken by the move makes concurrent refunds wait.
 */
export async function creditRefundToWallet(tx: Transaction, orderId: string, staffId: string, reason: string | null) {
  const [order] = await tx
    .select({ userId: orders.userId, amount: orders.amount, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || !isCurrency(order.currency) || order.amount <= 0) return null;
  return post(tx, {
    kind: "order_refund",
    idempotencyKey: `order-refund:${orderId}`,
    subjectId: orderId,
    actorId: staffId,
    reason,
    lines: [
      { account: platformAccount("orders_clearing", order.currency), amount: -order.amount },
      { account: userAccount(order.userId, order.currency), amount: order.amount },
    ],
  });
}
