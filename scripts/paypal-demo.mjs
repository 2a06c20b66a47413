#!/usr/bin/env node
// A stand-in for PayPal's REST API (docs/paypal.md): OAuth client credentials, Orders v2 (create,
// read, capture), the buyer's approval page, webhooks signed with this server's RSA key (over
// transmission id | time | webhook id | CRC-32 of the body, as PayPal signs) and the
// verify-webhook-signature call that checks them.
//   npm run paypal:demo   → http://127.0.0.1:4012, client "demo-paypal-client" / "demo-paypal-secret",
//                           webhook id "DEMO-WEBHOOK"
// Webhooks go to the URL registered with POST /v1/notifications/webhooks (PayPal's own call) or --webhook-url.
import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { demoOptions, escape, json, page, readBody, serve } from "./demo-kit.mjs";

const options = demoOptions("PAYPAL_DEMO", {
  port: "4012",
  "client-id": "demo-paypal-client",
  "client-secret": "demo-paypal-secret",
  "webhook-id": "DEMO-WEBHOOK",
  "webhook-url": "",
});
const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const log = (line) => options.quiet || console.log(line);
const tokens = new Set();
const orders = new Map();
const requestIds = new Map();
let webhookUrl = options["webhook-url"] || null;

const paypalId = () => randomBytes(9).toString("hex").toUpperCase().slice(0, 17);

