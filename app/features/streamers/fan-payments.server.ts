import type { Currency } from "~/domain/money";
import { OrderError } from "~/features/orders/orders.server";
import { platformAccount, userAccount } from "~/features/wallet/core/accounts";
import { LedgerError, post } from "~/features/wallet/ledger.server";
import type { Transaction } from "~/lib/db.server";

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
