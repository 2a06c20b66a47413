import { env } from "~/lib/env.server";

/**
 * Which outside services are on (docs/payments.md). Each is off until its URL and credentials are
 * set in the environment; off, the product works as before (receipts checked by staff, delivery by hand).
 * These objects hold secrets: they go to the adapters only, never to a page, a log line or a mail.
 */
export interface BinancePaySettings {
  baseUrl: string;
  apiKey: string;
  secret: string;
  currency: string;
}
export interface PayPalSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string | null;
}
export interface ServiceSettings {
  baseUrl: string;
  key: string | null;
}

export interface PaymentServices {
  binance: BinancePaySettings | null;
  paypal: PayPalSettings | null;
  bank: ServiceSettings | null;
  topup: ServiceSettings | null;
  timeoutMs: number;
  toleranceSeconds: number;
}

const trim = (url: string) => url.replace(/\/+$/, "");

export function paymentServices(): PaymentServices {
  const config = env();
  return {
    binance:
      config.BINANCE_PAY_URL && config.BINANCE_PAY_API_KEY && config.BINANCE_PAY_SECRET
        ? {
            baseUrl: trim(config.BINANCE_PAY_URL),
            apiKey: config.BINANCE_PAY_API_KEY,
            secret: config.BINANCE_PAY_SECRET,
            currency: config.BINANCE_PAY_CURRENCY,
          }
        : null,
    paypal:
      config.PAYPAL_API_URL && config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
        ? {
            baseUrl: trim(config.PAYPAL_API_URL),
            clientId: config.PAYPAL_CLIENT_ID,
            clientSecret: config.PAYPAL_CLIENT_SECRET,
            webhookId: config.PAYPAL_WEBHOOK_ID ?? null,
          }
        : null,
    bank: config.BANK_MATCH_URL ? { baseUrl: trim(config.BANK_MATCH_URL), key: config.BANK_MATCH_KEY ?? null } : null,
    topup: config.TOPUP_PROVIDER_URL ? { baseUrl: trim(config.TOPUP_PROVIDER_URL), key: config.TOPUP_PROVIDER_KEY ?? null } : null,
    timeoutMs: config.PAYMENTS_TIMEOUT_MS,
    toleranceSeconds: config.WEBHOOK_TOLERANCE_SECONDS,
  };
}

/** What a page may know: which services are on (never their settings). */
export function servicesOn() {
  const services = paymentServices();
  return {
    binance: Boolean(services.binance),
    paypal: Boolean(services.paypal),
    bank: Boolean(services.bank),
    topup: Boolean(services.topup),
  };
}
