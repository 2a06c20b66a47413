import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { deliveries, orderItems, orders, paymentEvents, paymentProofs, providerPayments, topupPackages } from "~/db/schema";
import type { Currency } from "~/domain/money";
import { recordAudit } from "~/features/admin/audit.server";
import { OrderError, moveOrder } from "~/features/orders/orders.server";
import { mailOrderMove } from "~/features/orders/order-mail.server";
import type { Database, Transaction } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { checkPaidAmount, creditMatches, toDecimal } from "./core/amounts";
import { searchBankCredit } from "./bank-match.server";
import { ProviderUnavailable, queryBinanceOrder } from "./binance-pay.server";
import { capturePayPalOrder, getPayPalOrder } from "./paypal.server";
import { paymentServices, type PaymentServices } from "./settings.server";
import { sendTopup, topupStatus, type TopupAnswer } from "./topup-provider.server";

/**
 * What the machines do to orders (docs/payments.md). Every outside answer is an event stored in
 * payment_events, unique per (source, event id), in the same transaction as the move it causes
 * through `moveOrder` (the one status writer): an event seen twice changes nothing the second time.
 */
export type Provider = "binance" | "paypal";
export type EventSource = Provider | "bank" | "topup";

const SYSTEM = { userId: null, role: "system" } as const;

