// Instant payments and delivery (docs/payments.md) against the demo servers (scripts/*-demo.mjs), each started on a
// free port: webhook signatures good and bad, replays, the time window, amount mismatch, the poller,
// the bank match (found, not found, down) and the top-up provider (failure, staff retry, late answer).
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, orderStatusHistory, orders, paymentEvents, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { createOrder, decideOrder, submitProof } from "~/features/orders/orders.server";
import { startProviderPayment } from "~/features/payments/checkout.server";
import {
  applyDeliveryAnswer,
  automationFigures,
  deliverOrder,
  matchPagoMovil,
  pollPayments,
  providerPaymentOf,
} from "~/features/payments/payments.server";
import { paymentServices } from "~/features/payments/settings.server";
import { action as binanceWebhook } from "~/features/payments/routes/webhook-binance";
import { action as paypalWebhook } from "~/features/payments/routes/webhook-paypal";
import { loader as paypalReturn } from "~/features/payments/routes/paypal-return";
import type { DatabaseHandle } from "~/lib/db.server";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
const healthy = (url: string) =>
  new Promise<boolean>((resolve) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on("error", () => resolve(false));
  });
async function startDemo(script: string, args: string[] = []): Promise<string> {
  const port = await freePort();
  const child = spawn("node", [`scripts/${script}`, "--port", String(port), "--quiet", ...args], { stdio: "ignore" });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  // Up to 30 s: a node process starts slowly on a loaded machine.
  for (let i = 0; i < 600; i++) {
    // Not fetch: its pooled connection would sit idle past the demo's keep-alive and be closed under
    // the first real request ("other side closed").
    if (await healthy(`${url}/health`)) return url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${script} did not start`);
}

/** The "site": webhooks from the demos reach the route actions here, as the server would route them. */
let site: http.Server;
let siteUrl: string;
const webhookAnswers: number[] = [];
async function startSite() {
  const port = await freePort();
  site = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://127.0.0.1:${port}${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
      const action = req.url === "/webhooks/paypal" ? paypalWebhook : binanceWebhook;
      void (action({ request, params: {}, context: {} } as never) as Promise<Response>).then(async (response) => {
        webhookAnswers.push(response.status);
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => site.listen(port, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${port}`;
}

let handle: DatabaseHandle;
let mailer: ReturnType<typeof memoryMailer>;
let binanceUrl: string;
let paypalUrl: string;
let bankUrl: string;
let topupUrl: string;
const buyer = { id: randomUUID(), email: "buyer@example.com" };
const staff = { id: randomUUID(), email: "staff@example.com" };

beforeAll(async () => {
  [binanceUrl, paypalUrl, bankUrl, topupUrl] = await Promise.all([
    startDemo("binance-pay-demo.mjs", ["--api-key", "k1", "--secret", "s1"]),
    startDemo("paypal-demo.mjs", ["--client-id", "c1", "--client-secret", "cs1", "--webhook-id", "WH1"]),
    startDemo("bank-match-demo.mjs", ["--key", "b1"]),
    startDemo("topup-provider-demo.mjs", ["--key", "t1"]),
  ]);
  await startSite();
  Object.assign(process.env, {
    BINANCE_PAY_URL: binanceUrl,
    BINANCE_PAY_API_KEY: "k1",
    BINANCE_PAY_SECRET: "s1",
    PAYPAL_API_URL: paypalUrl,
    PAYPAL_CLIENT_ID: "c1",
    PAYPAL_CLIENT_SECRET: "cs1",
    PAYPAL_WEBHOOK_ID: "WH1",
    BANK_MATCH_URL: bankUrl,
    BANK_MATCH_KEY: "b1",
    TOPUP_PROVIDER_URL: topupUrl,
    TOPUP_PROVIDER_KEY: "t1",
    PAYMENTS_TIMEOUT_MS: "3000",
  });
  handle = await openTestDatabase();
}, 240_000);

afterAll(async () => {
  for (const child of children) child.kill();
  site?.close();
  await handle?.close();
});

beforeEach(async () => {
  await resetTables(handle);
  await seedDemoData(handle.db);
  await handle.db.insert(users).values([
    { id: buyer.id, email: buyer.email, name: "Compradora", age: 21 },
    { id: staff.id, email: staff.email, name: "Staff", age: 30, isStaff: true },
  ]);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  webhookAnswers.length = 0;
});

async function storeOrder(method: "binance" | "paypal" | "pago_movil", gamerId = "123456789", amount = 300) {
  const created = await createOrder(handle.db, {
    userId: buyer.id,
    kind: "store",
    paymentMethod: method,
    currency: method === "pago_movil" ? "VES" : "USD",
    amount: method === "pago_movil" ? 73650 : amount,
    amountUsd: amount,
    exchangeRate: method === "pago_movil" ? "245.50" : null,
    phone: "04121234567",
    email: buyer.email,
    gamerId,
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ packageId: "free-fire-341", label: "341 Diamantes", unitAmount: method === "pago_movil" ? 73650 : amount, quantity: 1 }],
  });
  return created;
}

