import type { KindEnding } from "./core/outcome";
import { ORDER_KINDS, type OrderKind, type OrderStatus } from "./core/lifecycle";
import type { Database, Transaction } from "~/lib/db.server";

/** What a kind's handler hears of a move, inside the transaction that makes it. */
export interface OrderTransition {
  tx: Transaction;
  orderId: string;
  kind: OrderKind;
  userId: string;
  from: OrderStatus;
  to: OrderStatus;
  actorUserId: string | null;
  reason: string | null;
}

/**
 * One per kind of order (store, tournament registration, Plus…), like Vendure's onTransitionEnd:
 * the order module announces each move and the kind does its part (confirm or free a place…)
 * in the same transaction, so both commit or neither. Throwing an OrderError refuses the move.
 */
export interface OrderKindHandler {
  kind: OrderKind;
  onTransition(event: OrderTransition): Promise<void>;
  /**
   * The mail text to use instead of the default one for a move (e.g. "registrationConfirmed"); it may
   * read what the kind holds (in the move's transaction, after the move) to choose.
   */
  mailTemplate?(to: OrderStatus, order: { orderId: string; db: Database | Transaction }): string | undefined | Promise<string | undefined>;
  /**
   * What each of these orders (all of this kind) came to, for the order page and the list of orders
   * (one query for a page of orders, not one per order). An order left out has no words of its own.
   */
  endings(db: Database, orders: ReadonlyArray<EndingQuery>): Promise<Map<string, KindEnding>>;
}

/** What a kind is told of each order whose ending it is asked for. */
export interface EndingQuery {
  id: string;
  status: OrderStatus;
  gamerId: string | null;
  gamerName: string | null;
  gameServer: string | null;
}

/** The endings of a page of orders of any kinds, asked of each kind's handler once. */
export async function endingsOf(db: Database, orders: ReadonlyArray<EndingQuery & { kind: string }>): Promise<Map<string, KindEnding>> {
  const byKind = new Map<string, Array<EndingQuery & { kind: string }>>();
  for (const order of orders) byKind.set(order.kind, [...(byKind.get(order.kind) ?? []), order]);
  const found = await Promise.all([...byKind].map(([kind, ofKind]) => handlerFor(kind).endings(db, ofKind)));
  return new Map(found.flatMap((map) => [...map]));
}

const handlers = new Map<OrderKind, OrderKindHandler>();

export function registerOrderKind(handler: OrderKindHandler): void {
  handlers.set(handler.kind, handler);
}

/** The handler of a kind; a kind nobody registered is a programming error, reported loudly. */
export function handlerFor(kind: string): OrderKindHandler {
  const handler = handlers.get(kind as OrderKind);
  if (!handler) throw new Error(`No handler registered for order kind "${kind}": register it in app/features/order-kinds.server.ts`);
  return handler;
}

/** Called at start-up: every kind in ORDER_KINDS must have its handler, or the server does not start. */
export function assertEveryKindHandled(): void {
  const missing = ORDER_KINDS.filter((kind) => !handlers.has(kind));
  if (missing.length)
    throw new Error(`Order kinds without a handler: ${missing.join(", ")} (register them in app/features/order-kinds.server.ts)`);
}