/** Stores the event; false when it was already there (a replay: do nothing). */
export async function recordEvent(
  tx: Transaction,
  event: { source: EventSource; eventId: string; orderId: string | null; outcome: string; details?: Record<string, string> },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      source: event.source,
      eventId: event.eventId.slice(0, 200),
      orderId: event.orderId,
      outcome: event.outcome,
      details: event.details ?? null,
    })
    .onConflictDoNothing({ target: [paymentEvents.source, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

async function setOutcome(tx: Transaction, source: EventSource, eventId: string, outcome: string, details?: Record<string, string>) {
  await tx
    .update(paymentEvents)
    .set({ outcome, ...(details ? { details } : {}) })
    .where(and(eq(paymentEvents.source, source), eq(paymentEvents.eventId, eventId.slice(0, 200))));
}

async function setAttention(tx: Transaction, orderId: string, attention: ({ code: string } & Record<string, string>) | null) {
  await tx.update(orders).set({ attention }).where(eq(orders.id, orderId));
}

const PROVIDER_NAMES: Record<Provider, string> = { binance: "Binance Pay", paypal: "PayPal" };

export type ConfirmResult = "approved" | "mismatch" | "duplicate" | "ignored";

/**
 * A provider says a payment was made (signed webhook, status query, or PayPal's capture). Exactly the
 * order's amount in an accepted currency approves the order (initiated → proof_submitted → approved, by
 * the system, with the provider's transaction id); any other amount or currency leaves it with staff,
 * the difference in `orders.attention`. Once per payment however many times it is told.
 */
export async function confirmProviderPayment(
  db: Database,
  payment: {
    provider: Provider;
    providerOrderId: string;
    eventId: string;
    transactionId: string;
    paid: { value: unknown; currency: unknown };
    via: string;
  },
): Promise<{ result: ConfirmResult; orderId: string | null }> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(providerPayments)
      .where(and(eq(providerPayments.provider, payment.provider), eq(providerPayments.providerOrderId, payment.providerOrderId)))
      .for("update");
    const orderId = row?.orderId ?? null;
    const fresh = await recordEvent(tx, {
      source: payment.provider,
      eventId: payment.eventId,
      orderId,
      outcome: "received",
      details: { via: payment.via, transactionId: payment.transactionId.slice(0, 100) },
    });
    if (!fresh) return { result: "duplicate" as const, orderId, kind: null };
    if (!row) {
      await setOutcome(tx, payment.provider, payment.eventId, "unknown_payment");
      log.warn("payment for an unknown provider order", { provider: payment.provider });
      return { result: "ignored" as const, orderId, kind: null };
    }
    // Already settled by another path (webhook after the status query, or the other way round).
    if (row.status !== "created") {
      await setOutcome(tx, payment.provider, payment.eventId, `already_${row.status}`);
      return { result: "duplicate" as const, orderId, kind: null };
    }
    const [order] = await tx
      .select({ amount: orders.amount, currency: orders.currency, status: orders.status, kind: orders.kind })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    if (!order) return { result: "ignored" as const, orderId, kind: null };
    const name = PROVIDER_NAMES[payment.provider];
    const accepted = payment.provider === "binance" ? [paymentServices().binance?.currency ?? "USDT", order.currency] : [order.currency];
    const check = checkPaidAmount({ amount: order.amount, currency: order.currency as Currency }, payment.paid, accepted);
    const transactionId = payment.transactionId.slice(0, 100);
    if (order.status !== "initiated") {
      // Money arrived for an order that is no longer waiting (expired, cancelled): staff must refund or settle it.
      await tx
        .update(providerPayments)
        .set({ status: "paid", transactionId, updatedAt: new Date() })
        .where(eq(providerPayments.id, row.id));
      await setOutcome(tx, payment.provider, payment.eventId, "order_not_payable");
      await recordAudit(tx, {
        actorId: null,
        action: "order.payment_after_close",
        entity: "order",
        entityId: row.orderId,
        after: { provider: name, transactionId, status: order.status },
      });
      log.warn("payment for an order no longer payable", { orderId: row.orderId, status: order.status });
      return { result: "ignored" as const, orderId, kind: null };
    }
    await tx.insert(paymentProofs).values({ id: randomUUID(), orderId: row.orderId, method: payment.provider, transactionId });
    if (!check.ok) {
      await moveOrder(tx, row.orderId, "proof_submitted", SYSTEM, `${name}: ${transactionId}`);
      await setAttention(tx, row.orderId, {
        code: "AMOUNT_MISMATCH",
        provider: name,
        paid: check.paid,
        expected: check.expected,
        transactionId,
      });
      await tx
        .update(providerPayments)
        .set({ status: "mismatch", transactionId, updatedAt: new Date() })
        .where(eq(providerPayments.id, row.id));
      await setOutcome(tx, payment.provider, payment.eventId, "mismatch", {
        via: payment.via,
        transactionId,
        paid: check.paid,
        expected: check.expected,
      });
      await recordAudit(tx, {
        actorId: null,
        action: "order.payment_mismatch",
        entity: "order",
        entityId: row.orderId,
        after: { provider: name, transactionId, paid: check.paid, expected: check.expected },
      });
      await mailOrderMove(tx, { orderId: row.orderId, to: "proof_submitted", actor: "system" });
      return { result: "mismatch" as const, orderId, kind: order.kind };
    }
    await moveOrder(tx, row.orderId, "proof_submitted", SYSTEM, `${name}: ${transactionId}`);
    await moveOrder(tx, row.orderId, "approved", SYSTEM, `${name}: ${transactionId}`);
    await tx.update(providerPayments).set({ status: "paid", transactionId, updatedAt: new Date() }).where(eq(providerPayments.id, row.id));
    await setOutcome(tx, payment.provider, payment.eventId, "approved");
    await recordAudit(tx, {
      actorId: null,
      action: "order.auto_approve",
      entity: "order",
      entityId: row.orderId,
      before: { status: "initiated" },
      after: { status: "approved", provider: name, transactionId, via: payment.via },
    });
    await mailOrderMove(tx, { orderId: row.orderId, to: "approved", actor: "system" });
    return { result: "approved" as const, orderId, kind: order.kind };
  });
  if (outcome.result === "approved" && outcome.kind === "store" && outcome.orderId) kickDelivery(db, outcome.orderId);
  return { result: outcome.result, orderId: outcome.orderId };
}

/** The provider payment of an order, if one was created. */
export async function providerPaymentOf(db: Database, orderId: string, provider: Provider) {
  const [row] = await db
    .select()
    .from(providerPayments)
    .where(and(eq(providerPayments.orderId, orderId), eq(providerPayments.provider, provider)));
  return row ?? null;
}

/** Keeps a payment created at a provider; with one already kept for this order (a second click), that one. */
export async function keepProviderPayment(
  db: Database,
  payment: {
    orderId: string;
    provider: Provider;
    providerOrderId: string;
    checkoutUrl: string;
    deeplink: string | null;
    qrImageUrl: string | null;
  },
) {
  await db
    .insert(providerPayments)
    .values({ id: randomUUID(), ...payment })
    .onConflictDoNothing({ target: [providerPayments.orderId, providerPayments.provider] });
  return providerPaymentOf(db, payment.orderId, payment.provider);
}

