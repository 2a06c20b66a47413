import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Mirrors docs/product.md §2; each feature adds its routes here. */
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
  route("admin/orders", "features/admin/routes/orders-queue.tsx"),
  route("admin/orders/:orderId", "features/admin/routes/order-review.tsx"),
  // Running the event (issue 14): public bracket, live updates, matches; staff run page.
  route("tournaments/:tournamentId/bracket", "features/competition/routes/bracket.tsx"),
  route("tournaments/:tournamentId/live", "features/competition/routes/live.ts"),
  route("tournaments/:tournamentId/matches/:matchId", "features/competition/routes/match.tsx"),
  route("tournaments/:tournamentId/matches/:matchId/screenshots/:reportId", "features/competition/routes/screenshot.ts"),
  route("admin/tournaments/:tournamentId/run", "features/competition/routes/run.tsx"),
  route("privacy-terms", "features/legal/routes/privacy-terms.tsx"),
  route("*", "features/shell/routes/not-found.tsx"),
] satisfies RouteConfig;
