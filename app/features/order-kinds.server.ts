import { assertEveryKindHandled, registerOrderKind } from "./orders/order-kind-registry.server";
import { plusOrders } from "./plus/plus.server";
import { donationOrders } from "./streamers/donation-orders.server";
import { subscriptionOrders } from "./streamers/subscriptions.server";
import { storeOrders } from "./store/store-order-kind.server";
import { tournamentOrders } from "./tournaments/registration-order-kind.server";
import { prizePoolOrderKind } from "./wallet/prize-pools.server";

/**
 * Every kind of order and its handler: a new kind is one handler file and one line here (and its
 * name in ORDER_KINDS). Called at start-up (server/app.ts) and by the test database set-up.
 */
export function registerOrderKinds(): void {
  registerOrderKind(storeOrders);
  registerOrderKind(tournamentOrders);
  registerOrderKind(plusOrders);
  registerOrderKind(subscriptionOrders);
  registerOrderKind(prizePoolOrderKind);
  registerOrderKind(donationOrders);
  assertEveryKindHandled();
}
