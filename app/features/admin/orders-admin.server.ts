import { and, asc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { orders, paymentProofs, users } from "~/db/schema";
import type { ParsedDecision } from "~/features/orders/core/decisions";
import { ORDER_SUMMARY_COLUMNS, applyDecision, newestOrdersFirst } from "~/features/orders/orders.server";
import { FIRST_PAGE, fetchKeysetPage, type PageAsk } from "~/domain/page-cursor";
import type { Database, Transaction } from "~/lib/db.server";
import { cursorOfRow } from "~/lib/keyset.server";
import { recordAudit } from "./audit.server";
import { containsPattern, phoneSearchVariants } from "./core/order-search";

/** The audit row of a staff decision on an order, written in the decision's transaction. */
export function auditDecision(staffId: string, orderId: string, decided: ParsedDecision) {
  return async (tx: Transaction, moved: { from: string; to: string }) => {
    await recordAudit(tx, {
      actorId: staffId,
      action: `order.${decided.decision}`,
      entity: "order",
      entityId: orderId,
      before: { status: moved.from },
      after: {
        status: moved.to,
        reason: decided.reason ?? null,
        ...(decided.refundReference ? { refundReference: decided.refundReference } : {}),
        ...(decided.providerReference ? { providerReference: decided.providerReference } : {}),
      },
    });
  };
}

/**
 * A staff decision inside the caller's transaction (removing a team refunds or cancels its order
 * together with the registration), with its audit row; the caller mails after commit.
 */
export async function staffDecisionInTransaction(tx: Transaction, orderId: string, staffId: string, decided: ParsedDecision) {
  const moved = await applyDecision(tx, orderId, { userId: staffId, isStaff: true }, decided);
  await auditDecision(staffId, orderId, decided)(tx, moved);
  return moved;
}

/**
 * The order staff open after deciding one: the oldest proof still waiting (the queue's own order,
 * oldest change first), other than the one just decided; null when the queue is empty.
 */
export async function nextOrderToReview(db: Database, afterOrderId: string): Promise<string | null> {
  const [next] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "proof_submitted"), ne(orders.id, afterOrderId)))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(1);
  return next?.id ?? null;
}

export const ORDER_SEARCH_PAGE = 20;

function searchRows(db: Database, query: string, ask: PageAsk) {
  const q = query.trim();
  const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace("#", "")) : null;
  const conditions: SQL[] = [
    sql`lower(${orders.email}) = ${q.toLowerCase()}`,
    eq(orders.gamerId, q),
    eq(orders.providerReference, q),
    eq(orders.refundReference, q),
    sql`${orders.id} in (select ${paymentProofs.orderId} from ${paymentProofs} where ${paymentProofs.reference} = ${q} or ${paymentProofs.transactionId} = ${q} or lower(${paymentProofs.payerEmail}) = ${q.toLowerCase()})`,
  ];
  if (number !== null) conditions.push(eq(orders.number, number));
  const phones = phoneSearchVariants(q);
  if (phones.length) conditions.push(inArray(orders.phone, phones));
  // The buyer's name, by what it contains: the one branch without an index (users is far smaller than orders).
  const name = containsPattern(q);
  if (name) conditions.push(sql`lower(${users.name}) like ${name}`);
  const page = newestOrdersFirst(ask, ORDER_SEARCH_PAGE);
  return db
    .select({
      ...ORDER_SUMMARY_COLUMNS,
      email: orders.email,
      userName: users.name,
      updatedAt: orders.updatedAt,
      cursorAt: page.cursorAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(or(...conditions), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

/**
 * Staff search: an order number ("1234" or "#1234"), an e-mail, a payment reference or
 * transaction id, a PayPal payer's e-mail, a provider or refund reference, a player ID, a buyer's
 * phone (local or international form) or part of their name; newest first, a page at a time (keyset), every branch on an index.
 */
export function searchOrdersForStaff(db: Database, query: string, ask: PageAsk = FIRST_PAGE) {
  return fetchKeysetPage(ask, ORDER_SEARCH_PAGE, cursorOfRow, (page) => searchRows(db, query, page));
}