/** Asks the provider about one open payment (the fallback for a webhook that never arrives). */
export async function checkProviderPayment(
  db: Database,
  row: typeof providerPayments.$inferSelect,
  services: PaymentServices = paymentServices(),
) {
  await db.update(providerPayments).set({ checkedAt: new Date() }).where(eq(providerPayments.id, row.id));
  if (row.provider === "binance" && services.binance) {
    const status = await queryBinanceOrder(services.binance, row.providerOrderId, services.timeoutMs);
    if (status.status === "PAID" && status.transactionId)
      return confirmProviderPayment(db, {
        provider: "binance",
        providerOrderId: row.providerOrderId,
        eventId: `${row.providerOrderId}:PAID`,
        transactionId: status.transactionId,
        paid: { value: status.amount, currency: status.currency },
        via: "status query",
      });
    if (status.status === "EXPIRED" || status.status === "CANCELED")
      await db.update(providerPayments).set({ status: "closed", updatedAt: new Date() }).where(eq(providerPayments.id, row.id));
    return null;
  }
  if (row.provider === "paypal" && services.paypal) {
    let order = await getPayPalOrder(services.paypal, row.providerOrderId, services.timeoutMs);
    if (order.status === "APPROVED") order = await capturePayPalOrder(services.paypal, row.providerOrderId, services.timeoutMs);
    return settlePayPalOrder(db, row.providerOrderId, order, "status query");
  }
  return null;
}

/** A PayPal order read or captured: a completed capture confirms the payment. */
export async function settlePayPalOrder(
  db: Database,
  paypalOrderId: string,
  order: { status: string; capture: { id: string; status: string; amount: { currency_code?: string; value?: string } } | null },
  via: string,
) {
  if (order.status !== "COMPLETED" || order.capture?.status !== "COMPLETED") return null;
  return confirmProviderPayment(db, {
    provider: "paypal",
    providerOrderId: paypalOrderId,
    eventId: `capture:${order.capture.id}`,
    transactionId: order.capture.id,
    paid: { value: order.capture.amount.value, currency: order.capture.amount.currency_code },
    via,
  });
}

/* ───────────── Pago Móvil against the bank ───────────── */

export type BankResult = "approved" | "no_match" | "down" | "credit_used" | "off" | "skipped";

/**
 * After the buyer sends a Pago Móvil reference: the bank is asked for the credit. A match approves the
 * order at once (system move, the bank's credit id recorded, a credit approves one order only); no match
 * or the bank unreachable leaves it with staff exactly as before, with the reason in `orders.attention`.
 */
