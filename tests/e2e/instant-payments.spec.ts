import type { Page } from "@playwright/test";
import { PayPage } from "./pages/order-pages";
import { expect, serverFixture, signInOnce, test as base, type AppServer } from "./support/server-fixture";
import { pngReceipt } from "./support/receipt-files";

// Instant payments and delivery (docs/payments.md), in Chromium, on the demo servers started by playwright.config.ts:
// an app of its own (own data, the four adapters on) so no other spec sees orders move by themselves.
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const PAYMENT_DEMO_PORTS = { binance: E2E_PORT + 90, paypal: E2E_PORT + 91, bank: E2E_PORT + 92, topup: E2E_PORT + 93 };
const demo = (name: keyof typeof PAYMENT_DEMO_PORTS) => `http://127.0.0.1:${PAYMENT_DEMO_PORTS[name]}`;

interface Shop extends AppServer {
  orders: Record<"binance" | "replay" | "failing" | "bankMatch" | "bankUnknown" | "paypalFee", { id: string; number: number }>;
}

const test = base.extend<{ shop: Shop }>({
  shop: serverFixture<Pick<Shop, "orders">>({
    prepare: ["tests/e2e/support/seed-instant.ts"],
    env: {
      BINANCE_PAY_URL: demo("binance"),
      BINANCE_PAY_API_KEY: "e2e-binance-key",
      BINANCE_PAY_SECRET: "e2e-binance-secret",
      PAYPAL_API_URL: demo("paypal"),
      PAYPAL_CLIENT_ID: "e2e-paypal",
      PAYPAL_CLIENT_SECRET: "e2e-paypal-secret",
      PAYPAL_WEBHOOK_ID: "E2E-WEBHOOK",
      BANK_MATCH_URL: demo("bank"),
      BANK_MATCH_KEY: "e2e-bank-key",
      TOPUP_PROVIDER_URL: demo("topup"),
      TOPUP_PROVIDER_KEY: "e2e-topup-key",
      PAYMENTS_POLL_SECONDS: "2",
    },
  }),
  baseURL: async ({ shop }, use) => use(shop.url),
});

test.describe.configure({ mode: "serial" });

const EMAIL = { es: "instant-es@example.com", en: "instant-en@example.com", staff: "instant-staff@example.com" } as const;

// Each person asks for a sign-in link once per server (a 4th link for one address within 10 minutes
// is refused); later tests start from that session's cookie.
async function signIn(page: Page, shop: Shop, who: keyof typeof EMAIL, path: string, language: "es" | "en" = "es") {
  await signInOnce(page, shop, EMAIL[who], path, language === "es" ? {} : { language });
}

