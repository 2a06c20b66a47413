// `npm run bench` part (docs/payments.md): the median time from a payment's confirmation (the provider's signed
// webhook approving the order) to the order delivered by the top-up provider, on the demo servers.
// Runs the product's own code in this process on a fresh PGlite database, with the Binance Pay and
// top-up demos as child processes and a small HTTP "site" that hands their webhooks to the route.
// Prints one JSON line: { orders, medianMs, p90Ms, maxMs }.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";

const ORDERS = Number(process.env.BENCH_INSTANT_ORDERS ?? 20);

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
async function demo(script: string, args: string[]): Promise<string> {
  const port = await freePort();
  children.push(spawn("node", [`scripts/${script}`, "--port", String(port), "--quiet", ...args], { stdio: "ignore" }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${url}/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${script} did not start`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-instant-"));
try {
  const [binance, topup] = await Promise.all([
    demo("binance-pay-demo.mjs", ["--api-key", "bk", "--secret", "bs"]),
    demo("topup-provider-demo.mjs", ["--key", "tk"]),
  ]);
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    BINANCE_PAY_URL: binance,
    BINANCE_PAY_API_KEY: "bk",
    BINANCE_PAY_SECRET: "bs",
    TOPUP_PROVIDER_URL: topup,
    TOPUP_PROVIDER_KEY: "tk",
  });
  const { openDatabase, setDatabase } = await import("~/lib/db.server");
  const { seedDemoData } = await import("~/db/seed");
  const { registerOrderKinds } = await import("~/features/order-kinds.server");
  const { createOrder } = await import("~/features/orders/orders.server");
  const { startProviderPayment } = await import("~/features/payments/checkout.server");
  const { action } = await import("~/features/payments/routes/webhook-binance");
  const schema = await import("~/db/schema");
  const { eq } = await import("drizzle-orm");
  const handle = await openDatabase({ dataDir });
  setDatabase(handle);
  registerOrderKinds();
  await seedDemoData(handle.db);
  const userId = randomUUID();
  await handle.db.insert(schema.users).values({ id: userId, email: "bench-instant@example.com", name: "Bench", age: 30 });

  const sitePort = await freePort();
  const site = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://127.0.0.1:${sitePort}${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
      void (action({ request, params: {}, context: {} } as never) as Promise<Response>).then(async (response) => {
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => site.listen(sitePort, "127.0.0.1", resolve));

  const ids: string[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const created = await createOrder(handle.db, {
      userId,
      kind: "store",
      paymentMethod: "binance",
      currency: "USD",
      amount: 300,
      amountUsd: 300,
      exchangeRate: null,
      phone: "04121234567",
      email: "bench-instant@example.com",
      gamerId: String(100000000 + i),
      expiresAt: new Date(Date.now() + 3_600_000),
      items: [{ packageId: "free-fire-341", label: "341 Diamantes", unitAmount: 300, quantity: 1 }],
    });
    const [order] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, created.id));
    const payment = await startProviderPayment(
      handle.db,
      { ...order!, items: [{ label: "341 Diamantes", quantity: 1 }] },
      `http://127.0.0.1:${sitePort}`,
    );
    // The buyer pays: the demo sends the signed webhook, which approves; delivery follows on its own.
    await fetch(`${binance}/demo/orders/${payment!.providerOrderId}/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    ids.push(created.id);
  }
  const times: number[] = [];
  for (const id of ids) {
    for (let i = 0; i < 400; i++) {
      const lines = await handle.db.select().from(schema.orderStatusHistory).where(eq(schema.orderStatusHistory.orderId, id));
      const approved = lines.find((line) => line.toStatus === "approved");
      const delivered = lines.find((line) => line.toStatus === "fulfilled");
      if (approved && delivered) {
        times.push(delivered.createdAt.getTime() - approved.createdAt.getTime());
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? null;
  site.close();
  await handle.close();
  console.log(JSON.stringify({ orders: times.length, of: ORDERS, medianMs: at(0.5), p90Ms: at(0.9), maxMs: times.at(-1) ?? null }));
} finally {
  for (const child of children) child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
