import { generateKeyPairSync, createSign } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  binancePayload,
  binanceRequestSignatureOk,
  binanceWebhookSignatureOk,
  crc32,
  signBinanceRequest,
  withinReplayWindow,
} from "./signatures";

describe("provider signatures", () => {
  it("signs Binance Pay requests with HMAC-SHA512 over timestamp, nonce and body", () => {
    const signature = signBinanceRequest("secret", "1700000000000", "abc", '{"a":1}');
    expect(signature).toMatch(/^[0-9A-F]{128}$/);
    expect(binancePayload("1", "n", "b")).toBe("1\nn\nb\n");
    expect(binanceRequestSignatureOk("secret", "1700000000000", "abc", '{"a":1}', signature)).toBe(true);
    expect(binanceRequestSignatureOk("other", "1700000000000", "abc", '{"a":1}', signature)).toBe(false);
    expect(binanceRequestSignatureOk("secret", "1700000000000", "abc", '{"a":2}', signature)).toBe(false);
  });

  it("verifies Binance Pay webhooks with the RSA key, and refuses a changed body or another key", () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const other = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey;
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
    const body = '{"bizStatus":"PAY_SUCCESS"}';
    const signature = createSign("RSA-SHA256")
      .update(binancePayload("1700000000000", "n1", body))
      .sign(privateKey, "base64");
    expect(binanceWebhookSignatureOk(pem, "1700000000000", "n1", body, signature)).toBe(true);
    expect(binanceWebhookSignatureOk(pem, "1700000000000", "n1", body.replace("SUCCESS", "CLOSED"), signature)).toBe(false);
    expect(
      binanceWebhookSignatureOk(other.export({ type: "spki", format: "pem" }).toString(), "1700000000000", "n1", body, signature),
    ).toBe(false);
    expect(binanceWebhookSignatureOk("not a key", "1", "n", body, signature)).toBe(false);
  });

  it("accepts a timestamp only within the window", () => {
    const now = Date.parse("2026-11-26T12:00:00Z");
    expect(withinReplayWindow(String(now - 299_000), now, 300)).toBe(true);
    expect(withinReplayWindow(String(now - 301_000), now, 300)).toBe(false);
    expect(withinReplayWindow(String(Math.floor(now / 1000) + 10), now, 300)).toBe(true);
    expect(withinReplayWindow("2026-11-26T11:50:00Z", now, 300)).toBe(false);
    expect(withinReplayWindow("soon", now, 300)).toBe(false);
  });

  it("computes PayPal's CRC-32", () => {
    expect(crc32("123456789")).toBe(0xcbf43926);
  });
});
