import { redirect } from "react-router";
import { languageFromCookieHeader } from "~/domain/language";
import { labelFor } from "~/domain/package-label";
import { requireUser } from "~/features/auth/session.server";
import { findOrderFor } from "~/features/orders/orders.server";
import { canPay } from "~/features/orders/core/lifecycle";
import { db } from "~/lib/db.server";
import { idParam } from "~/lib/http.server";
import { startProviderPayment } from "../checkout.server";
import type { Route } from "./+types/start";

/**
 * POST /orders/:orderId/pay/:method/start: the buyer chose to pay at Binance Pay or PayPal. The
 * payment is created there (once per order: a second click finds the first) and the buyer is sent on:
 * Binance back to the payment page, which shows the QR code and the app's link; PayPal to its
 * approval page. With the provider off or down, the payment page says so and the receipt path stays.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const order = await findOrderFor(db(), idParam(params.orderId), { userId: user.id, isStaff: false });
  if (!order || order.userId !== user.id) throw new Response(null, { status: 404 });
  const payPage = `/orders/${order.id}/pay/${order.paymentMethod}`;
  if (params.method !== order.paymentMethod || (order.paymentMethod !== "binance" && order.paymentMethod !== "paypal"))
    return redirect(payPage);
  if (!canPay(order.status) || order.status !== "initiated") return redirect(`/orders/${order.id}`);
  // The provider's page describes the order to the buyer: by the lines' names in the buyer's language.
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const items = order.items.map((item) => ({ label: labelFor(item, language), quantity: item.quantity }));
  const started = await startProviderPayment(db(), { ...order, items }, new URL(request.url).origin);
  if (!started) return redirect(`${payPage}?error=PROVIDER_UNAVAILABLE`);
  return redirect(order.paymentMethod === "paypal" ? started.checkoutUrl : `${payPage}?instant=1`);
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/orders/${encodeURIComponent(idParam(params.orderId))}`);
}