function crc32(text) {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
const signed = (id, time, webhookId, body) => `${id}|${time}|${webhookId}|${crc32(body)}`;

const problem = (res, status, name, issue) =>
  json(res, status, { name, message: issue, details: [{ issue }], debug_id: randomUUID().slice(0, 13) });

function view(order, base) {
  return {
    id: order.id,
    intent: "CAPTURE",
    status: order.status,
    purchase_units: [
      {
        reference_id: order.unit.reference_id,
        custom_id: order.unit.custom_id,
        amount: order.unit.amount,
        ...(order.capture ? { payments: { captures: [order.capture] } } : {}),
      },
    ],
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ...(order.status === "PAYER_ACTION_REQUIRED"
        ? [{ href: `${base}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }]
        : []),
    ],
  };
}

async function sendWebhook(order, base, { forged = false } = {}) {
  if (!webhookUrl || !order.capture) return { status: 0 };
  const event = {
    id: order.webhookEventId,
    event_version: "1.0",
    create_time: order.capture.create_time,
    resource_type: "capture",
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    summary: `Payment completed for ${order.capture.amount.value} ${order.capture.amount.currency_code}`,
    resource: { ...order.capture, custom_id: order.unit.custom_id, supplementary_data: { related_ids: { order_id: order.id } } },
  };
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const time = new Date().toISOString();
  let signature = createSign("RSA-SHA256")
    .update(signed(transmissionId, time, options["webhook-id"], body))
    .sign(privateKey, "base64");
  if (forged) signature = Buffer.from(signature, "base64").reverse().toString("base64");
  try {
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": time,
        "paypal-transmission-sig": signature,
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${base}/v1/notifications/certs/demo`,
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    log(`webhook ${order.id} → ${response.status}`);
    return { status: response.status };
  } catch (error) {
    log(`webhook ${order.id} failed: ${error}`);
    return { status: 0 };
  }
}

function capture(order, amount) {
  order.status = "COMPLETED";
  order.capture = {
    id: paypalId(),
    status: "COMPLETED",
    amount: amount ?? order.unit.amount,
    final_capture: true,
    create_time: new Date().toISOString(),
  };
  order.webhookEventId = `WH-${paypalId()}`;
}

serve(
  "PayPal",
  options,
  async (req, res) => {
    const url = new URL(req.url ?? "/", "http://demo");
    const base = `http://${req.headers.host}`;
    const body = req.method === "POST" ? await readBody(req) : "";
    if (url.pathname === "/health") return json(res, 200, { ok: true });

    if (url.pathname === "/v1/oauth2/token" && req.method === "POST") {
      const expected = `Basic ${Buffer.from(`${options["client-id"]}:${options["client-secret"]}`).toString("base64")}`;
      if (req.headers.authorization !== expected || !body.includes("grant_type=client_credentials"))
        return json(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
      const token = `A21AA${randomBytes(24).toString("hex")}`;
      tokens.add(token);
      return json(res, 200, {
        scope: "https://uri.paypal.com/services/payments",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-DEMO",
        expires_in: 32400,
        nonce: randomUUID(),
      });
    }
    if (url.pathname === "/v1/notifications/certs/demo") {
      res.writeHead(200, { "content-type": "application/x-pem-file" });
      return res.end(publicKey.export({ type: "spki", format: "pem" }));
    }

    // The buyer's approval page (the payer-action link) and its buttons.
    if (url.pathname === "/checkoutnow") {
      const order = orders.get(url.searchParams.get("token") ?? "");
      if (!order) return page(res, "PayPal", "<p>Pedido no encontrado.</p>", 404);
      if (req.method === "POST") {
        const approve = new URLSearchParams(body).get("choice") === "approve";
        if (approve && order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
        const back = new URL(approve ? order.returnUrl : order.cancelUrl);
        back.searchParams.set("token", order.id);
        if (approve) back.searchParams.set("PayerID", "DEMOPAYER01");
        res.writeHead(303, { location: back.toString() });
        return res.end();
      }
      return page(
        res,
        "PayPal (demo)",
        `<p>Pagar a Arena LATAM</p><p data-testid="paypal-amount">${escape(order.unit.amount.value)} ${escape(order.unit.amount.currency_code)}</p>
<form method="post" action="/checkoutnow?token=${order.id}"><button type="submit" name="choice" value="approve">Aprobar pago</button>
<button type="submit" name="choice" value="cancel" class="secondary">Cancelar</button></form>`,
      );
    }

    // Test hooks (not PayPal's): capture with another amount, replay or forge the webhook.
    const hook = /^\/demo\/orders\/([A-Z0-9]+)\/(webhook|forged)$/.exec(url.pathname);
    if (hook && req.method === "POST") {
      const order = orders.get(hook[1]);
      if (!order) return json(res, 404, { error: "unknown order" });
      const times = Math.min(20, Number(url.searchParams.get("times") ?? "1"));
      const answers = [];
      for (let i = 0; i < times; i++) answers.push(await sendWebhook(order, base, { forged: hook[2] === "forged" }));
      return json(res, 200, { answers });
    }

    if (
      url.pathname === "/v1/notifications/verify-webhook-signature" ||
      url.pathname.startsWith("/v2/") ||
      url.pathname === "/v1/notifications/webhooks"
    ) {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!tokens.has(token)) return json(res, 401, { error: "invalid_token", error_description: "Token signature verification failed" });
    } else return json(res, 404, { name: "RESOURCE_NOT_FOUND" });

    const input = body ? JSON.parse(body) : {};
    const requestId = req.headers["paypal-request-id"];
    if (url.pathname === "/v1/notifications/webhooks" && req.method === "POST") {
      webhookUrl = input.url;
      return json(res, 201, { id: options["webhook-id"], url: input.url, event_types: input.event_types ?? [] });
    }
    if (url.pathname === "/v1/notifications/verify-webhook-signature" && req.method === "POST") {
      let ok = false;
      try {
        ok =
          input.webhook_id === options["webhook-id"] &&
          input.auth_algo === "SHA256withRSA" &&
          createVerify("RSA-SHA256")
            .update(signed(input.transmission_id, input.transmission_time, input.webhook_id, JSON.stringify(input.webhook_event)))
            .verify(publicKey, input.transmission_sig ?? "", "base64");
      } catch {
        ok = false;
      }
      return json(res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }
    if (url.pathname === "/v2/checkout/orders" && req.method === "POST") {
      if (requestId && requestIds.has(`create:${requestId}`))
        return json(res, 200, view(orders.get(requestIds.get(`create:${requestId}`)), base));
      const unit = input.purchase_units?.[0];
      const context = input.payment_source?.paypal?.experience_context ?? input.application_context ?? {};
      if (!unit?.amount?.value || !/^\d+(\.\d{2})?$/.test(unit.amount.value))
        return problem(res, 422, "UNPROCESSABLE_ENTITY", "INVALID_AMOUNT");
      if (!context.return_url) return problem(res, 422, "UNPROCESSABLE_ENTITY", "RETURN_URL_REQUIRED");
      const order = {
        id: paypalId(),
        status: "PAYER_ACTION_REQUIRED",
        unit,
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url ?? context.return_url,
        capture: null,
      };
      orders.set(order.id, order);
      if (requestId) requestIds.set(`create:${requestId}`, order.id);
      log(`order ${order.id} for ${unit.amount.value} ${unit.amount.currency_code}`);
      return json(res, 200, view(order, base));
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(url.pathname);
    if (orderMatch) {
      const order = orders.get(orderMatch[1]);
      if (!order) return problem(res, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (!orderMatch[2]) return json(res, 200, view(order, base));
      if (order.status === "COMPLETED")
        return json(
          res,
          requestId ? 201 : 422,
          requestId ? view(order, base) : { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] },
        );
      if (order.status !== "APPROVED") return problem(res, 422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
      capture(order);
      log(`captured ${order.id}: ${order.capture.id}`);
      const answer = view(order, base);
      // PayPal sends the webhook after the capture, on its own time.
      setTimeout(() => void sendWebhook(order, base), 50);
      return json(res, 201, answer);
    }
    json(res, 404, { name: "RESOURCE_NOT_FOUND" });
  },
  [
    `Run the product with: PAYPAL_API_URL=http://${options.host}:${options.port} PAYPAL_CLIENT_ID=${options["client-id"]} PAYPAL_CLIENT_SECRET=${options["client-secret"]} PAYPAL_WEBHOOK_ID=${options["webhook-id"]} npm start`,
  ],
);