export async function matchPagoMovil(db: Database, orderId: string, services: PaymentServices = paymentServices()): Promise<BankResult> {
  if (!services.bank) return "off";
  const [order] = await db
    .select({
      amount: orders.amount,
      currency: orders.currency,
      status: orders.status,
      phone: orders.phone,
      kind: orders.kind,
      method: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.status !== "proof_submitted" || order.method !== "pago_movil" || order.currency !== "VES") return "skipped";
  const [proof] = await db
    .select({ reference: paymentProofs.reference, bankCode: paymentProofs.bankCode, paidOn: paymentProofs.paidOn })
    .from(paymentProofs)
    .where(and(eq(paymentProofs.orderId, orderId), eq(paymentProofs.live, true)))
    .orderBy(desc(paymentProofs.createdAt))
    .limit(1);
  if (!proof?.reference || !proof.bankCode || !proof.paidOn) return "skipped";
  const wanted = { amount: order.amount, reference: proof.reference, bankCode: proof.bankCode, paidOn: proof.paidOn };
  const answer = await searchBankCredit(
    services.bank,
    { amount: toDecimal(order.amount), reference: proof.reference, payerBank: proof.bankCode, payerPhone: order.phone, date: proof.paidOn },
    services.timeoutMs,
  );
  const result = await db.transaction(async (tx): Promise<BankResult> => {
    const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (now?.status !== "proof_submitted") return "skipped";
    if (answer.status === "found" && creditMatches(wanted, answer.credit)) {
      const creditId = answer.credit.id.slice(0, 100);
      const fresh = await recordEvent(tx, {
        source: "bank",
        eventId: creditId,
        orderId,
        outcome: "approved",
        details: { reference: proof.reference! },
      });
      if (!fresh) {
        await setAttention(tx, orderId, { code: "CREDIT_ALREADY_USED", creditId });
        await recordAudit(tx, { actorId: null, action: "order.bank_credit_used", entity: "order", entityId: orderId, after: { creditId } });
        return "credit_used";
      }
      await moveOrder(tx, orderId, "approved", SYSTEM, `Banco: ${creditId}`);
      await recordAudit(tx, {
        actorId: null,
        action: "order.auto_approve",
        entity: "order",
        entityId: orderId,
        before: { status: "proof_submitted" },
        after: { status: "approved", provider: "Banco (Pago Móvil)", transactionId: creditId, reference: proof.reference },
      });
      await mailOrderMove(tx, { orderId, to: "approved", actor: "system" });
      return "approved";
    }
    const code = answer.status === "down" ? "BANK_DOWN" : "BANK_NO_MATCH";
    await setAttention(tx, orderId, { code });
    await recordAudit(tx, {
      actorId: null,
      action: answer.status === "down" ? "order.bank_down" : "order.bank_no_match",
      entity: "order",
      entityId: orderId,
      after: { reference: proof.reference },
    });
    return answer.status === "down" ? "down" : "no_match";
  });
  if (result === "approved" && order.kind === "store") kickDelivery(db, orderId);
  return result;
}

/* ───────────── Delivery by the top-up provider ───────────── */

export type DeliveryResult = "delivered" | "failed" | "pending" | "busy" | "skipped" | "off";

/** Starts a delivery after the caller's commit, without waiting for it (its errors are logged). */
export function kickDelivery(db: Database, orderId: string): void {
  if (!paymentServices().topup) return;
  deliverOrder(db, orderId, null).catch((error: unknown) => log.error("delivery failed to start", { orderId, error: String(error) }));
}

/**
 * Sends an approved store order to the top-up provider as a new attempt. The system sends the first
 * attempt only; after a failure staff decide (`requestedBy`: a retry). An attempt under way blocks another.
 */
export async function deliverOrder(
  db: Database,
  orderId: string,
  requestedBy: string | null,
  services: PaymentServices = paymentServices(),
): Promise<DeliveryResult> {
  const settings = services.topup;
  if (!settings) return "off";
  const started = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, kind: orders.kind, gamerId: orders.gamerId, gameServer: orders.gameServer })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order || order.kind !== "store" || order.status !== "approved" || !order.gamerId) return null;
    const [last] = await tx.select().from(deliveries).where(eq(deliveries.orderId, orderId)).orderBy(desc(deliveries.attempt)).limit(1);
    if (last && (last.status === "sending" || last.status === "pending")) return "busy" as const;
    if (last && !requestedBy) return null;
    const attempt = (last?.attempt ?? 0) + 1;
    await tx.insert(deliveries).values({ orderId, attempt, status: "sending", requestedBy });
    if (requestedBy) {
      await setAttention(tx, orderId, null);
      await recordAudit(tx, {
        actorId: requestedBy,
        action: "order.delivery_retry",
        entity: "order",
        entityId: orderId,
        after: { attempt },
      });
    }
    return { attempt };
  });
  if (started === "busy") return "busy";
  if (!started) return "skipped";
  return sendAttempt(db, orderId, started.attempt, services);
}

