#!/usr/bin/env node
// A stand-in for Binance Pay's merchant API v2 (docs/binance-pay.md), signatures included:
// requests must carry BinancePay-Timestamp/-Nonce/-Certificate-SN (the API key) and an HMAC-SHA512
// BinancePay-Signature; webhooks are signed with this server's own RSA key, published at
// /binancepay/openapi/certificates as Binance publishes its certificates.
//   npm run binance-pay:demo   → http://127.0.0.1:4011, API key "demo-binance-key", secret "demo-binance-secret"
// The buyer's checkout page (/pay/<prepayId>) has "Pagar" (pays the exact amount, webhook sent) and
// test hooks under /demo/ (docs/binance-pay.md "The demo server").
import { createHmac, createSign, generateKeyPairSync, randomBytes, randomInt } from "node:crypto";
import { deflateSync } from "node:zlib";
import { demoOptions, escape, json, page, readBody, serve } from "./demo-kit.mjs";

const options = demoOptions("BINANCE_PAY_DEMO", { port: "4011", "api-key": "demo-binance-key", secret: "demo-binance-secret" });
const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const CERT_SERIAL = "demo-cert-1";
const PUBLIC_PEM = publicKey.export({ type: "spki", format: "pem" }).toString();
const log = (line) => options.quiet || console.log(line);

/** prepayId → order */
const orders = new Map();
const byTradeNo = new Map();

const payload = (timestamp, nonce, body) => `${timestamp}\n${nonce}\n${body}\n`;

function requestSignedOk(req, body) {
  const timestamp = req.headers["binancepay-timestamp"] ?? "";
  const nonce = req.headers["binancepay-nonce"] ?? "";
  if (req.headers["binancepay-certificate-sn"] !== options["api-key"]) return "invalid api key";
  if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > 60_000) return "timestamp outside the window";
  if (!/^[A-Za-z0-9]{32}$/.test(nonce)) return "nonce must be 32 letters or digits";
  const expected = createHmac("sha512", options.secret)
    .update(payload(timestamp, nonce, body))
    .digest("hex")
    .toUpperCase();
  return expected === String(req.headers["binancepay-signature"] ?? "") ? null : "Signature for this request is not valid.";
}

const ok = (res, data) => json(res, 200, { status: "SUCCESS", code: "000000", data });
const fail = (res, status, code, message) => json(res, status, { status: "FAIL", code, errorMessage: message });

/** The webhook Binance would send for an order's payment (a body, fresh headers each time). */
function webhookFor(order, { forged = false } = {}) {
  const body = JSON.stringify({
    bizType: "PAY",
    bizId: Number(order.prepayId),
    bizIdStr: order.prepayId,
    bizStatus: "PAY_SUCCESS",
    data: JSON.stringify({
      merchantTradeNo: order.merchantTradeNo,
      productType: "Top-up",
      productName: order.description,
      transactTime: order.paidAt,
      tradeType: "WEB",
      totalFee: order.paidAmount,
      currency: order.currency,
      transactionId: order.transactionId,
      openUserId: "demo-payer",
    }),
  });
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString("hex");
  let signature = createSign("RSA-SHA256")
    .update(payload(timestamp, nonce, body))
    .sign(privateKey, "base64");
  if (forged) signature = Buffer.from(signature, "base64").reverse().toString("base64");
  return {
    body,
    headers: {
      "BinancePay-Timestamp": timestamp,
      "BinancePay-Nonce": nonce,
      "BinancePay-Signature": signature,
      "BinancePay-Certificate-SN": CERT_SERIAL,
    },
  };
}

