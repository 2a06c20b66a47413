import { redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { findOrderFor } from "~/features/orders/orders.server";
import { db } from "~/lib/db.server";
import { idParam } from "~/lib/http.server";
import { log } from "~/lib/log.server";
import { ProviderUnavailable } from "../binance-pay.server";
import { capturePayPalOrder } from "../paypal.server";
import { providerPaymentOf, settlePayPalOrder } from "../payments.server";
import { paymentServices } from "../settings.server";
import type { Route } from "./+types/paypal-return";

/**
 * GET /orders/:orderId/paypal/return?token=<PayPal order id>: the buyer approved at PayPal and came
 * back. The payment is captured and, when PayPal says it is completed for the order's amount, the
 * order is approved at once. Whatever happens the buyer lands on the order page, which follows the
 * status live (a capture that failed here is retried by the poller; the webhook may also settle it).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const order = await findOrderFor(db(), idParam(params.orderId), { userId: user.id, isStaff: false });
  if (!order || order.userId !== user.id) throw new Response(null, { status: 404 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const payment = await providerPaymentOf(db(), order.id, "paypal");
  const settings = paymentServices().paypal;
  if (payment && settings && payment.providerOrderId === token && payment.status === "created") {
    try {
      const captured = await capturePayPalOrder(settings, payment.providerOrderId, paymentServices().timeoutMs);
      await settlePayPalOrder(db(), payment.providerOrderId, captured, "return");
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      log.warn("paypal capture failed on return", { orderId: order.id });
    }
  }
  return redirect(`/orders/${order.id}`);
}
