import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Mirrors SPEC.md §2; each feature adds its routes here. */
export default [
  index("features/landing/routes/home.tsx"),
  route("auth", "features/auth/routes/auth.tsx"),
  route("auth/profile", "features/auth/routes/profile.tsx"),
  route("auth/continue", "features/auth/routes/continue.ts"),
  route("auth/oauth", "features/auth/routes/oauth.ts"),
  route("auth/sign-out", "features/auth/routes/sign-out.ts"),
  route("login", "features/auth/routes/login.tsx"),
  route("api/auth/*", "features/auth/routes/api-auth.ts"),
  route("tournament", "features/tournaments/routes/tournament.tsx"),
  route("store", "features/store/routes/store.tsx"),
  route("store/cart", "features/store/routes/cart.tsx"),
  route("store/cart/checkout", "features/store/routes/checkout.tsx"),
  route("orders", "features/orders/routes/my-orders.tsx"),
  route("orders/:orderId", "features/orders/routes/order.tsx"),
  route("orders/:orderId/pay/:method", "features/orders/routes/pay.tsx"),
  route("orders/:orderId/proof", "features/orders/routes/proof.ts"),
  route("orders/:orderId/cancel", "features/orders/routes/cancel.ts"),
  route("orders/:orderId/receipts/:proofId", "features/orders/routes/receipt.ts"),
  route("store/cart/checkout/payment", "features/orders/routes/payment-entry.ts", { id: "store-payment" }),
  route("tournament/payment", "features/orders/routes/payment-entry.ts", { id: "tournament-payment" }),
  // Staff back-office (signed-in staff only).
  // Every page under this layout checks staff in its own loader and action (tests/integration/admin-access.test.ts).
  route("admin", "features/admin/routes/admin-layout.tsx", [
    index("features/admin/routes/dashboard.tsx"),
    route("orders", "features/admin/routes/orders-queue.tsx"),
    route("orders/:orderId", "features/admin/routes/order-review.tsx"),
    route("exchange-rate", "features/admin/routes/exchange-rate.tsx"),
    route("payment-methods", "features/admin/routes/payment-methods.tsx"),
    route("tournaments", "features/admin/routes/tournaments.tsx"),
    route("tournaments/new", "features/admin/routes/tournament-new.tsx"),
    route("tournaments/:tournamentId", "features/admin/routes/tournament-edit.tsx"),
    route("tournaments/:tournamentId/registrations", "features/admin/routes/registrations.tsx"),
    route("tournaments/:tournamentId/registrations.csv", "features/admin/routes/registrations-csv.ts"),
    route("audit", "features/admin/routes/audit.tsx"),
  ]),
  route("media/cards/:file", "features/tournaments/routes/card-image.ts"),
  route("privacy-terms", "features/legal/routes/privacy-terms.tsx"),
  route("*", "features/shell/routes/not-found.tsx"),
] satisfies RouteConfig;
