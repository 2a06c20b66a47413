/** SPEC §3 local keys written once the order exists, for the payment step (the checkout renders them on `[data-created]`). */
export const ORDER_KEYS = ["payment_method", "gamer_id", "order_id", "order_total", "email"] as const;

export type OrderKey = (typeof ORDER_KEYS)[number];
