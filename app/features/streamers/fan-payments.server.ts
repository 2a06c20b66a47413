import { and, desc, eq, inArray } from "drizzle-orm";
import { orders, type streamerDonationOrders, type streamerSubscriptionOrders } from "~/db/schema";
import { usdToVes, type Currency } from "~/domain/money";
import { currencyFor } from "~/domain/payment-methods";
import { OrderError, createOrder, type NewOrder, type PaidCheckout } from "~/features/orders/orders.server";
import { platformAccount, userAccount } from "~/features/wallet/core/accounts";
import { LedgerError, post } from "~/features/wallet/ledger.server";
import type { Database, Transaction } from "~/lib/db.server";

/** What a fan's checkout form carries, whatever it pays the streamer for. */
export type FanCheckout = PaidCheckout;

/** A fan's order to a streamer, priced in USD (in Bs at the stored rate for Pago Móvil); idempotent by the form's key. */
export function createFanOrder(
  tx: Transaction,
  kind: "donation" | "subscription",
  checkout: FanCheckout,
  amountUsd: number,
  item: NewOrder["items"][number],
) {
  const currency = currencyFor(checkout.method);
  return createOrder(tx, {
    userId: checkout.userId,
    kind,
    paymentMethod: checkout.method,
    currency,
    amount: currency === "VES" ? usdToVes(amountUsd, checkout.exchangeRate) : amountUsd,
    amountUsd,
    exchangeRate: currency === "VES" ? checkout.exchangeRate : null,
    phone: checkout.phone,
    email: checkout.email,
    expiresAt: checkout.expiresAt,
    idempotencyKey: checkout.idempotencyKey ?? null,
    items: [item],
  });
}

/** The fan's order of one kind (its link table) to this streamer still waiting on them or on staff (the page points to it). */
export async function fanOrderInProgress(
  db: Database | Transaction,
  link: typeof streamerDonationOrders | typeof streamerSubscriptionOrders,
  userId: string,
  streamerId: string,
) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .innerJoin(link, eq(link.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(link.streamerId, streamerId), inArray(orders.status, ["initiated", "proof_submitted"])))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * A fan's order paid to a streamer (a subscription or a donation), in the ledger: approved, the
 * order's money leaves clearing for the streamer less the fee; refunded, the same lines reversed.
 * One place for both kinds, so they never drift apart.
 */
interface FanPayment {
  /** A gift is a donation order for catalogue items: the same fee account, its own ledger kinds (the wallet names the items). */
  kind: "subscription" | "donation" | "gift";
  orderId: string;
  streamerUserId: string;
  currency: Currency;
  amount: number;
  fee: number;
}

const FEE_ACCOUNT = { subscription: "subscription_fees", donation: "donation_fees", gift: "donation_fees" } as const;
const CREDIT_KIND = { subscription: "subscription", donation: "donation_order", gift: "gift_order" } as const;
// One key per order whatever it carries: a donation order is credited once, gift or not.
const CREDIT_KEY = { subscription: "subscription", donation: "donation-order", gift: "donation-order" } as const;

/** Credits the streamer; `repeated` when this order was already credited (a second approval). */
export function creditFanPayment(tx: Transaction, payment: FanPayment, actorId: string, reason?: string) {
  const { kind, orderId, streamerUserId, currency, amount, fee } = payment;
  return post(tx, {
    kind: CREDIT_KIND[kind],
    idempotencyKey: `${CREDIT_KEY[kind]}:${orderId}`,
    subjectId: orderId,
    ...(reason ? { reason } : {}),
    actorId,
    lines: [
      { account: platformAccount("orders_clearing", currency), amount: -amount },
      { account: userAccount(streamerUserId, currency), amount: amount - fee },
      ...(fee > 0 ? [{ account: platformAccount(FEE_ACCOUNT[kind], currency), amount: fee }] : []),
    ],
  });
}

/** Reverses the credit; refused (NOT_ALLOWED_IN_STATE) when the streamer already withdrew the money. */
export async function reverseFanPayment(tx: Transaction, payment: FanPayment, actorId: string | null, reason?: string) {
  const { kind, orderId, streamerUserId, currency, amount, fee } = payment;
  try {
    await post(tx, {
      kind: `${kind}_refund`,
      idempotencyKey: `${kind}-refund:${orderId}`,
      subjectId: orderId,
      ...(reason ? { reason } : {}),
      actorId,
      lines: [
        { account: userAccount(streamerUserId, currency), amount: -(amount - fee) },
        ...(fee > 0 ? [{ account: platformAccount(FEE_ACCOUNT[kind], currency), amount: -fee }] : []),
        { account: platformAccount("orders_clearing", currency), amount },
      ],
    });
  } catch (error) {
    // Staff settle it with the streamer first.
    if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") throw new OrderError("NOT_ALLOWED_IN_STATE");
    throw error;
  }
}
