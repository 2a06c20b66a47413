/** The form intent of "approve and deliver" (not a decision of its own: approve, then fulfil). */
export const APPROVE_AND_DELIVER = "approve_deliver";

/** Refunded orders show no delivery panel: nothing is left to deliver. */
export function showsDeliveryPanel(order: { gamerId: string | null; status: string }): boolean {
  return Boolean(order.gamerId) && order.status !== "refunded";
}
