import type { OrderKindHandler } from "~/features/orders/order-kind-registry.server";

/**
 * Store top-ups reserve nothing while unpaid (packages are not stock), so a move needs no work of
 * their own: staff deliver by hand and mark the order fulfilled.
 */
export const storeOrders: OrderKindHandler = {
  kind: "store",
  onTransition: async () => {},
};
