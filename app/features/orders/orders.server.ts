import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import { orderItems, orderStatusHistory, orders, paymentProofs, users } from "~/db/schema";
import type { Currency } from "~/domain/money";
import type { PaymentMethod } from "~/domain/payment-methods";
import { FIRST_PAGE, fetchKeysetPage, type PageAsk } from "~/domain/page-cursor";
import type { Database, Transaction } from "~/lib/db.server";
import { cursorOfRow, keysetQuery } from "~/lib/keyset.server";
import { constraintOf } from "~/lib/http.server";
import { preparedStatement, runPrepared } from "~/lib/prepared.server";
import { withinLimit, type RateLimitName } from "~/lib/rate-limit.server";
import { DECISION_TARGET, type ParsedDecision } from "./core/decisions";
import { sameOrderContent, type IdempotencyErrorCode, type OrderContent } from "./core/idempotency";
import { isOrderStatus, mayMove, type MoveActor, type OrderKind, type OrderStatus } from "./core/lifecycle";
import type { ProofDetails } from "./core/payment-proof";
import type { ReceiptType } from "./core/receipt";
import { mailOrderMove } from "./order-mail.server";
import { handlerFor } from "./order-kind-registry.server";
import { creditRefundToWallet, paidFromWallet } from "~/features/wallet/order-refund.server";
import { DomainError } from "~/lib/domain-error";

export type OrderErrorCode =
  "NOT_FOUND" | "NOT_ALLOWED_IN_STATE" | "REFERENCE_USED" | "WRONG_METHOD" | "TOURNAMENT_FULL" | "REFUND_TO_WALLET_ONLY";

/** A rule an order operation broke; actions turn the code into a translated message. */
export class OrderError extends DomainError<OrderErrorCode> {}

/** The key already created an order with other content (another cart, method, player…) (docs/reliability.md "Limits and idempotency"): refused, 409. */
export class OrderKeyReusedError extends DomainError<IdempotencyErrorCode> {
  constructor() {
    super("ORDER_KEY_REUSED");
  }
}

/** Who is asking: their id and whether they are staff. */
export interface Actor {
  userId: string;
  isStaff: boolean;
}

/** Who makes a move: a user acting as owner or staff, or the server itself (userId null). */
export interface MoveBy {
  userId: string | null;
  role: MoveActor;
}

export interface NewOrder {
  userId: string;
  kind: OrderKind;
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
  /** Scoped key from core/idempotency.ts: the same key gives back the same order. */
  idempotencyKey?: string | null;
  /** Each line's name as bought: `label` in Spanish, `labelEn` in English when there is one (domain/package-label's labelFor picks). */
  items: Array<{
    packageId?: string | null;
    registrationId?: string | null;
    label: string;
    labelEn?: string | null;
    unitAmount: number;
    quantity: number;
  }>;
}

/** What a checkout form gives for an order priced on our side: who pays, how, at which rate, until when. */
export interface PaidCheckout {
  userId: string;
  email: string;
  phone: string;
  method: PaymentMethod;
  exchangeRate: string;
  expiresAt: Date;
  /** The form's key, scoped ("plus:…", "donation:…"): a repeated post gets the order the first one created. */
  idempotencyKey?: string | null;
}

export interface CreatedOrder {
  id: string;
  number: number;
  amount: number;
  currency: Currency;
  paymentMethod: PaymentMethod;
  /** True when the key had already created this order and nothing new was written. */
  repeated: boolean;
}

const CREATED_COLUMNS = {
  id: orders.id,
  number: orders.number,
  amount: orders.amount,
  currency: orders.currency,
  paymentMethod: orders.paymentMethod,
};

/** The order a user's (scoped) idempotency key already created, if any. */
export async function findOrderByKey(
  db: Database | Transaction,
  userId: string,
  idempotencyKey: string | null,
): Promise<CreatedOrder | null> {
  if (!idempotencyKey) return null;
  const [row] = await runPrepared(
    db,
    "order_by_key",
    (database, name) =>
      database
        .select(CREATED_COLUMNS)
        .from(orders)
        .where(and(eq(orders.userId, sql.placeholder("userId")), eq(orders.idempotencyKey, sql.placeholder("idempotencyKey"))))
        .prepare(name),
    { userId, idempotencyKey },
  );
  return row ? { ...row, currency: row.currency as Currency, paymentMethod: row.paymentMethod as PaymentMethod, repeated: true } : null;
}

