import { requireUser } from "~/features/auth/session.server";
import { findOrderFor } from "~/features/orders/orders.server";
import { db } from "~/lib/db.server";
import { idParam } from "~/lib/http.server";
import { providerPaymentOf } from "../payments.server";
import { paymentServices } from "../settings.server";
import type { Route } from "./+types/binance-qr";

/**
 * GET /orders/:orderId/pay/binance/qr: the QR code Binance drew for the payment (its qrcodeLink),
 * served from our own origin (the pages allow images from here only). PNG or JPEG only, 512 KB at most.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const order = await findOrderFor(db(), idParam(params.orderId), { userId: user.id, isStaff: false });
  if (!order || order.userId !== user.id) throw new Response(null, { status: 404 });
  const payment = await providerPaymentOf(db(), order.id, "binance");
  if (!payment?.qrImageUrl || !/^https?:\/\//.test(payment.qrImageUrl)) throw new Response(null, { status: 404 });
  try {
    const answer = await fetch(payment.qrImageUrl, { signal: AbortSignal.timeout(paymentServices().timeoutMs) });
    const type = answer.headers.get("content-type") ?? "";
    const bytes = new Uint8Array(await answer.arrayBuffer());
    if (!answer.ok || !/^image\/(png|jpeg)$/.test(type) || bytes.length > 512 * 1024) throw new Error("not an image");
    return new Response(bytes, {
      headers: { "Content-Type": type, "Cache-Control": "private, max-age=600", "X-Content-Type-Options": "nosniff" },
    });
  } catch {
    throw new Response(null, { status: 502 });
  }
}
