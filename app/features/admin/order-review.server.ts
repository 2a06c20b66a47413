import { redirect } from "react-router";
import { languageFromCookieHeader } from "~/domain/language";
import { labelFor } from "~/domain/package-label";
import { type Currency } from "~/domain/money";
import { VENEZUELAN_BANKS } from "~/domain/payment-methods";
import { requireStaff } from "~/features/auth/session.server";
import { PROVIDER_REFERENCE_MAX, REASON_MAX, canApproveAndDeliver, parseDecision } from "~/features/orders/core/decisions";
import { OrderError, decideOrder, decideOrderInSteps, findOrderFor } from "~/features/orders/orders.server";
import { membersAmong } from "~/features/plus/plus.server";
import { registrationOfOrder } from "~/features/tournaments/registrations.server";
import { fail, failWith } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { idParam, notFoundIfNullish, readForm } from "~/lib/http.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { APPROVE_AND_DELIVER } from "./core/order-review";
import { DEFAULT_QUEUE_STATUS, parseQueueFilters } from "./order-decisions";
import { auditDecision, nextOrderToReview } from "./orders-admin.server";
import { findPeople } from "./people.server";
import { automaticStepsFor } from "~/features/payments/review.server";
import { holdsPlace } from "~/domain/registration";

/**
 * The order review page's server side (/admin/orders/:orderId): what the page shows of an order
 * (`loadOrderReview`, the loader) and a staff decision on it (`decideFromReview`, the action).
 */

export async function loadOrderReview({ request, params }: { request: Request; params: { orderId?: string } }) {
  const staff = await requireStaff(request);
  const order = notFoundIfNullish(await findOrderFor(db(), idParam(params.orderId), { userId: staff.id, isStaff: true }));
  const people = await findPeople(db(), [order.userId, ...order.history.map((line) => line.actorUserId)]);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return {
    order: {
      id: order.id,
      number: order.number,
      kind: order.kind,
      status: order.status,
      paymentMethod: order.paymentMethod,
      currency: order.currency as Currency,
      amount: order.amount,
      amountUsd: order.amountUsd,
      exchangeRate: order.exchangeRate,
      phone: order.phone,
      email: order.email,
      gamerId: order.gamerId,
      gameServer: order.gameServer,
      gamerName: order.gamerName,
      providerReference: order.providerReference,
      refundReference: order.refundReference,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      items: order.items.map((item) => ({ id: item.id, label: labelFor(item, language), quantity: item.quantity })),
      // Storage keys stay on the server: receipts are only reachable through the owner/staff route.
      proofs: order.proofs.map((proof) => ({
        id: proof.id,
        method: proof.method,
        receiptUrl: proof.fileKey ? `/orders/${order.id}/receipts/${proof.id}` : null,
        fileType: proof.fileType,
        bankCode: proof.bankCode,
        bankName: proof.bankCode ? (VENEZUELAN_BANKS[proof.bankCode] ?? null) : null,
        reference: proof.reference,
        paidOn: proof.paidOn,
        transactionId: proof.transactionId,
        payerEmail: proof.payerEmail,
        live: proof.live,
        createdAt: proof.createdAt,
      })),
      history: order.history.map((line) => ({
        id: line.id,
        from: line.fromStatus,
        to: line.toStatus,
        actorUserId: line.actorUserId,
        reason: line.reason,
        createdAt: line.createdAt,
      })),
    },
    owner: people[order.userId] ?? null,
    ownerIsPlus: (await membersAmong(db(), [order.userId])).has(order.userId),
    refundDue: await placeLostWithMoneyKept(order.id, order.kind, order.status),
    // The number of the order decided just before this one opened (the next in the queue).
    done: parseQueueFilters(new URL(request.url).searchParams).done,
    people,
    // What the machines did (provider events, bank match, delivery attempts) and the retry (docs/payments.md).
    automatic: await automaticStepsFor(db(), order, new URL(request.url)),
    messages: loadMessages(language, ["admin"]),
  };
}

/**
 * A registration's payment was approved but its place is gone (approved after the bracket started,
 * the tournament cancelled or the team removed): the money is the buyer's, staff are asked to refund it.
 */
async function placeLostWithMoneyKept(orderId: string, kind: string, status: string): Promise<boolean> {
  if (kind !== "tournament" || (status !== "approved" && status !== "fulfilled")) return false;
  const registration = await registrationOfOrder(db(), orderId);
  return registration ? !holdsPlace(registration.status) : false;
}

export async function decideFromReview({ request, params }: { request: Request; params: { orderId?: string } }) {
  const staff = await requireStaff(request);
  const form = await readForm(request);
  // What was typed comes back with a refusal, so nothing has to be typed twice.
  const typed = {
    reason: String(form.get("reason") ?? "").slice(0, REASON_MAX * 2),
    intent: String(form.get("intent") ?? "").slice(0, 20),
    providerReference: String(form.get("providerReference") ?? "").slice(0, PROVIDER_REFERENCE_MAX * 2),
  };
  // "Approve and deliver": two decisions of the table, one after the other, in one transaction.
  const approveAndDeliver = form.get("intent") === APPROVE_AND_DELIVER;
  const parsed = parseDecision({
    intent: approveAndDeliver ? "fulfil" : form.get("intent"),
    reason: form.get("reason"),
    refundReference: form.get("refundReference"),
    providerReference: form.get("providerReference"),
  });
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, ...typed });

  const actor = { userId: staff.id, isStaff: true };
  const order = notFoundIfNullish(await findOrderFor(db(), idParam(params.orderId), actor));
  if (approveAndDeliver && !canApproveAndDeliver(order.kind, order.status)) return fail("NOT_ALLOWED_IN_STATE", 409, typed);
  try {
    // The move (who and when, in the order's history) and its audit row commit together.
    if (approveAndDeliver)
      await decideOrderInSteps(db(), order.id, actor, [{ decision: "approve" }, parsed], (step) => auditDecision(staff.id, order.id, step));
    else await decideOrder(db(), order.id, actor, parsed, auditDecision(staff.id, order.id, parsed));
  } catch (error) {
    if (error instanceof OrderError) return failWith(error, typed);
    throw error;
  }
  log.info("order decided", { orderId: order.id, decision: approveAndDeliver ? APPROVE_AND_DELIVER : parsed.decision, staffId: staff.id });
  // An approval that could not give a place (the bracket had started…): back to the order, which asks for the refund.
  if (parsed.decision === "approve" && (await placeLostWithMoneyKept(order.id, order.kind, "approved")))
    return redirect(`/admin/orders/${order.id}`);
  // The work goes on: the next proof waiting opens, or the (empty) queue when none is left.
  const next = await nextOrderToReview(db(), order.id);
  return redirect(
    next ? `/admin/orders/${next}?done=${order.number}` : `/admin/orders?status=${DEFAULT_QUEUE_STATUS}&done=${order.number}`,
  );
}

/** What the review page is given. */
export type OrderReviewData = Awaited<ReturnType<typeof loadOrderReview>>;
export type ReviewOrder = OrderReviewData["order"];