/** What the order a key created asked for (compared with a repeated request's, `sameOrderContent`). */
async function orderContentById(db: Database | Transaction, orderId: string): Promise<OrderContent | null> {
  const [row] = await db
    .select({
      kind: orders.kind,
      paymentMethod: orders.paymentMethod,
      currency: orders.currency,
      amountUsd: orders.amountUsd,
      phone: orders.phone,
      gamerId: orders.gamerId,
      gameServer: orders.gameServer,
      tournamentId: orders.tournamentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = await db
    .select({ packageId: orderItems.packageId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { ...row, lines };
}

function contentOf(order: NewOrder): OrderContent {
  return {
    kind: order.kind,
    paymentMethod: order.paymentMethod,
    currency: order.currency,
    amountUsd: order.amountUsd,
    phone: order.phone,
    gamerId: order.gamerId ?? null,
    gameServer: order.gameServer ?? null,
    tournamentId: order.tournamentId ?? null,
    lines: order.items.map((item) => ({ packageId: item.packageId ?? null, quantity: item.quantity })),
  };
}

/**
 * One hit on the buyer's order-creation limit (`orderCreation`, or `registration`), except for a
 * key that already created an order: a retried post is answered with that order and costs the
 * buyer nothing of their allowance (docs/reliability.md "Limits and idempotency"). Call before creating, with the key as the order will carry it (scoped).
 */
export async function withinOrderLimit(
  db: Database,
  name: Extract<RateLimitName, "orderCreation" | "registration">,
  userId: string,
  scopedKey: string | null,
): Promise<boolean> {
  if (await findOrderByKey(db, userId, scopedKey)) return true;
  return withinLimit(db, name, userId);
}

/** The order's own columns createOrder writes, each as a placeholder of the same name (one list for the statement and its values). */
const ORDER_FIELDS = [
  "userId",
  "kind",
  "paymentMethod",
  "currency",
  "amount",
  "amountUsd",
  "exchangeRate",
  "phone",
  "email",
  "gamerId",
  "gameServer",
  "gamerName",
  "tournamentId",
  "expiresAt",
  "idempotencyKey",
] as const satisfies readonly (keyof NewOrder)[];

/**
 * createOrder's one statement, with a placeholder for each value (built once per database handle, then
 * prepared): the order, its items (a JSON array, any length) and the first line of its history are
 * written together, or (the key already used) none. One round trip, atomic without a transaction of its own.
 */
function createOrderStatement(database: Database | Transaction) {
  const value = (name: string) => sql.placeholder(name);
  const fields = Object.fromEntries(ORDER_FIELDS.map((field) => [field, value(field)])) as Record<
    (typeof ORDER_FIELDS)[number],
    Placeholder
  >;
  const placeOrder = database
    .insert(orders)
    .values({ id: value("id"), ...fields, status: "initiated" })
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning(CREATED_COLUMNS);
  return sql`
    with placed as (${placeOrder.getSQL()}),
    placed_items as (
      insert into ${orderItems} (id, order_id, package_id, registration_id, label, label_en, unit_amount, quantity)
      select gen_random_uuid()::text, placed.id, item.package_id, item.registration_id, item.label, item.label_en, item.unit_amount, item.quantity
      from placed, jsonb_to_recordset(${value("items")}::jsonb)
        as item (package_id text, registration_id text, label text, label_en text, unit_amount int, quantity int)),
    first_line as (
      insert into ${orderStatusHistory} (order_id, from_status, to_status, actor_user_id)
      select placed.id, null, 'initiated', ${value("userId")}::text from placed)
    select id, number, amount, currency, payment_method as "paymentMethod" from placed`;
}

/**
 * Creates an order in `initiated`, with its items and the first line of its history, in one
 * statement (one round trip). With an idempotency key already used by this user, nothing is written
 * and that order is returned (concurrent requests with one key: the unique index
 * (user_id, idempotency_key) lets one insert, the others wait for it and return its order). The
 * same key with other content (`sameOrderContent`) throws OrderKeyReusedError: a form's key names
 * one purchase, so a changed cart is refused, never answered with the first order (docs/reliability.md "Limits and idempotency").
 */
export async function createOrder(db: Database | Transaction, order: NewOrder): Promise<CreatedOrder> {
  const result = await runPrepared(
    db,
    "create_order",
    (database, name) => preparedStatement<Omit<CreatedOrder, "repeated">>(database, name, createOrderStatement(database)),
    {
      id: randomUUID(),
      ...Object.fromEntries(ORDER_FIELDS.map((field) => [field, order[field] ?? null])),
      items: JSON.stringify(
        order.items.map((item) => ({
          package_id: item.packageId ?? null,
          registration_id: item.registrationId ?? null,
          label: item.label,
          label_en: item.labelEn ?? null,
          unit_amount: item.unitAmount,
          quantity: item.quantity,
        })),
      ),
    },
  );
  const row = result.rows[0];
  const { idempotencyKey } = order;
  if (!row) {
    const existing = await findOrderByKey(db, order.userId, idempotencyKey ?? null);
    if (!existing) throw new Error("idempotency conflict without an order");
    const content = await orderContentById(db, existing.id);
    if (!content || !sameOrderContent(content, contentOf(order))) throw new OrderKeyReusedError();
    return existing;
  }
  return { ...row, number: Number(row.number), amount: Number(row.amount), repeated: false };
}

/**
 * THE one place an order's status changes: locks the row, checks the table of allowed moves and
 * who may make them (core/lifecycle.ts), writes the new status and the audit line, then lets the
 * order's kind react in the same transaction (order-kinds.server.ts). Call inside a transaction.
 */
export async function moveOrder(tx: Transaction, orderId: string, to: OrderStatus, by: MoveBy, reason?: string | null) {
  const [row] = await tx
    .select({ status: orders.status, kind: orders.kind, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!row) throw new OrderError("NOT_FOUND");
  const from = row.status;
  if (!isOrderStatus(from) || !mayMove(from, to, by.role)) throw new OrderError("NOT_ALLOWED_IN_STATE");
  // A move settles whatever the machines had left for staff to look at (docs/payments.md, `attention`).
  await tx.update(orders).set({ status: to, updatedAt: new Date(), attention: null }).where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({ orderId, fromStatus: from, toStatus: to, actorUserId: by.userId, reason: reason ?? null });
  await handlerFor(row.kind).onTransition({
    tx,
    orderId,
    kind: row.kind as OrderKind,
    userId: row.userId,
    from,
    to,
    actorUserId: by.userId,
    reason: reason ?? null,
  });
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
  return {
    ...order,
    status: order.status as OrderStatus,
    kind: order.kind as OrderKind,
    paymentMethod: order.paymentMethod as PaymentMethod,
    items,
    proofs,
    history,
  };
}

/**
 * The user's newest order of this kind still waiting on them or on staff (unpaid, or proof under
 * review): a page offers to follow it rather than to buy again (Plus).
 */
export async function orderInProgress(db: Database, userId: string, kind: OrderKind) {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, kind), inArray(orders.status, ["initiated", "proof_submitted"])))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order ? { ...order, status: order.status as OrderStatus } : null;
}

export type OrderView = NonNullable<Awaited<ReturnType<typeof findOrderFor>>>;

const PAGE_SIZE = 20;

/** What every order list shows of an order. */
export const ORDER_SUMMARY_COLUMNS = {
  id: orders.id,
  number: orders.number,
  kind: orders.kind,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  currency: orders.currency,
  amount: orders.amount,
};

/** A page of orders, newest first (a buyer's list, the staff's search). */
export function newestOrdersFirst(ask: PageAsk, size: number) {
  return keysetQuery({ at: orders.createdAt, id: orders.id }, "desc", ask, size);
}

function userOrderRows(db: Database, userId: string, ask: PageAsk) {
  // The first page (almost every visit) is one prepared statement; pages after a cursor are built each time.
  if (!ask.cursor)
    return runPrepared(
      db,
      "user_orders_first_page",
      (database, name) => userOrderQuery(database, sql.placeholder("userId"), ask).prepare(name),
      { userId },
    );
  return userOrderQuery(db, userId, ask);
}

function userOrderQuery(db: Database, userId: string | Placeholder, ask: PageAsk) {
  const query = newestOrdersFirst(ask, PAGE_SIZE);
  return db
    .select({
      ...ORDER_SUMMARY_COLUMNS,
      createdAt: orders.createdAt,
      gamerId: orders.gamerId,
      gamerName: orders.gamerName,
      gameServer: orders.gameServer,
      cursorAt: query.cursorAt,
      // Read for the rows of this page only: the scan stops after them, nothing is skipped.
      items: sql<string>`(select string_agg(oi.label || ' × ' || oi.quantity, ', ' order by oi.id) from order_items oi where oi.order_id = "orders"."id")`,
      // The same lines by their English names (the Spanish one where a line has none): labelFor picks one of the two.
      itemsEn: sql<
        string | null
      >`(select string_agg(coalesce(oi.label_en, oi.label) || ' × ' || oi.quantity, ', ' order by oi.id) from order_items oi where oi.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), query.where))
    .orderBy(...query.orderBy)
    .limit(query.limit);
}

/** "My orders": newest first, a page at a time (keyset on the user's (created_at, id) index). */
export function listOrdersOfUser(db: Database, userId: string, ask: PageAsk = FIRST_PAGE) {
  return fetchKeysetPage(ask, PAGE_SIZE, cursorOfRow, (page) => userOrderRows(db, userId, page));
}

export interface StaffQueueFilters {
  status?: OrderStatus;
  method?: PaymentMethod;
  kind?: OrderKind;
}

function staffQueueRows(db: Database, filters: StaffQueueFilters, ask: PageAsk) {
  const query = keysetQuery({ at: orders.updatedAt, id: orders.id }, "asc", ask, PAGE_SIZE);
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.method) conditions.push(eq(orders.paymentMethod, filters.method));
  if (filters.kind) conditions.push(eq(orders.kind, filters.kind));
  if (query.where) conditions.push(query.where);
  return db
    .select({
      ...ORDER_SUMMARY_COLUMNS,
      email: orders.email,
      userName: users.name,
      updatedAt: orders.updatedAt,
      // Why the machines left it to staff (bank no match, amount mismatch, delivery failed) (docs/payments.md).
      attention: orders.attention,
      cursorAt: query.cursorAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...query.orderBy)
    .limit(query.limit);
}

/**
 * The staff queue: oldest change first, filtered by status and method, a page at a time (keyset on
 * (status[, method], updated_at, id), or (updated_at, id) for every status).
 */
export function listOrdersForStaff(db: Database, filters: StaffQueueFilters, ask: PageAsk = FIRST_PAGE) {
  return fetchKeysetPage(ask, PAGE_SIZE, cursorOfRow, (page) => staffQueueRows(db, filters, page));
}

export interface StoredReceipt {
  key: string;
  type: ReceiptType;
  size: number;
}

/**
 * The owner sends proof of payment for the order's own method. The proof row and the status move
 * commit together or not at all (the move is refused unless the table lets the owner pay now);
 * a bank + reference already on a live proof is refused by the database's unique index.
 */
export async function submitProof(db: Database, orderId: string, owner: Actor, details: ProofDetails, receipt: StoredReceipt | null) {
  let proofId: string;
  try {
    proofId = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ userId: orders.userId, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order || order.userId !== owner.userId) throw new OrderError("NOT_FOUND");
      if (order.paymentMethod !== details.method) throw new OrderError("WRONG_METHOD");
      const id = randomUUID();
      await tx.insert(paymentProofs).values({
        id,
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
      await moveOrder(tx, orderId, "proof_submitted", { userId: owner.userId, role: "owner" });
      await mailOrderMove(tx, { orderId, to: "proof_submitted", actor: "owner" });
      return id;
    });
  } catch (error) {
    if (constraintOf(error) === "payment_proofs_bank_reference_live") throw new OrderError("REFERENCE_USED");
    throw error;
  }
  return { proofId };
}

/** The owner cancels while the table lets them (before proof is sent, or after a rejection). */
export async function cancelOrder(db: Database, orderId: string, owner: Actor) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!order || order.userId !== owner.userId) throw new OrderError("NOT_FOUND");
    return moveOrder(tx, orderId, "cancelled", { userId: owner.userId, role: "owner" });
  });
}

/**
 * A staff decision inside the caller's transaction: the move (approve, reject, fulfil, refund,
 * cancel), a refused or cancelled proof's bank reference freed, a refund's reference (or a
 * fulfilment's provider transaction id) kept. The
 * caller queues the buyer's mail in the same transaction (`mailDecision`).
 */
export async function applyDecision(tx: Transaction, orderId: string, staff: Actor, decided: ParsedDecision) {
  if (!staff.isStaff) throw new OrderError("NOT_FOUND");
  const to = DECISION_TARGET[decided.decision];
  const moved = await moveOrder(tx, orderId, to, { userId: staff.userId, role: "staff" }, decided.reason);
  // A refused or cancelled proof no longer holds its bank reference: it may pay (another) order, corrected.
  if (to === "rejected" || to === "cancelled")
    await tx.update(paymentProofs).set({ live: false }).where(eq(paymentProofs.orderId, orderId));
  if (to === "refunded") {
    // Money paid from the wallet is in the ledger: it goes back there (a team removed, a refund page
    // without a choice), and staff cannot send it out by hand.
    const walletPaid = await paidFromWallet(tx, orderId);
    if (decided.refundTo === "outside" && walletPaid) throw new OrderError("REFUND_TO_WALLET_ONLY");
    const toWallet = decided.refundTo === "wallet" || walletPaid;
    if (toWallet) await creditRefundToWallet(tx, orderId, staff.userId, decided.reason ?? null);
    await tx
      .update(orders)
      .set({ refundReference: toWallet ? null : (decided.refundReference ?? null) })
      .where(eq(orders.id, orderId));
  }
  // Who delivered and when are the history line just written; the provider's id (if any) is kept on the order.
  if (to === "fulfilled" && decided.providerReference)
    await tx.update(orders).set({ providerReference: decided.providerReference }).where(eq(orders.id, orderId));
  return moved;
}

/** Queues the buyer's mail about a staff decision, in the decision's transaction. */
export function mailDecision(tx: Transaction, orderId: string, decided: ParsedDecision) {
  return mailOrderMove(tx, {
    orderId,
    to: DECISION_TARGET[decided.decision],
    actor: "staff",
    reason: decided.reason,
    refundReference: decided.refundReference,
  });
}

/**
 * Staff decide, in one transaction (with `alongside`, e.g. the back-office's audit row, in it too),
 * and the buyer's mail is queued in it: the mail exists if and only if the decision does.
 */
export async function decideOrder(
  db: Database,
  orderId: string,
  staff: Actor,
  decided: ParsedDecision,
  alongside?: (tx: Transaction, moved: { from: OrderStatus; to: OrderStatus }) => Promise<unknown>,
) {
  const moved = await db.transaction(async (tx) => {
    const result = await applyDecision(tx, orderId, staff, decided);
    await alongside?.(tx, result);
    await mailDecision(tx, orderId, decided);
    return result;
  });
  return moved;
}

/**
 * Several staff decisions in a row, in one transaction (approve then fulfil: "approve and deliver"):
 * each a move of the table with its own `alongside` (the audit row); the buyer gets one mail, the
 * last decision's (a delivered order's buyer needs no "payment verified" mail a second before).
 */
export async function decideOrderInSteps(
  db: Database,
  orderId: string,
  staff: Actor,
  steps: readonly ParsedDecision[],
  alongside?: (decided: ParsedDecision) => (tx: Transaction, moved: { from: OrderStatus; to: OrderStatus }) => Promise<unknown>,
) {
  const last = steps.at(-1);
  if (!last) throw new OrderError("NOT_FOUND");
  return db.transaction(async (tx) => {
    const moves = [];
    for (const decided of steps) {
      const moved = await applyDecision(tx, orderId, staff, decided);
      await alongside?.(decided)(tx, moved);
      moves.push(moved);
    }
    await mailDecision(tx, orderId, last);
    return moves;
  });
}

/** Moves every unpaid order past its time to `expired` and queues its buyer's mail; returns the ids. */
export async function expireUnpaidOrders(db: Database, now = new Date()): Promise<string[]> {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "initiated"), lt(orders.expiresAt, now)))
    .limit(500);
  const expired: string[] = [];
  for (const { id } of stale) {
    try {
      await db.transaction(async (tx) => {
        await moveOrder(tx, id, "expired", { userId: null, role: "system" }, "unpaid");
        await mailOrderMove(tx, { orderId: id, to: "expired", actor: "system" });
      });
      expired.push(id);
    } catch (error) {
      // Paid or cancelled meanwhile: nothing to expire.
      if (!(error instanceof OrderError)) throw error;
      continue;
    }
  }
  return expired;
}
