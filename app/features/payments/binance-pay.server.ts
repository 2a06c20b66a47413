import { randomBytes } from "node:crypto";
import { log } from "~/lib/log.server";
import { signBinanceRequest } from "./core/signatures";
import type { BinancePaySettings } from "./settings.server";

/**
 * Binance Pay merchant API v2 (docs/binance-pay.md): create an order, query it, fetch the
 * certificates whose public keys sign webhooks. Every request is signed with HMAC-SHA512 over
 * timestamp, nonce and body. Throws ProviderUnavailable when Binance cannot be reached or refuses.
 */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    detail: string,
  ) {
    super(`${provider} unavailable: ${detail}`);
    this.name = "ProviderUnavailable";
  }
}

async function call<T>(settings: BinancePaySettings, path: string, payload: unknown, timeoutMs: number): Promise<T> {
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString("hex");
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "BinancePay-Timestamp": timestamp,
        "BinancePay-Nonce": nonce,
        "BinancePay-Certificate-SN": settings.apiKey,
        "BinancePay-Signature": signBinanceRequest(settings.secret, timestamp, nonce, body),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ProviderUnavailable("binance", `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`);
  }
  const answer = (await response.json().catch(() => null)) as { status?: string; code?: string; data?: T; errorMessage?: string } | null;
  if (!response.ok || answer?.status !== "SUCCESS" || answer.data === undefined) {
    log.warn("binance pay refused a request", { path, status: response.status, code: answer?.code ?? null });
    throw new ProviderUnavailable("binance", `${response.status} ${answer?.code ?? ""}`);
  }
  return answer.data;
}

export interface BinanceOrder {
  prepayId: string;
  checkoutUrl: string;
  deeplink: string | null;
  qrImageUrl: string | null;
}

export async function createBinanceOrder(
  settings: BinancePaySettings,
  order: { merchantTradeNo: string; amount: string; description: string; returnUrl: string; webhookUrl: string; expiresAt: Date | null },
  timeoutMs: number,
): Promise<BinanceOrder> {
  const data = await call<{ prepayId?: string; checkoutUrl?: string; deeplink?: string; qrcodeLink?: string }>(
    settings,
    "/binancepay/openapi/v2/order",
    {
      env: { terminalType: "WEB" },
      merchantTradeNo: order.merchantTradeNo,
      orderAmount: order.amount,
      currency: settings.currency,
      description: order.description.slice(0, 256),
      goodsDetails: [
        { goodsType: "02", goodsCategory: "Z000", referenceGoodsId: order.merchantTradeNo, goodsName: order.description.slice(0, 256) },
      ],
      returnUrl: order.returnUrl,
      cancelUrl: order.returnUrl,
      webhookUrl: order.webhookUrl,
      ...(order.expiresAt ? { orderExpireTime: order.expiresAt.getTime() } : {}),
    },
    timeoutMs,
  );
  if (!data.prepayId || !data.checkoutUrl) throw new ProviderUnavailable("binance", "no prepayId");
  return { prepayId: data.prepayId, checkoutUrl: data.checkoutUrl, deeplink: data.deeplink ?? null, qrImageUrl: data.qrcodeLink ?? null };
}

export interface BinanceOrderStatus {
  status: string;
  transactionId: string | null;
  amount: unknown;
  currency: unknown;
}

export async function queryBinanceOrder(settings: BinancePaySettings, prepayId: string, timeoutMs: number): Promise<BinanceOrderStatus> {
  const data = await call<{ status?: string; transactionId?: string; orderAmount?: unknown; currency?: unknown }>(
    settings,
    "/binancepay/openapi/v2/order/query",
    { prepayId },
    timeoutMs,
  );
  return { status: data.status ?? "UNKNOWN", transactionId: data.transactionId ?? null, amount: data.orderAmount, currency: data.currency };
}

const certificates = new Map<string, { pem: string; at: number }>();

/** The public key Binance signs webhooks with, by certificate serial (cached an hour). */
export async function binanceWebhookKey(settings: BinancePaySettings, serial: string, timeoutMs: number): Promise<string | null> {
  const cached = certificates.get(serial);
  if (cached && Date.now() - cached.at < 3_600_000) return cached.pem;
  const list = await call<Array<{ certSerial?: string; certPublic?: string }>>(settings, "/binancepay/openapi/certificates", {}, timeoutMs);
  for (const entry of list)
    if (entry.certSerial && entry.certPublic) certificates.set(entry.certSerial, { pem: entry.certPublic, at: Date.now() });
  return certificates.get(serial)?.pem ?? null;
}
