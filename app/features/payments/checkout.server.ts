import { env } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { toDecimal } from "./core/amounts";
import { ProviderUnavailable, createBinanceOrder } from "./binance-pay.server";
import { createPayPalOrder } from "./paypal.server";
import { keepProviderPayment, providerPaymentOf } from "./payments.server";
import { paymentServices } from "./settings.server";

/** Where the providers send the buyer back and their webhooks: PUBLIC_URL, or the address this request came to. */
function siteUrl(origin: string): string {
  return env().publicUrlSet ? env().publicUrl : origin.replace(/\/$/, "");
}

/**
 * Creates the order's payment at its provider (Binance Pay or PayPal), or finds the one already
 * created; null when the provider is off or could not be reached (the page says so; receipts stay).
 */
export async function startProviderPayment(
  db: Database,
  order: {
    id: string;
    number: number;
    amount: number;
    currency: string;
    paymentMethod: string;
    expiresAt: Date | null;
    items: Array<{ label: string; quantity: number }>;
  },
  origin: string,
) {
  const provider = order.paymentMethod === "binance" ? "binance" : order.paymentMethod === "paypal" ? "paypal" : null;
  if (!provider) return null;
  const existing = await providerPaymentOf(db, order.id, provider);
  if (existing) return existing.status === "created" ? existing : null;
  const services = paymentServices();
  const site = siteUrl(origin);
  const description = `Arena LATAM #${order.number}: ${order.items.map((item) => `${item.label} × ${item.quantity}`).join(", ")}`;
  try {
    if (provider === "binance" && services.binance) {
      const created = await createBinanceOrder(
        services.binance,
        {
          merchantTradeNo: order.id.replaceAll("-", ""),
          amount: toDecimal(order.amount),
          description,
          returnUrl: `${site}/orders/${order.id}`,
          webhookUrl: `${site}/webhooks/binance-pay`,
          expiresAt: order.expiresAt,
        },
        services.timeoutMs,
      );
      return keepProviderPayment(db, {
        orderId: order.id,
        provider,
        providerOrderId: created.prepayId,
        checkoutUrl: created.checkoutUrl,
        deeplink: created.deeplink,
        qrImageUrl: created.qrImageUrl,
      });
    }
    if (provider === "paypal" && services.paypal) {
      const created = await createPayPalOrder(
        services.paypal,
        {
          orderId: order.id,
          amount: toDecimal(order.amount),
          currency: order.currency,
          description,
          returnUrl: `${site}/orders/${order.id}/paypal/return`,
          cancelUrl: `${site}/orders/${order.id}/pay/paypal`,
        },
        services.timeoutMs,
      );
      return keepProviderPayment(db, {
        orderId: order.id,
        provider,
        providerOrderId: created.id,
        checkoutUrl: created.approveUrl!,
        deeplink: null,
        qrImageUrl: null,
      });
    }
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    log.warn("payment provider unavailable at checkout", { provider, orderId: order.id, error: error.message });
  }
  return null;
}