/** The Binance prepay id the demo gave the order (what a real test harness would read from Binance's dashboard). */
async function prepayIdOf(orderId: string): Promise<string> {
  const answer = await fetch(`${demo("binance")}/demo/orders?merchantTradeNo=${orderId.replaceAll("-", "")}`);
  return ((await answer.json()) as { prepayId: string }).prepayId;
}
const post = async (url: string, body: unknown = {}) =>
  (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json() as Promise<{
    answers?: Array<{ status: number }>;
    webhook?: { status: number };
  }>;

test("Binance (es): QR and app link, paid at Binance, approved and delivered with no staff action", async ({ page, shop }) => {
  test.setTimeout(180_000);
  const order = shop.orders.binance;
  await signIn(page, shop, "es", `/orders/${order.id}/pay/binance`);
  // The receipt path stays below the instant one.
  await expect(new PayPage(page).submit).toBeVisible();
  await page.getByTestId("instant-start").click();
  await expect(page.getByTestId("instant-qr")).toBeVisible();
  // The QR is an image the browser loads after the element shows: wait for it to be drawn.
  await expect.poll(() => page.getByTestId("instant-qr").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId("instant-app")).toHaveAttribute("href", /^bnc:\/\//);
  await page.getByTestId("instant-checkout").click();
  await expect(page.getByTestId("binance-amount")).toHaveText("3.00 USDT");
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Entregado", { timeout: 15_000 });
  await expect(page.locator('[data-step="delivered"]')).toHaveAttribute("data-state", "done");
});

test("PayPal (en): a tournament fee approved at PayPal with no staff action", async ({ page, shop }) => {
  test.setTimeout(180_000);
  const order = shop.orders.paypalFee;
  await signIn(page, shop, "en", `/orders/${order.id}/pay/paypal`, "en");
  await page.getByTestId("instant-start").click();
  await expect(page.getByTestId("paypal-amount")).toHaveText("5.00 USD");
  await page.getByRole("button", { name: "Aprobar pago" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Registration confirmed");
});

test("Pago Móvil (es): the bank finds the credit, the order is approved and delivered", async ({ page, shop }) => {
  test.setTimeout(180_000);
  const order = shop.orders.bankMatch;
  await signIn(page, shop, "es", `/orders/${order.id}/pay/pago_movil`);
  const pay = new PayPage(page);
  // The demo bank holds today's credit of Bs. 736,50 from 0102 with reference …20261234.
  await pay.file.setInputFiles(pngReceipt("pm.png"));
  await pay.reference.fill("20261234");
  await pay.payingBank.selectOption("0102");
  await pay.paidOn.fill(new Date().toISOString().slice(0, 10));
  await pay.submit.click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}`);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Entregado", { timeout: 15_000 });
});

test("Pago Móvil (es): a payment the bank does not know waits for staff with the reason", async ({ page, browser, shop }) => {
  test.setTimeout(180_000);
  const order = shop.orders.bankUnknown;
  await signIn(page, shop, "es", `/orders/${order.id}/pay/pago_movil`);
  const pay = new PayPage(page);
  await pay.file.setInputFiles(pngReceipt("pm2.png"));
  await pay.reference.fill("11112222");
  await pay.payingBank.selectOption("0105");
  await pay.paidOn.fill(new Date().toISOString().slice(0, 10));
  await pay.submit.click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}`);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Verificando tu pago");

  const staff = await browser.newPage({ baseURL: shop.url });
  try {
    await signIn(staff, shop, "staff", "/admin/orders");
    const row = staff.getByTestId("queue-row").filter({ hasText: `#${order.number}` });
    await expect(row.getByTestId("queue-attention")).toHaveText(
      "El banco no encontró este Pago Móvil (monto, referencia, fecha): revísalo a mano.",
    );
  } finally {
    await staff.close();
  }
});

test("top-up provider (es): a failed delivery returns to staff, who retry it, and it is delivered", async ({ page, browser, shop }) => {
  test.setTimeout(180_000);
  const order = shop.orders.failing;
  await signIn(page, shop, "es", `/orders/${order.id}/pay/binance`);
  await page.getByTestId("instant-start").click();
  await expect(page.getByTestId("instant-checkout")).toBeVisible();
  await page.getByTestId("instant-checkout").click();
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Pago aprobado");

  const staff = await browser.newPage({ baseURL: shop.url });
  try {
    await signIn(staff, shop, "staff", `/admin/orders/${order.id}`);
    await expect(staff.getByTestId("attention")).toHaveText("El proveedor no pudo entregar: Servicio del juego en mantenimiento", {
      timeout: 15_000,
    });
    await staff.getByTestId("retry-delivery").click();
    await expect(staff.getByTestId("delivery-result")).toHaveText("El proveedor entregó el pedido.");
    await expect(staff.getByTestId("order-status")).toHaveText("Entregado");
    await expect(staff.getByTestId("delivery-attempts").locator("li")).toHaveCount(2);
  } finally {
    await staff.close();
  }
  // The buyer's page followed it.
  await expect(page.getByTestId("order-status")).toHaveText("Entregado", { timeout: 15_000 });
});

test("webhooks (es): replayed six times the order moves once; a bad signature is refused and logged", async ({ page, browser, shop }) => {
  test.setTimeout(180_000);
  const order = shop.orders.replay;
  await signIn(page, shop, "es", `/orders/${order.id}/pay/binance`);
  await page.getByTestId("instant-start").click();
  await expect(page.getByTestId("instant-checkout")).toBeVisible();
  const prepayId = await prepayIdOf(order.id);
  // A forged webhook first: refused, nothing moves.
  const forged = await post(`${demo("binance")}/demo/orders/${prepayId}/forged`);
  expect(forged.answers?.map((answer) => answer.status)).toEqual([401]);
  // The server's log reaches the test through a pipe: wait for the line, not for the next tick.
  await expect.poll(() => shop.output()).toContain("webhook refused: bad signature");
  const paid = await post(`${demo("binance")}/demo/orders/${prepayId}/pay`);
  expect(paid.webhook?.status).toBe(200);
  const replays = await post(`${demo("binance")}/demo/orders/${prepayId}/webhook?times=6`);
  expect(replays.answers?.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Entregado", { timeout: 15_000 });

  const staff = await browser.newPage({ baseURL: shop.url });
  try {
    await signIn(staff, shop, "staff", `/admin/orders/${order.id}`);
    const history = staff.getByTestId("order-history").locator("li");
    // Created, payment confirmed (proof), approved, delivered: once each.
    await expect(history).toHaveCount(4);
    await expect(staff.getByTestId("automatic-events").locator("li")).toHaveCount(2);
    await staff.goto("/admin");
    await expect(staff.getByTestId("hands-free")).toContainText(/[1-9]\d* pedidos pagados y entregados sin intervención/);
  } finally {
    await staff.close();
  }
});
