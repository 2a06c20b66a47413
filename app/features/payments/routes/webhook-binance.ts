import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { OrderError } from "~/features/orders/orders.server";
import { ProviderUnavailable, binanceWebhookKey } from "../binance-pay.server";
import { binanceWebhookSignatureOk, withinReplayWindow } from "../core/signatures";
import { confirmProviderPayment } from "../payments.server";
import { paymentServices } from "../settings.server";
import type { Route } from "./+types/webhook-binance";

const answer = (status: number, code: "SUCCESS" | "FAIL", message: string | null = null) =>
  Response.json({ returnCode: code, returnMessage: message }, { status });

/**
 * POST /webhooks/binance-pay (docs/binance-pay.md "Webhook"): Binance says an order was paid.
 * Authenticated by the RSA signature over timestamp, nonce and body with Binance's certificate key;
 * a timestamp outside WEBHOOK_TOLERANCE_SECONDS is refused; the event (prepayId + PAID) is stored with
 * the move it causes, so a replay changes nothing. Refusals are logged without the body or signature.
 */
export async function action({ request }: Route.ActionArgs) {
  const services = paymentServices();
  const settings = services.binance;
  if (!settings) return new Response(null, { status: 404 });
  const body = await request.text();
  const timestamp = request.headers.get("binancepay-timestamp") ?? "";
  const nonce = request.headers.get("binancepay-nonce") ?? "";
  const signature = request.headers.get("binancepay-signature") ?? "";
  const serial = request.headers.get("binancepay-certificate-sn") ?? "";
  if (!withinReplayWindow(timestamp, Date.now(), services.toleranceSeconds)) {
    log.warn("webhook refused: outside the time window", { provider: "binance" });
    return answer(401, "FAIL", "timestamp");
  }
  let key: string | null;
  try {
    key = await binanceWebhookKey(settings, serial, services.timeoutMs);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    // Binance retries a webhook that was not acknowledged; the poller settles it meanwhile.
    return answer(503, "FAIL", "certificates unavailable");
  }
  if (!key || !binanceWebhookSignatureOk(key, timestamp, nonce, body, signature)) {
    log.warn("webhook refused: bad signature", { provider: "binance" });
    return answer(401, "FAIL", "signature");
  }
  let event: { bizType?: string; bizIdStr?: string; bizId?: unknown; bizStatus?: string; data?: string };
  let data: { transactionId?: string; totalFee?: unknown; currency?: unknown };
  try {
    event = JSON.parse(body) as typeof event;
    data = JSON.parse(event.data ?? "{}") as typeof data;
  } catch {
    return answer(400, "FAIL", "body");
  }
  const prepayId = event.bizIdStr ?? String(event.bizId ?? "");
  // Only a successful payment moves an order; other events (closed, refunds) are acknowledged.
  if (event.bizType !== "PAY" || event.bizStatus !== "PAY_SUCCESS" || !prepayId || !data.transactionId) return answer(200, "SUCCESS");
  try {
    const result = await confirmProviderPayment(db(), {
      provider: "binance",
      providerOrderId: prepayId,
      eventId: `${prepayId}:PAID`,
      transactionId: String(data.transactionId),
      paid: { value: data.totalFee, currency: data.currency },
      via: "webhook",
    });
    log.info("binance pay webhook", { result: result.result, orderId: result.orderId });
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    log.warn("binance pay webhook could not move the order", { code: error.code });
  }
  return answer(200, "SUCCESS");
}

export function loader() {
  return new Response(null, { status: 405 });
}
