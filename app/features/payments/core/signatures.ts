import { createHmac, createVerify, timingSafeEqual } from "node:crypto";

/**
 * Signatures of the outside payment services (docs/payments.md), pure so they can be tested with known vectors.
 * docs/binance-pay.md and docs/paypal.md say where each comes from.
 */

/** Binance Pay signs `timestamp \n nonce \n body \n` (requests with HMAC-SHA512, webhooks with RSA). */
export function binancePayload(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** The `BinancePay-Signature` of a request: HMAC-SHA512 with the API secret, hex, upper case. */
export function signBinanceRequest(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac("sha512", secret)
    .update(binancePayload(timestamp, nonce, body))
    .digest("hex")
    .toUpperCase();
}

/** Whether a request signature is right (the demo server checks ours with this). */
export function binanceRequestSignatureOk(secret: string, timestamp: string, nonce: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signBinanceRequest(secret, timestamp, nonce, body));
  const given = Buffer.from(signature.toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A webhook's `BinancePay-Signature`: base64 RSA-SHA256 by Binance's key (its certificate's public key). */
export function binanceWebhookSignatureOk(
  publicKeyPem: string,
  timestamp: string,
  nonce: string,
  body: string,
  signature: string,
): boolean {
  try {
    return createVerify("RSA-SHA256")
      .update(binancePayload(timestamp, nonce, body))
      .verify(publicKeyPem, signature, "base64");
  } catch {
    return false;
  }
}

/**
 * A signed message is accepted only near its own time: `timestamp` (milliseconds, or seconds when it
 * has 10 digits, or an ISO date) within `toleranceSeconds` of now, either way. Anything unreadable is refused.
 */
export function withinReplayWindow(timestamp: string, now: number, toleranceSeconds: number): boolean {
  let at: number;
  if (/^\d{13}$/.test(timestamp)) at = Number(timestamp);
  else if (/^\d{10}$/.test(timestamp)) at = Number(timestamp) * 1000;
  else if (/^\d{4}-\d{2}-\d{2}T/.test(timestamp)) at = Date.parse(timestamp);
  else return false;
  return Number.isFinite(at) && Math.abs(now - at) <= toleranceSeconds * 1000;
}

/** CRC-32 (IEEE) of a body, as PayPal puts it in the string it signs (the demo signs with it). */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** What PayPal signs for a webhook: `transmission_id|transmission_time|webhook_id|crc32(body)`. */
export function paypalSignedString(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;
}
