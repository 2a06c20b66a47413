/**
 * The order lifecycle, in one place: the states, the only moves allowed between them and who may
 * make each, and the questions pages ask ("can this order still be paid?"). Pure: browser and
 * server share it. docs/product.md "Orders" explains it in words.
 */
export const ORDER_STATUSES = [
  "initiated",
  "proof_submitted",
  "approved",
  "rejected",
  "fulfilled",
  "cancelled",
  "expired",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The kinds of order; each registers one handler for status moves (order-kinds.server.ts). */
export const ORDER_KINDS = ["store", "tournament", "plus", "subscription", "prize_pool", "donation"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * Who makes a move: the buyer, a staff member, or the server itself (expiry; and, docs/payments.md, a payment a
 * provider confirmed, a Pago Móvil the bank matched, a top-up the provider delivered).
 */
export type MoveActor = "owner" | "staff" | "system";

/**
 * The table of allowed moves and who may make each. Once proof is sent money may have moved,
 * so from then on only staff decide (cancelling needs a reason, as refunding does). The system
 * approves at once an order paid from the buyer's wallet (features/wallet: no proof, no staff).
 */
const MOVES: Record<OrderStatus, Partial<Record<OrderStatus, readonly MoveActor[]>>> = {
  // system: a provider's signed confirmation is the proof (docs/payments.md); paid from the buyer's
  // wallet (features/wallet), the order is approved at once.
  initiated: { proof_submitted: ["owner", "system"], approved: ["system"], cancelled: ["owner", "staff"], expired: ["system"] },
  // system: the amount, currency and (Pago Móvil) bank credit matched exactly; anything else waits for staff.
  proof_submitted: { approved: ["staff", "system"], rejected: ["staff"], cancelled: ["staff"] },
  rejected: { proof_submitted: ["owner"], cancelled: ["owner", "staff"] },
  // system: the top-up provider answered "delivered" with its transaction id.
  approved: { fulfilled: ["staff", "system"], refunded: ["staff"] },
  fulfilled: { refunded: ["staff"] },
  cancelled: {},
  expired: {},
  refunded: {},
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isOrderKind(value: unknown): value is OrderKind {
  return typeof value === "string" && (ORDER_KINDS as readonly string[]).includes(value);
}

/** Whether the table has the move at all (by anyone). */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return (MOVES[from][to]?.length ?? 0) > 0;
}

/** Whether `actor` may move an order from `from` to `to`. */
export function mayMove(from: OrderStatus, to: OrderStatus, actor: MoveActor): boolean {
  return MOVES[from][to]?.includes(actor) ?? false;
}

/** Every move of the table, for tests and docs. */
export function allMoves(): Array<{ from: OrderStatus; to: OrderStatus; actors: readonly MoveActor[] }> {
  return ORDER_STATUSES.flatMap((from) =>
    Object.entries(MOVES[from]).map(([to, actors]) => ({ from, to: to as OrderStatus, actors: actors ?? [] })),
  );
}

/** The buyer may send (or resend) proof of payment. */
export function canPay(status: OrderStatus): boolean {
  return mayMove(status, "proof_submitted", "owner");
}

/** The buyer (owner) or staff may cancel the order now. */
export function canCancel(status: OrderStatus, actor: Exclude<MoveActor, "system">): boolean {
  return mayMove(status, "cancelled", actor);
}

/** An order holds what it reserves (a tournament place) until it is cancelled, rejected, expires or is refunded. */
export function holdsReservation(status: OrderStatus): boolean {
  return status === "initiated" || status === "proof_submitted" || status === "approved" || status === "fulfilled";
}

/** Paid and accepted: what it bought is the buyer's. */
export const PAID_STATUSES = ["approved", "fulfilled"] as const satisfies readonly OrderStatus[];
/** Paid, or maybe paid (proof sent, not yet verified): undoing it may mean money goes back, so staff decide. */
export const MONEY_MAY_HAVE_MOVED_STATUSES = ["proof_submitted", ...PAID_STATUSES] as const satisfies readonly OrderStatus[];

/** The order has been paid and accepted (what it bought is the buyer's). */
export function isPaid(status: OrderStatus): boolean {
  return (PAID_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Money may have reached us for this order (MONEY_MAY_HAVE_MOVED_STATUSES). */
export function moneyMayHaveMoved(status: OrderStatus): boolean {
  return (MONEY_MAY_HAVE_MOVED_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Nothing will happen to the order any more. */
export function isFinal(status: OrderStatus): boolean {
  return ORDER_STATUSES.every((to) => !canMove(status, to));
}
