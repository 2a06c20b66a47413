import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { orders, streamerDonationOrders, streamerDonations, streamerGifts, streamers, users } from "~/db/schema";
import { isLanguage } from "~/domain/language";
import type { Currency } from "~/domain/money";
import type { KindEnding } from "~/features/orders/core/outcome";
import type { OrderKindHandler } from "~/features/orders/order-kind-registry.server";
import { OrderError } from "~/features/orders/orders.server";
import { isCurrency } from "~/features/wallet/core/accounts";
import type { Database, Transaction } from "~/lib/db.server";
import { donationSplit } from "./core/donations";
import { giftLabel, giftTotal, parseGiftQuantity, type GiftItem } from "./core/gifts";
import { createFanOrder, creditFanPayment, fanOrderInProgress, reverseFanPayment, type FanCheckout } from "./fan-payments.server";
import { activeGift } from "./gifts.server";
import { StreamerError, donationFeeBasisPoints } from "./streamers.server";

/**
 * Donations paid as orders (kind `donation`: Pago Móvil, Binance or PayPal on the ordinary pay page;
 * docs/streamers.md): all of their SQL. The donation row, and so the overlay's alert, comes
 * only when the order is approved, with the streamer's credit in the same transaction.
 */

type Reader = Database | Transaction;

/**
 * What a donation order carries: an amount the fan typed (dollars), or a gift — a catalogue item and
 * how many, priced from the catalogue here (the form's price, if any, is never read).
 */
export type DonationWhat =
  { amountUsd: number; label: string } | { giftId: string; quantityText: string; label: (gift: GiftItem, quantity: number) => string };

/**
 * Creates the donation's order priced here (the dollars typed, or the gift's catalogue price × quantity;
 * Bs at the stored rate for Pago Móvil) with the streamer, message, opt-in and gift beside it, in one
 * transaction; idempotent by the form's key. An item staff switched off is GIFT_UNAVAILABLE; a
 * quantity out of 1–50 or beyond a donation's limit BAD_QUANTITY.
 */
export async function buyDonation(
  db: Database,
  input: FanCheckout & { handle: string; what: DonationWhat; message: string; public: boolean },
) {
  return db.transaction(async (tx) => {
    const [streamer] = await tx
      .select({ id: streamers.id, userId: streamers.userId })
      .from(streamers)
      .where(and(eq(streamers.handle, input.handle), eq(streamers.status, "approved")));
    if (!streamer) throw new StreamerError("NOT_FOUND");
    if (streamer.userId === input.userId) throw new StreamerError("CANNOT_DONATE_SELF");
    const { what } = input;
    let priced: {
      amountUsd: number;
      item: { label: string; unitAmount: number; quantity: number };
      gift: { id: string; quantity: number } | null;
    };
    if ("giftId" in what) {
      const gift = await activeGift(tx, what.giftId);
      if (!gift) throw new StreamerError("GIFT_UNAVAILABLE");
      const quantity = parseGiftQuantity(what.quantityText, gift.priceUsd);
      const total = quantity === null ? null : giftTotal(gift.priceUsd, quantity);
      if (quantity === null || total === null) throw new StreamerError("BAD_QUANTITY");
      priced = {
        amountUsd: total,
        item: { label: what.label(gift, quantity), unitAmount: gift.priceUsd, quantity },
        gift: { id: gift.id, quantity },
      };
    } else priced = { amountUsd: what.amountUsd, item: { label: what.label, unitAmount: what.amountUsd, quantity: 1 }, gift: null };
    const order = await createFanOrder(tx, "donation", input, priced.amountUsd, priced.item);
    await tx
      .insert(streamerDonationOrders)
      .values({
        orderId: order.id,
        streamerId: streamer.id,
        message: input.message,
        public: input.public,
        giftId: priced.gift?.id ?? null,
        giftQuantity: priced.gift?.quantity ?? null,
      })
      .onConflictDoNothing();
    return order;
  });
}

/** The fan's donation order to this streamer still waiting on them or on staff (the page points to it). */
export function donationInProgress(db: Reader, userId: string, streamerId: string) {
  return fanOrderInProgress(db, streamerDonationOrders, userId, streamerId);
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
      streamerLanguage: users.language,
      giftId: streamerDonationOrders.giftId,
      giftQuantity: streamerDonationOrders.giftQuantity,
      giftNameEs: streamerGifts.nameEs,
      giftNameEn: streamerGifts.nameEn,
    })
    .from(orders)
    .innerJoin(streamerDonationOrders, eq(streamerDonationOrders.orderId, orders.id))
    .innerJoin(streamers, eq(streamers.id, streamerDonationOrders.streamerId))
    .innerJoin(users, eq(users.id, streamers.userId))
    .leftJoin(streamerGifts, eq(streamerGifts.id, streamerDonationOrders.giftId))
    .where(eq(orders.id, orderId));
  if (!order || !isCurrency(order.currency)) throw new OrderError("NOT_FOUND");
  const currency: Currency = order.currency;
  const { fee } = donationSplit(order.amount, await donationFeeBasisPoints(tx));
  const gift = giftOf(order, order.streamerLanguage);
  // A gift's credit names the items ("3 × Corona", in the streamer's language: it is their wallet that shows it).
  const posted = await creditFanPayment(
    tx,
    { kind: gift ? "gift" : "donation", orderId, streamerUserId: order.streamerUserId, currency, amount: order.amount, fee },
    userId,
    gift ?? `@${order.handle}`,
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
    giftId: order.giftId,
    giftQuantity: order.giftQuantity,
  });
}

/** "3 × Corona" for a gift's row (its item joined), null for a plain donation. */
function giftOf(
  row: { giftQuantity: number | null; giftNameEs: string | null; giftNameEn: string | null },
  language: string | null,
): string | null {
  if (row.giftQuantity === null || row.giftNameEs === null || row.giftNameEn === null) return null;
  return giftLabel({ nameEs: row.giftNameEs, nameEn: row.giftNameEn }, row.giftQuantity, isLanguage(language) ? language : "es");
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
      streamerLanguage: users.language,
      giftQuantity: streamerDonations.giftQuantity,
      giftNameEs: streamerGifts.nameEs,
      giftNameEn: streamerGifts.nameEn,
    })
    .from(streamerDonations)
    .innerJoin(streamers, eq(streamers.id, streamerDonations.streamerId))
    .innerJoin(users, eq(users.id, streamers.userId))
    .leftJoin(streamerGifts, eq(streamerGifts.id, streamerDonations.giftId))
    .where(eq(streamerDonations.orderId, orderId))
    .for("update", { of: streamerDonations });
  if (!row || row.refundedAt || !isCurrency(row.currency)) return;
  const gift = giftOf(row, row.streamerLanguage);
  await reverseFanPayment(
    tx,
    {
      kind: gift ? "gift" : "donation",
      orderId,
      streamerUserId: row.streamerUserId,
      currency: row.currency,
      amount: row.amount,
      fee: row.fee,
    },
    actorId,
    gift ?? undefined,
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
