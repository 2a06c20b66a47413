import type { Database } from "~/lib/db.server";
import { providerPaymentOf } from "./payments.server";
import { paymentServices } from "./settings.server";

/** What the payment page shows of an instant payment (never a secret: only the buyer's own links). */
export interface InstantView {
  provider: "binance" | "paypal";
  /** Created at the provider already: where to pay (and, Binance, the app's link and whether a QR exists). */
  payment: { checkoutUrl: string; deeplink: string | null; hasQr: boolean } | null;
}

export async function instantPaymentFor(
  db: Database,
  order: { id: string; status: string; paymentMethod: string },
): Promise<InstantView | null> {
  const provider = order.paymentMethod === "binance" || order.paymentMethod === "paypal" ? order.paymentMethod : null;
  if (!provider || order.status !== "initiated" || !paymentServices()[provider]) return null;
  const payment = await providerPaymentOf(db, order.id, provider);
  return {
    provider,
    payment:
      payment?.status === "created"
        ? {
            checkoutUrl: payment.checkoutUrl,
            deeplink: payment.deeplink && /^bnc:\/\//.test(payment.deeplink) ? payment.deeplink : null,
            hasQr: Boolean(payment.qrImageUrl),
          }
        : null,
  };
}