async function statusOf(orderId: string) {
  const [row] = await handle.db.select({ status: orders.status, attention: orders.attention }).from(orders).where(eq(orders.id, orderId));
  return row!;
}
const historyOf = (orderId: string) => handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));

/** Delivery is started after the approval's commit without being awaited: wait for the order to settle. */
async function settled(orderId: string, want: string) {
  // Up to 15 s (a loaded machine): a settled order returns at once.
  for (let i = 0; i < 500; i++) {
    if ((await statusOf(orderId)).status === want) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`order never reached ${want}`);
}

async function binancePayment(orderId: string) {
  const order = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  const started = await startProviderPayment(handle.db, { ...order[0]!, items: [{ label: "341 Diamantes", quantity: 1 }] }, siteUrl);
  expect(started?.provider).toBe("binance");
  return started!.providerOrderId;
}

const demoPost = (url: string, body: unknown = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then(
    (r) => r.json() as Promise<Record<string, unknown>>,
  );

describe("Binance Pay", () => {
  it("a signed webhook approves the order once and the provider delivers it; six replays change nothing", async () => {
    const order = await storeOrder("binance");
    const prepayId = await binancePayment(order.id);
    await demoPost(`${binanceUrl}/demo/orders/${prepayId}/pay`);
    expect(webhookAnswers).toEqual([200]);
    await settled(order.id, "fulfilled");
    const before = (await historyOf(order.id)).length;
    expect(before).toBe(4); // created, proof (system), approved (system), fulfilled (system)
    const replays = (await demoPost(`${binanceUrl}/demo/orders/${prepayId}/webhook?times=6`)) as { answers: Array<{ status: number }> };
    expect(replays.answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await historyOf(order.id)).length).toBe(before);
    const events = await handle.db.select().from(paymentEvents).where(eq(paymentEvents.source, "binance"));
    expect(events).toHaveLength(1);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["order.auto_approve", "order.auto_deliver"]);
    expect(audit.every((row) => row.actorId === null)).toBe(true);
    // The dashboard line: one order paid and delivered with no person, and how long it took.
    const figures = await automationFigures(handle.db);
    expect(figures.handsFree).toBe(1);
    expect(figures.medianSeconds).toBeGreaterThanOrEqual(0);
  });

  it("refuses a webhook with a bad signature and one outside the time window", async () => {
    const order = await storeOrder("binance");
    const prepayId = await binancePayment(order.id);
    await demoPost(`${binanceUrl}/demo/orders/${prepayId}/pay`, { webhook: false });
    const forged = (await demoPost(`${binanceUrl}/demo/orders/${prepayId}/forged`)) as { answers: Array<{ status: number }> };
    expect(forged.answers[0]!.status).toBe(401);
    expect((await statusOf(order.id)).status).toBe("initiated");
    const stale = await binanceWebhook({
      request: new Request(`${siteUrl}/webhooks/binance-pay`, {
        method: "POST",
        headers: { "BinancePay-Timestamp": String(Date.now() - 3_600_000), "BinancePay-Nonce": "x", "BinancePay-Signature": "x" },
        body: "{}",
      }),
      params: {},
      context: {},
    } as never);
    expect((stale as Response).status).toBe(401);
  });

  it("a payment for another amount goes to staff with the difference; the poller settles a lost webhook", async () => {
    const short = await storeOrder("binance", "123456789", 1000);
    const shortPrepay = await binancePayment(short.id);
    await demoPost(`${binanceUrl}/demo/orders/${shortPrepay}/pay`, { amount: "9.00" });
    const after = await statusOf(short.id);
    expect(after.status).toBe("proof_submitted");
    expect(after.attention).toMatchObject({ code: "AMOUNT_MISMATCH", paid: "9.00 USDT", expected: "10.00 USD" });

    const lost = await storeOrder("binance", "987654321");
    const lostPrepay = await binancePayment(lost.id);
    await demoPost(`${binanceUrl}/demo/orders/${lostPrepay}/pay`, { webhook: false });
    expect((await statusOf(lost.id)).status).toBe("initiated");
    await pollPayments(handle.db, new Date(Date.now() + 60_000));
    await settled(lost.id, "fulfilled");
  });
});