/** Sends (or sends again: the same reference is the provider's idempotency key) one attempt and applies the answer. */
async function sendAttempt(db: Database, orderId: string, attempt: number, services: PaymentServices): Promise<DeliveryResult> {
  if (!services.topup) return "off";
  const [order] = await db.select({ gamerId: orders.gamerId, gameServer: orders.gameServer }).from(orders).where(eq(orders.id, orderId));
  const items = await db
    .select({ sku: orderItems.packageId, quantity: orderItems.quantity, game: topupPackages.gameId })
    .from(orderItems)
    .innerJoin(topupPackages, eq(topupPackages.id, orderItems.packageId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  if (!order?.gamerId || items.length === 0)
    return applyDeliveryAnswer(db, orderId, attempt, { status: "failed", reason: "Sin ID de jugador o paquete para el proveedor" });
  const answer = await sendTopup(
    services.topup,
    {
      reference: `${orderId}-${attempt}`,
      game: items[0]!.game,
      playerId: order.gamerId,
      zone: order.gameServer,
      items: items.map((item) => ({ sku: item.sku!, quantity: item.quantity })),
    },
    services.timeoutMs,
  );
  return applyDeliveryAnswer(db, orderId, attempt, answer);
}

/**
 * The provider's answer about one attempt. Delivered moves the order to fulfilled (once: a late answer
 * about an older attempt, or after staff delivered by hand, changes nothing); failed puts it back to
 * staff with the reason; pending or no answer leaves the attempt for the poller to ask again.
 */
export async function applyDeliveryAnswer(db: Database, orderId: string, attempt: number, answer: TopupAnswer): Promise<DeliveryResult> {
  if (answer.status === "unreachable" || answer.status === "unknown") {
    await db
      .update(deliveries)
      .set({ status: "pending", updatedAt: new Date() })
      .where(and(eq(deliveries.orderId, orderId), eq(deliveries.attempt, attempt), inArray(deliveries.status, ["sending", "pending"])));
    return "pending";
  }
  const result = await db.transaction(async (tx): Promise<DeliveryResult> => {
    const reference = `${orderId}-${attempt}`;
    if (answer.status === "pending") {
      await tx
        .update(deliveries)
        .set({ status: "pending", transactionId: answer.transactionId, updatedAt: new Date() })
        .where(and(eq(deliveries.orderId, orderId), eq(deliveries.attempt, attempt), inArray(deliveries.status, ["sending", "pending"])));
      return "pending";
    }
    const fresh = await recordEvent(tx, {
      source: "topup",
      eventId: `${reference}:${answer.status}`,
      orderId,
      outcome: answer.status,
      details: answer.status === "delivered" ? { transactionId: answer.transactionId } : { reason: answer.reason },
    });
    if (!fresh) return answer.status;
    await tx
      .update(deliveries)
      .set({
        status: answer.status,
        transactionId: answer.status === "delivered" ? answer.transactionId : null,
        reason: answer.status === "failed" ? answer.reason : null,
        updatedAt: new Date(),
      })
      .where(and(eq(deliveries.orderId, orderId), eq(deliveries.attempt, attempt)));
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.status !== "approved") {
      // Delivered by hand meanwhile, or an older attempt answered first: the order already moved.
      await setOutcome(tx, "topup", `${reference}:${answer.status}`, "late");
      await recordAudit(tx, {
        actorId: null,
        action: "order.delivery_late",
        entity: "order",
        entityId: orderId,
        after: {
          attempt,
          answer: answer.status,
          ...(answer.status === "delivered" ? { transactionId: answer.transactionId } : { reason: answer.reason }),
        },
      });
      return answer.status;
    }
    if (answer.status === "delivered") {
      await moveOrder(tx, orderId, "fulfilled", SYSTEM, `Proveedor: ${answer.transactionId}`);
      await tx.update(orders).set({ providerReference: answer.transactionId }).where(eq(orders.id, orderId));
      await recordAudit(tx, {
        actorId: null,
        action: "order.auto_deliver",
        entity: "order",
        entityId: orderId,
        before: { status: "approved" },
        after: { status: "fulfilled", providerReference: answer.transactionId, attempt },
      });
      await mailOrderMove(tx, { orderId, to: "fulfilled", actor: "system" });
      return "delivered";
    }
    await setAttention(tx, orderId, { code: "DELIVERY_FAILED", reason: answer.reason });
    await recordAudit(tx, {
      actorId: null,
      action: "order.delivery_failed",
      entity: "order",
      entityId: orderId,
      after: { attempt, reason: answer.reason },
    });
    return "failed";
  });
  return result;
}

/** An order's delivery attempts, newest first (staff review). */
export function deliveriesOf(db: Database, orderId: string) {
  return db.select().from(deliveries).where(eq(deliveries.orderId, orderId)).orderBy(desc(deliveries.attempt));
}

/** An order's outside events, oldest first (staff review: what the machines did). */
export function paymentEventsOf(db: Database, orderId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(asc(paymentEvents.id));
}

/* ───────────── The poller ───────────── */

/**
 * The fallback for webhooks that never arrive and answers that were lost, once per tick: open provider
 * payments not asked about recently, deliveries left sending or pending, and approved store orders
 * never sent (approved by staff). Bounded per tick.
 */
export async function pollPayments(db: Database, now = new Date(), services: PaymentServices = paymentServices()): Promise<number> {
  let done = 0;
  const quiet = new Date(now.getTime() - 10_000);
  if (services.binance || services.paypal) {
    const open = await db
      .select({ payment: providerPayments })
      .from(providerPayments)
      .innerJoin(orders, eq(orders.id, providerPayments.orderId))
      .where(
        and(
          eq(providerPayments.status, "created"),
          eq(orders.status, "initiated"),
          or(isNull(providerPayments.checkedAt), lt(providerPayments.checkedAt, quiet)),
          lt(providerPayments.createdAt, quiet),
        ),
      )
      .orderBy(sql`${providerPayments.checkedAt} nulls first`)
      .limit(20);
    for (const { payment } of open) {
      try {
        if (await checkProviderPayment(db, payment, services)) done++;
      } catch (error) {
        if (!(error instanceof ProviderUnavailable || error instanceof OrderError)) throw error;
      }
    }
  }
  if (services.topup) {
    const stuck = await db
      .select()
      .from(deliveries)
      .where(and(inArray(deliveries.status, ["sending", "pending"]), lt(deliveries.updatedAt, quiet)))
      .limit(20);
    for (const delivery of stuck) {
      const answer = await topupStatus(services.topup, `${delivery.orderId}-${delivery.attempt}`, services.timeoutMs);
      await db.update(deliveries).set({ updatedAt: new Date() }).where(eq(deliveries.id, delivery.id));
      // The provider never got the attempt (the request was lost): send it again under the same reference.
      const result =
        answer.status === "unknown"
          ? await sendAttempt(db, delivery.orderId, delivery.attempt, services)
          : await applyDeliveryAnswer(db, delivery.orderId, delivery.attempt, answer);
      if (result === "delivered" || result === "failed") done++;
    }
    const neverSent = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "approved"),
          eq(orders.kind, "store"),
          sql`not exists (select 1 from ${deliveries} d where d.order_id = ${orders.id})`,
          lt(orders.updatedAt, quiet),
        ),
      )
      .limit(20);
    for (const { id } of neverSent) if ((await deliverOrder(db, id, null, services)) !== "skipped") done++;
  }
  return done;
}

