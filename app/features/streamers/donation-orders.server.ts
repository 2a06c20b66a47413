import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { orders, streamerDonationOrders, streamerDonations, streamers } from "~/db/schema";
import { usdToVes, type Currency } from "~/domain/money";
import { currencyFor, type PaymentMethod } from "~/domain/payment-methods";
import type { KindEnding } from "~/features/orders/core/outcome";
import type { OrderKindHandler } from "~/features/orders/order-kind-registry.server";
import { OrderError, createOrder } from "~/features/orders/orders.server";
import { isCurrency } from "~/features/wallet/core/accounts";
import type { Database, Transaction } from "~/lib/db.server";
import { donationSplit } from "./core/donations";
import { creditFanPayment, reverseFanPayment } from "./fan-payments.server";
import { StreamerError, donationFeeBasisPoints } from "./streamers.server";

/**
 * Donations paid as orders (kind `donation`: Pago Móvil, Binance or PayPal on the ordinary pay page;
 * issue 30, docs/streamers.md): all of their SQL. The donation row, and so the overlay's alert, comes
 * only when the order is approved, with the streamer's credit in the same transaction.
 */

type Reader = Database | Transaction;

/**
 * Creates the donation's order priced here (the dollars typed, Bs at the stored rate for Pago Móvil)
 * with the streamer, message and opt-in beside it, in one transaction; idempotent by the form's key.
 */
export async function buyDonation(
  db: Database,
  input: {
    userId: string;
    email: string;
    phone: string;
    handle: string;
    method: PaymentMethod;
    amountUsd: number;
    message: string;
    public: boolean;
    exchangeRate: string;
    expiresAt: Date;
    label: string;
    idempotencyKey: string | null;
  },
) {
  return db.transaction(async (tx) => {
    const [streamer] = await tx
      .select({ id: streamers.id, userId: streamers.userId })
      .from(streamers)
      .where(and(eq(streamers.handle, input.handle), eq(streamers.status, "approved")));
    if (!streamer) throw new StreamerError("NOT_FOUND");
    if (streamer.userId === input.userId) throw new StreamerError("CANNOT_DONATE_SELF");
    const currency = currencyFor(input.method);
    const order = await createOrder(tx, {
      userId: input.userId,
      kind: "donation",
      paymentMethod: input.method,
      currency,
      amount: currency === "VES" ? usdToVes(input.amountUsd, input.exchangeRate) : input.amountUsd,
      amountUsd: input.amountUsd,
      exchangeRate: currency === "VES" ? input.exchangeRate : null,
      phone: input.phone,
      email: input.email,
      expiresAt: input.expiresAt,
      idempotencyKey: input.idempotencyKey,
      items: [{ label: input.label, unitAmount: input.amountUsd, quantity: 1 }],
    });
    await tx
      .insert(streamerDonationOrders)
      .values({ orderId: order.id, streamerId: streamer.id, message: input.message, public: input.public })
      .onConflictDoNothing();
    return order;
  });
}

/** The fan's donation order to this streamer still waiting on them or on staff (the page points to it). */
export async function donationInProgress(db: Reader, userId: string, streamerId: string) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .innerJoin(streamerDonationOrders, eq(streamerDonationOrders.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(streamerDonationOrders.streamerId, streamerId),
        inArray(orders.status, ["initiated", "proof_submitted"]),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * An approved donation order: orders clearing −amount, streamer +(amount − fee), donation_fees +fee
 * (the wallet donation's fee rule), and the donation row the overlay and the page read, in the
 * approval's transaction. The ledger's key makes a second approval of the same order a no-op.
 */
async function deliverDonation(tx: Transaction, orderId: string, userId: string) {
  const [order] = await tx
    .select({
      amount: orders.amount,
      currency: orders.currency,
      number: orders.number,
      streamerId: streamerDonationOrders.streamerId,
      message: streamerDonationOrders.message,
      public: streamerDonationOrders.public,
      streamerUserId: streamers.userId,
      handle: streamers.handle,
    })
    .from(orders)
    .innerJoin(streamerDonationOrders, eq(streamerDonationOrders.orderId, orders.id))
    .innerJoin(streamers, eq(streamers.id, streamerDonationOrders.streamerId))
    .where(eq(orders.id, orderId));
  if (!order || !isCurrency(order.currency)) throw new OrderError("NOT_FOUND");
  const currency: Currency = order.currency;
  const { fee } = donationSplit(order.amount, await donationFeeBasisPoints(tx));
  const posted = await creditFanPayment(
    tx,
    { kind: "donation", orderId, streamerUserId: order.streamerUserId, currency, amount: order.amount, fee },
    userId,
    `@${order.handle}`,
  );
  if (posted.repeated) return;
  await tx.insert(streamerDonations).values({
    id: randomUUID(),
    streamerId: order.streamerId,
    donorUserId: userId,
    currency,
    amount: order.amount,
    fee,
    message: order.message,
    public: order.public,
    transactionId: posted.transactionId,
    orderId,
  });
}

/** A refunded donation order: the streamer's credit is reversed by a new movement and the donation is marked (never deleted). */
async function refundDonation(tx: Transaction, orderId: string, actorId: string | null, now = new Date()) {
  const [row] = await tx
    .select({
      id: streamerDonations.id,
      amount: streamerDonations.amount,
      fee: streamerDonations.fee,
      currency: streamerDonations.currency,
      refundedAt: streamerDonations.refundedAt,
      streamerUserId: streamers.userId,
    })
    .from(streamerDonations)
    .innerJoin(streamers, eq(streamers.id, streamerDonations.streamerId))
    .where(eq(streamerDonations.orderId, orderId))
    .for("update", { of: streamerDonations });
  if (!row || row.refundedAt || !isCurrency(row.currency)) return;
  await reverseFanPayment(
    tx,
    { kind: "donation", orderId, streamerUserId: row.streamerUserId, currency: row.currency, amount: row.amount, fee: row.fee },
    actorId,
  );
  await tx.update(streamerDonations).set({ refundedAt: now }).where(eq(streamerDonations.id, row.id));
}

/** Donation orders: approving one credits the streamer and puts the donation on stream; refunding reverses the credit. */
export const donationOrders: OrderKindHandler = {
  kind: "donation",
  async onTransition({ tx, orderId, userId, to, actorUserId }) {
    if (to === "approved") await deliverDonation(tx, orderId, userId);
    else if (to === "refunded") await refundDonation(tx, orderId, actorUserId);
  },
  async endings(db, list) {
    const ids = list.map((order) => order.id);
    const rows = ids.length
      ? await db
          .select({ orderId: streamerDonationOrders.orderId, handle: streamers.handle, donationId: streamerDonations.id })
          .from(streamerDonationOrders)
          .innerJoin(streamers, eq(streamers.id, streamerDonationOrders.streamerId))
          .leftJoin(streamerDonations, eq(streamerDonations.orderId, streamerDonationOrders.orderId))
          .where(inArray(streamerDonationOrders.orderId, ids))
      : [];
    const byOrder = new Map(rows.map((row) => [row.orderId, row]));
    return new Map(
      list.flatMap((order): Array<[string, KindEnding]> => {
        const row = byOrder.get(order.id);
        if (!row) return [];
        return [
          [
            order.id,
            {
              step: "donated",
              reached: row.donationId !== null,
              headline: "donated",
              values: { handle: { text: `@${row.handle}` } },
              link: { href: `/streamers/${row.handle}`, label: "outcome.seeStreamer" },
            },
          ],
        ];
      }),
    );
  },
};
