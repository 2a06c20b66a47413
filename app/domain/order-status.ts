/** The order states and the only moves allowed between them (DESIGN.md "Money and orders"). */
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

const ALLOWED_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  initiated: ["proof_submitted", "cancelled", "expired"],
  proof_submitted: ["approved", "rejected", "cancelled"],
  rejected: ["proof_submitted", "cancelled"],
  approved: ["fulfilled", "refunded"],
  fulfilled: [],
  cancelled: [],
  expired: [],
  refunded: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ALLOWED_MOVES[from];
}

/** An order holds what it reserves (a tournament place) until it is cancelled, rejected or expires. */
export function holdsReservation(status: OrderStatus): boolean {
  return status === "initiated" || status === "proof_submitted" || status === "approved" || status === "fulfilled";
}
