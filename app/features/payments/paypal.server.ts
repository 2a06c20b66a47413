import { log } from "~/lib/log.server";
import { ProviderUnavailable } from "./binance-pay.server";
import type { PayPalSettings } from "./settings.server";

/**
 * PayPal Orders API v2 (docs/paypal.md): an OAuth token by client credentials, create an order,
 * read it, capture it, and ask PayPal whether a webhook is genuine (verify-webhook-signature).
 */
let token: { value: string; until: number; clientId: string } | null = null;

async function accessToken(settings: PayPalSettings, timeoutMs: number): Promise<string> {
  if (token && token.clientId === settings.clientId && token.until > Date.now()) return token.value;
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ProviderUnavailable("paypal", String(error));
  }
  const answer = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
  if (!response.ok || !answer?.access_token) {
    log.warn("paypal refused the credentials", { status: response.status });
    throw new ProviderUnavailable("paypal", `token ${response.status}`);
  }
  token = {
    value: answer.access_token,
    until: Date.now() + Math.max(60, (answer.expires_in ?? 300) - 60) * 1000,
    clientId: settings.clientId,
  };
  return token.value;
}

async function call<T>(
  settings: PayPalSettings,
  method: string,
  path: string,
  payload: unknown,
  timeoutMs: number,
  requestId?: string,
): Promise<T> {
  const bearer = await accessToken(settings, timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${bearer}`,
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(requestId ? { "PayPal-Request-Id": requestId } : {}),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ProviderUnavailable("paypal", String(error));
  }
  if (response.status === 401) token = null;
  const answer = (await response.json().catch(() => null)) as T | null;
  if (!response.ok || answer === null) {
    log.warn("paypal refused a request", { path: path.replace(/[A-Z0-9]{10,}/g, ":id"), status: response.status });
    throw new ProviderUnavailable("paypal", `${method} ${response.status}`);
  }
  return answer;
}

interface PayPalMoney {
  currency_code?: string;
  value?: string;
}
export interface PayPalOrder {
  id: string;
  status: string;
  approveUrl: string | null;
  capture: { id: string; status: string; amount: PayPalMoney } | null;
}

interface RawOrder {
  id?: string;
  status?: string;
  links?: Array<{ rel?: string; href?: string }>;
  purchase_units?: Array<{ payments?: { captures?: Array<{ id?: string; status?: string; amount?: PayPalMoney }> } }>;
}

function readOrder(raw: RawOrder): PayPalOrder {
  const capture = raw.purchase_units?.[0]?.payments?.captures?.[0];
  return {
    id: raw.id ?? "",
    status: raw.status ?? "UNKNOWN",
    approveUrl: raw.links?.find((link) => link.rel === "payer-action" || link.rel === "approve")?.href ?? null,
    capture: capture?.id ? { id: capture.id, status: capture.status ?? "UNKNOWN", amount: capture.amount ?? {} } : null,
  };
}

export async function createPayPalOrder(
  settings: PayPalSettings,
  order: { orderId: string; amount: string; currency: string; description: string; returnUrl: string; cancelUrl: string },
  timeoutMs: number,
): Promise<PayPalOrder> {
  const raw = await call<RawOrder>(
    settings,
    "POST",
    "/v2/checkout/orders",
    {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: order.orderId,
          custom_id: order.orderId,
          description: order.description.slice(0, 127),
          amount: { currency_code: order.currency, value: order.amount },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: order.returnUrl,
            cancel_url: order.cancelUrl,
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
          },
        },
      },
    },
    timeoutMs,
    `create-${order.orderId}`,
  );
  const read = readOrder(raw);
  if (!read.id || !read.approveUrl) throw new ProviderUnavailable("paypal", "no approval link");
  return read;
}

export async function getPayPalOrder(settings: PayPalSettings, paypalOrderId: string, timeoutMs: number): Promise<PayPalOrder> {
  return readOrder(await call<RawOrder>(settings, "GET", `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`, undefined, timeoutMs));
}

/** Captures an approved order (PayPal-Request-Id makes a repeated capture answer the first one). */
export async function capturePayPalOrder(settings: PayPalSettings, paypalOrderId: string, timeoutMs: number): Promise<PayPalOrder> {
  return readOrder(
    await call<RawOrder>(
      settings,
      "POST",
      `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
      {},
      timeoutMs,
      `capture-${paypalOrderId}`,
    ),
  );
}

/** Asks PayPal whether a webhook delivery is genuine: POST /v1/notifications/verify-webhook-signature. */
export async function verifyPayPalWebhook(settings: PayPalSettings, headers: Headers, event: unknown, timeoutMs: number): Promise<boolean> {
  if (!settings.webhookId) return false;
  const header = (name: string) => headers.get(name) ?? "";
  const answer = await call<{ verification_status?: string }>(
    settings,
    "POST",
    "/v1/notifications/verify-webhook-signature",
    {
      auth_algo: header("paypal-auth-algo"),
      cert_url: header("paypal-cert-url"),
      transmission_id: header("paypal-transmission-id"),
      transmission_sig: header("paypal-transmission-sig"),
      transmission_time: header("paypal-transmission-time"),
      webhook_id: settings.webhookId,
      webhook_event: event,
    },
    timeoutMs,
  );
  return answer.verification_status === "SUCCESS";
}