async function deliverWebhook(order, opts) {
  if (!order.webhookUrl) return { status: 0 };
  const { body, headers } = webhookFor(order, opts);
  try {
    const response = await fetch(order.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = await response.text();
    log(`webhook ${order.prepayId} → ${response.status} ${answer.slice(0, 80)}`);
    return { status: response.status, answer };
  } catch (error) {
    log(`webhook ${order.prepayId} failed: ${error}`);
    return { status: 0 };
  }
}

function pay(order, amount) {
  order.status = "PAID";
  order.transactionId = String(randomInt(10 ** 9, 10 ** 10 - 1)) + String(randomInt(10 ** 8, 10 ** 9 - 1));
  order.paidAmount = amount ?? order.orderAmount;
  order.paidAt = Date.now();
}

serve(
  "Binance Pay",
  options,
  async (req, res) => {
    const url = new URL(req.url ?? "/", "http://demo");
    const base = `http://${req.headers.host}`;
    const body = req.method === "POST" ? await readBody(req) : "";
    if (url.pathname === "/health") return json(res, 200, { ok: true });

    if (url.pathname.startsWith("/binancepay/openapi/")) {
      if (req.method !== "POST") return fail(res, 405, "400001", "Method not allowed");
      const refused = requestSignedOk(req, body);
      if (refused) {
        log(`${url.pathname} refused: ${refused}`);
        return fail(res, 401, "400002", refused);
      }
      const input = body ? JSON.parse(body) : {};
      if (url.pathname === "/binancepay/openapi/certificates") return ok(res, [{ certSerial: CERT_SERIAL, certPublic: PUBLIC_PEM }]);
      if (url.pathname === "/binancepay/openapi/v2/order") {
        if (!/^[A-Za-z0-9]{1,32}$/.test(input.merchantTradeNo ?? ""))
          return fail(res, 400, "400201", "merchantTradeNo is invalid or duplicated");
        const existing = byTradeNo.get(input.merchantTradeNo);
        const order = existing ?? {
          prepayId: String(randomInt(10 ** 8, 10 ** 9 - 1)) + String(randomInt(10 ** 9, 10 ** 10 - 1)),
          merchantTradeNo: input.merchantTradeNo,
          orderAmount: String(input.orderAmount),
          currency: input.currency,
          description: input.description ?? "",
          returnUrl: input.returnUrl ?? null,
          webhookUrl: input.webhookUrl ?? null,
          status: "INITIAL",
          expireTime: input.orderExpireTime ?? Date.now() + 3_600_000,
        };
        orders.set(order.prepayId, order);
        byTradeNo.set(order.merchantTradeNo, order);
        log(`order ${order.prepayId} for ${order.orderAmount} ${order.currency}`);
        return ok(res, {
          prepayId: order.prepayId,
          terminalType: "WEB",
          expireTime: order.expireTime,
          qrcodeLink: `${base}/qr/${order.prepayId}`,
          qrContent: `${base}/pay/${order.prepayId}`,
          checkoutUrl: `${base}/pay/${order.prepayId}`,
          deeplink: `bnc://app.binance.com/payment/secpay?tempToken=${order.prepayId}`,
          universalUrl: `${base}/pay/${order.prepayId}?app=1`,
        });
      }
      if (url.pathname === "/binancepay/openapi/v2/order/query") {
        const order = orders.get(String(input.prepayId ?? "")) ?? byTradeNo.get(String(input.merchantTradeNo ?? ""));
        if (!order) return fail(res, 404, "400202", "Order not found.");
        return ok(res, {
          merchantId: 1,
          prepayId: order.prepayId,
          transactionId: order.transactionId ?? null,
          merchantTradeNo: order.merchantTradeNo,
          status: order.status,
          currency: order.currency,
          orderAmount: order.paidAmount ?? order.orderAmount,
          transactTime: order.paidAt ?? null,
        });
      }
      return fail(res, 404, "400000", "Unknown endpoint");
    }

    // The buyer's checkout (what the QR and the deep link open).
    const payMatch = /^\/pay\/(\d+)(\/confirm)?$/.exec(url.pathname);
    if (payMatch) {
      const order = orders.get(payMatch[1]);
      if (!order) return page(res, "Binance Pay", "<p>Orden no encontrada.</p>", 404);
      if (payMatch[2] && req.method === "POST") {
        if (order.status === "INITIAL") {
          pay(order);
          await deliverWebhook(order);
        }
        res.writeHead(303, { location: order.returnUrl ?? `${base}/pay/${order.prepayId}` });
        return res.end();
      }
      return page(
        res,
        "Binance Pay (demo)",
        `<p>${escape(order.description)}</p><p data-testid="binance-amount">${escape(order.orderAmount)} ${escape(order.currency)}</p>
<p>Estado: <span data-testid="binance-status">${escape(order.status)}</span></p>
${order.status === "INITIAL" ? `<form method="post" action="/pay/${order.prepayId}/confirm"><button type="submit">Pagar</button></form>` : ""}
${order.returnUrl ? `<p><a class="button secondary" href="${escape(order.returnUrl)}">Volver a la tienda</a></p>` : ""}`,
      );
    }
    if (/^\/qr\/\d+$/.test(url.pathname)) {
      // Binance draws a QR code (PNG) for qrContent; the demo draws a pattern in the same format (not a scannable code).
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(patternPng(url.pathname.slice(4)));
    }

    // Test hooks (not part of Binance's API): pay without the page, replay or forge the webhook.
    const hook = /^\/demo\/orders\/(\d+)\/(pay|webhook|forged)$/.exec(url.pathname);
    if (hook && req.method === "POST") {
      const order = orders.get(hook[1]);
      if (!order) return json(res, 404, { error: "unknown order" });
      if (hook[2] === "pay") {
        const input = body ? JSON.parse(body) : {};
        pay(order, input.amount);
        const sent = input.webhook === false ? null : await deliverWebhook(order);
        return json(res, 200, { transactionId: order.transactionId, webhook: sent });
      }
      const times = Math.min(20, Number(url.searchParams.get("times") ?? "1"));
      const answers = [];
      for (let i = 0; i < times; i++) answers.push(await deliverWebhook(order, { forged: hook[2] === "forged" }));
      return json(res, 200, { answers });
    }
    if (url.pathname === "/demo/orders" && req.method === "GET") {
      const tradeNo = url.searchParams.get("merchantTradeNo") ?? "";
      const order = byTradeNo.get(tradeNo);
      return order ? json(res, 200, order) : json(res, 404, { error: "unknown order" });
    }
    json(res, 404, { error: "not found" });
  },
  [
    `Run the product with: BINANCE_PAY_URL=http://${options.host}:${options.port} BINANCE_PAY_API_KEY=${options["api-key"]} BINANCE_PAY_SECRET=${options.secret} npm start`,
  ],
);

/** A 29×29 black-and-white PNG (scaled ×6) whose cells follow the id: looks like a QR code, says nothing. */
function patternPng(seed) {
  const cells = 29;
  const scale = 6;
  const size = cells * scale;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size);
    for (let x = 0; x < size; x++) {
      const cx = Math.floor(x / scale);
      const cy = Math.floor(y / scale);
      const finder = [cx, cy].every((c) => c < 7) || (cx > 21 && cy < 7) || (cx < 7 && cy > 21);
      const on = finder
        ? Math.max(Math.abs((cx % 22) - 3), Math.abs((cy % 22) - 3)) !== 2
        : (seed.charCodeAt((cx * 7 + cy) % seed.length) * (cx + 1) * (cy + 3)) % 3 === 0;
      row[1 + x] = on ? 0 : 255;
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