describe("PayPal", () => {
  it("the buyer's return captures and approves once; the webhook after it is verified and changes nothing; a forged one is refused", async () => {
    await fetch(`${paypalUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from("c1:cs1").toString("base64")}` },
      body: "grant_type=client_credentials",
    })
      .then((r) => r.json() as Promise<{ access_token: string }>)
      .then(({ access_token }) =>
        fetch(`${paypalUrl}/v1/notifications/webhooks`, {
          method: "POST",
          headers: { Authorization: `Bearer ${access_token}`, "content-type": "application/json" },
          body: JSON.stringify({ url: `${siteUrl}/webhooks/paypal`, event_types: [{ name: "PAYMENT.CAPTURE.COMPLETED" }] }),
        }),
      );
    const order = await createOrder(handle.db, {
      userId: buyer.id,
      kind: "plus",
      paymentMethod: "paypal",
      currency: "USD",
      amount: 500,
      amountUsd: 500,
      exchangeRate: null,
      phone: "04121234567",
      email: buyer.email,
      expiresAt: new Date(Date.now() + 3_600_000),
      items: [{ label: "Plus", unitAmount: 500, quantity: 1 }],
    });
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    const started = await startProviderPayment(handle.db, { ...row!, items: [{ label: "Plus", quantity: 1 }] }, siteUrl);
    // The buyer approves on PayPal's page and comes back.
    const approve = await fetch(started!.checkoutUrl, {
      method: "POST",
      body: "choice=approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const back = new URL(approve.headers.get("location")!);
    expect(back.pathname).toBe(`/orders/${order.id}/paypal/return`);
    const cookie = (await signInAs(handle.db, mailer, buyer.email)).jar.header();
    await (
      paypalReturn({
        request: new Request(back, { headers: { cookie } }),
        params: { orderId: order.id },
        context: {},
      } as never) as Promise<unknown>
    ).catch((answer: unknown) => answer);
    expect((await statusOf(order.id)).status).toBe("approved");
    const payment = await providerPaymentOf(handle.db, order.id, "paypal");
    for (let i = 0; i < 100 && webhookAnswers.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(webhookAnswers).toEqual([200]);
    const forged = (await demoPost(`${paypalUrl}/demo/orders/${payment!.providerOrderId}/forged`)) as {
      answers: Array<{ status: number }>;
    };
    expect(forged.answers[0]!.status).toBe(401);
    const replays = (await demoPost(`${paypalUrl}/demo/orders/${payment!.providerOrderId}/webhook?times=6`)) as {
      answers: Array<{ status: number }>;
    };
    expect(replays.answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await historyOf(order.id)).filter((line) => line.toStatus === "approved")).toHaveLength(1);
  });
});

