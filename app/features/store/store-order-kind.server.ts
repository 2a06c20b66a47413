import type { KindEnding } from "~/features/orders/core/outcome";
import type { OrderKindHandler } from "~/features/orders/order-kind-registry.server";

/**
 * Store top-ups reserve nothing while unpaid (packages are not stock), so a move needs no work of
 * their own: staff deliver by hand and mark the order fulfilled.
 */
export const storeOrders: OrderKindHandler = {
  kind: "store",
  onTransition: async () => {},
  // Delivered once staff mark it fulfilled; the buyer sees which account the diamonds went to.
  endings: async (_db, orders) =>
    new Map(
      orders.map((order): [string, KindEnding] => {
        const details: NonNullable<KindEnding["details"]> = [];
        if (order.gamerId)
          details.push({ label: "outcome.playerId", value: order.gameServer ? `${order.gamerId} (${order.gameServer})` : order.gamerId });
        if (order.gamerName) details.push({ label: "outcome.gamerName", value: order.gamerName });
        return [order.id, { step: "delivered", reached: order.status === "fulfilled", headline: "delivered", details }];
      }),
    ),
};
