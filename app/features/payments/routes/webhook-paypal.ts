import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { OrderError } from "~/features/orders/orders.server";
import { ProviderUnavailable } from "../binance-pay.server";
import { withinReplayWindow } from "../core/signatures";
import { verifyPayPalWebhook } from "../paypal.server";
import { confirmProviderPayment } from "../payments.server";
import { paymentServices } from "../settings.server";
import type { Route } from "./+types/webhook-paypal";

interface CaptureEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: { value?: string; currency_code?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}

/**
 * POST /webhooks/paypal (docs/paypal.md "Webhook"): PayPal says a capture completed. Authenticated by
 * asking PayPal (verify-webhook-signature with PAYPAL_WEBHOOK_ID); a transmission time outside the
 * window is refused before that; the event id is stored with the move, so a replay changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const services = paymentServices();
  const settings = services.paypal;
  if (!settings) return new Response(null, { status: 404 });
  const body = await request.text();
  if (!withinReplayWindow(request.headers.get("paypal-transmission-time") ?? "", Date.now(), services.toleranceSeconds)) {
    log.warn("webhook refused: outside the time window", { provider: "paypal" });
    return new Response(null, { status: 401 });
  }
  let event: CaptureEvent;
  try {
    event = JSON.parse(body) as CaptureEvent;
  } catch {
    return new Response(null, { status: 400 });
  }
  let genuine: boolean;
  try {
    genuine = await verifyPayPalWebhook(settings, request.headers, event, services.timeoutMs);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    return new Response(null, { status: 503 });
  }
  if (!genuine) {
    log.warn("webhook refused: bad signature", { provider: "paypal" });
    return new Response(null, { status: 401 });
  }
  const capture = event.resource;
  const paypalOrderId = capture?.supplementary_data?.related_ids?.order_id;
  if (event.event_type !== "PAYMENT.CAPTURE.COMPLETED" || capture?.status !== "COMPLETED" || !capture.id || !paypalOrderId || !event.id)
    return new Response(null, { status: 200 });
  try {
    const result = await confirmProviderPayment(db(), {
      provider: "paypal",
      providerOrderId: paypalOrderId,
      // The capture is the payment: the webhook and the return page name it alike, so either settles it once.
      eventId: `capture:${capture.id}`,
      transactionId: capture.id,
      paid: { value: capture.amount?.value, currency: capture.amount?.currency_code },
      via: `webhook ${event.id}`.slice(0, 100),
    });
    log.info("paypal webhook", { result: result.result, orderId: result.orderId });
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    log.warn("paypal webhook could not move the order", { code: error.code });
  }
  return new Response(null, { status: 200 });
}

export function loader() {
  return new Response(null, { status: 405 });
}