describe("Pago Móvil against the bank", () => {
  async function paid(reference: string) {
    const order = await storeOrder("pago_movil", "404404404");
    await submitProof(
      handle.db,
      order.id,
      { userId: buyer.id, isStaff: false },
      {
        method: "pago_movil",
        reference,
        bankCode: "0102",
        paidOn: new Date().toISOString().slice(0, 10),
      } as never,
      { key: `${randomUUID()}.png`, type: "image/png", size: 10 },
    );
    return order;
  }

  it("a matching credit approves at once; the same credit never approves a second order", async () => {
    await demoPost(`${bankUrl}/demo/credits`, { amount: "736.50", reference: "000055551234", payerBank: "0102" });
    const first = await paid("55551234");
    expect(await matchPagoMovil(handle.db, first.id)).toBe("approved");
    const second = await paid("0055551234");
    expect(await matchPagoMovil(handle.db, second.id)).toBe("credit_used");
    expect((await statusOf(second.id)).attention).toMatchObject({ code: "CREDIT_ALREADY_USED" });
  });

  it("no match, or the bank down, leaves the order with staff with the reason", async () => {
    const unknown = await paid("11112222");
    expect(await matchPagoMovil(handle.db, unknown.id)).toBe("no_match");
    expect(await statusOf(unknown.id)).toEqual({ status: "proof_submitted", attention: { code: "BANK_NO_MATCH" } });
    const down = await paid("99999999");
    expect(await matchPagoMovil(handle.db, down.id)).toBe("down");
    expect((await statusOf(down.id)).attention).toEqual({ code: "BANK_DOWN" });
    // Staff deciding clears the reason.
    await decideOrder(handle.db, down.id, { userId: staff.id, isStaff: true }, { decision: "approve" });
    expect((await statusOf(down.id)).attention).toBeNull();
  });
});

describe("delivery by the top-up provider", () => {
  async function approvedStoreOrder(gamerId: string) {
    const order = await storeOrder("binance", gamerId);
    await submitProof(
      handle.db,
      order.id,
      { userId: buyer.id, isStaff: false },
      { method: "binance", transactionId: `T-${gamerId}` } as never,
      {
        key: `${randomUUID()}.png`,
        type: "image/png",
        size: 10,
      },
    );
    await decideOrder(handle.db, order.id, { userId: staff.id, isStaff: true }, { decision: "approve" });
    return order;
  }

  it("a failure goes back to staff with the reason; staff retry and it is delivered; a late answer changes nothing", async () => {
    const order = await approvedStoreOrder("777000777");
    expect(await deliverOrder(handle.db, order.id, null)).toBe("failed");
    expect(await statusOf(order.id)).toEqual({
      status: "approved",
      attention: { code: "DELIVERY_FAILED", reason: "Servicio del juego en mantenimiento" },
    });
    // The system does not retry on its own; staff do.
    expect(await deliverOrder(handle.db, order.id, null)).toBe("skipped");
    expect(await deliverOrder(handle.db, order.id, staff.id)).toBe("delivered");
    expect((await statusOf(order.id)).status).toBe("fulfilled");
    const [row] = await handle.db.select({ providerReference: orders.providerReference }).from(orders).where(eq(orders.id, order.id));
    expect(row!.providerReference).toMatch(/^TP-\d+$/);
    // The first attempt answers "delivered" late: the order moved once.
    expect(await applyDeliveryAnswer(handle.db, order.id, 1, { status: "delivered", transactionId: "TP-LATE" })).toBe("delivered");
    expect((await historyOf(order.id)).filter((line) => line.toStatus === "fulfilled")).toHaveLength(1);
    const late = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.delivery_late")));
    expect(late).toHaveLength(1);
  });

  it("a staff-approved order is sent by the poller; a pending delivery is settled by asking the provider", async () => {
    const order = await approvedStoreOrder("300300300");
    await pollPayments(handle.db, new Date(Date.now() + 60_000));
    expect((await statusOf(order.id)).status).toBe("approved");
    await pollPayments(handle.db, new Date(Date.now() + 120_000));
    expect((await statusOf(order.id)).status).toBe("fulfilled");
    expect(paymentServices().topup).not.toBeNull();
  });
});