/* ───────────── Staff figures ───────────── */

/**
 * The dashboard line: orders paid and delivered with no person involved (every move after creation
 * by the system) in the last `days` days, and the median time from payment (approved) to delivered.
 */
export async function automationFigures(db: Database, now = new Date(), days = 30) {
  const since = new Date(now.getTime() - days * 86_400_000);
  const result = (await db.execute(sql`
    with done as (
      select o.id,
        (select max(h.created_at) from order_status_history h where h.order_id = o.id and h.to_status = 'approved') as paid_at,
        (select max(h.created_at) from order_status_history h where h.order_id = o.id and h.to_status = 'fulfilled') as delivered_at
      from orders o
      where o.status = 'fulfilled' and o.kind = 'store' and o.updated_at >= ${since.toISOString()}::timestamptz
        and not exists (select 1 from order_status_history h
          where h.order_id = o.id and h.from_status is not null and h.actor_user_id is not null))
    select count(*)::int as count,
      (percentile_cont(0.5) within group (order by extract(epoch from (delivered_at - paid_at))))::float as median_seconds
    from done`)) as unknown as { rows: Array<{ count: number; median_seconds: number | null }> };
  const row = result.rows[0];
  return {
    handsFree: Number(row?.count ?? 0),
    medianSeconds: row?.median_seconds === null || row?.median_seconds === undefined ? null : Number(row.median_seconds),
  };
}
