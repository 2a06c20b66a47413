import type { Page } from "@playwright/test";
import { OrderPage, PayPage } from "./pages/order-pages";
import { TournamentPage } from "./pages/tournament-page";
import { expectMovesOnAfter } from "./support/clock";
import { waitForMail } from "./support/mailbox";
import { staffApprove } from "./support/staff-desk";
import type { OrderSeedPlan } from "./support/order-seed-plan";
import { pngReceipt } from "./support/receipt-files";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// The player's way for an account whose language is English (docs/product.md, the player's way): a top-up,
// a paid duo registration and a Plus purchase, each bought through the real pages at 360 px, paid
// with a Binance receipt and approved by staff, end on an order page that names the result in
// English, and every mail they cause is in English. (The free solo registration in English is in
// player-way.spec.ts; the same flows in Spanish are in store, tournaments, payments and plus specs.)

const STAFF_EMAIL = "staff-english@example.com";
// The player-ID checker the default web server uses (playwright.config.ts: E2E_PORT + 99).
const ID_CHECKER_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 99}`;

const PLAN: OrderSeedPlan = {
  users: [
    { key: "topUp", email: "topup-en@example.com", name: "Tom Topup", language: "en" },
    { key: "duo", email: "duo-en@example.com", name: "Dana Duo", language: "en" },
    { key: "plus", email: "plus-en@example.com", name: "Paul Plus", language: "en" },
  ],
  orders: [],
};

const test = base.extend<{ site: AppServer }>({
  site: serverFixture({
    prepare: ["tests/e2e/support/seed-orders.ts", JSON.stringify(PLAN)],
    env: { SEED_DEMO: "true", STAFF_EMAILS: STAFF_EMAIL, ID_CHECKER_URL, ID_CHECKER_KEY: "e2e-key", ID_CHECKER_TIMEOUT_MS: "1500" },
  }),
  baseURL: async ({ site }, use) => use(site.url),
  viewport: { width: 360, height: 780 },
});

// One server for the three (in order, one worker): each starts a server that migrates and seeds.
test.describe.configure({ mode: "default", timeout: 90_000 });

/** Pays the order whose payment page is open with a Binance receipt; the order page says it was sent, in English. */
async function payWithBinanceReceipt(page: Page, site: AppServer, email: string): Promise<{ id: string; number: number }> {
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay\/binance$/);
  const id = /\/orders\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  const pay = new PayPage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay with Binance");
  await pay.file.setInputFiles(pngReceipt("binance-en.png"));
  await pay.transactionId.fill(`BNB-EN-${Date.now()}`);
  const sentAt = new Date();
  await pay.submit.click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${id}` && url.searchParams.has("sent"));
  await expect(page.getByTestId("proof-sent")).toBeVisible();
  // The "sent" page moves on by itself (SPEC §4); let it, so it cannot cut a later step short.
  await expectMovesOnAfter(page, 3_000, (url) => !url.searchParams.has("sent"));
  const received = await waitForMail(email, { dataDir: site.dataDir, subject: /^We received your receipt · Order #\d+$/, after: sentAt });
  const number = Number(/#(\d+)$/.exec(received.subject)![1]);
  expect(received.text).not.toMatch(/Pedido|Recibimos/);
  return { id, number };
}

test("an English account tops up Free Fire: the order ends at 'Delivered' with the player it went to, and every mail is English", async ({
  page,
  site,
  browser,
}) => {
  await signIn(page, site, "topup-en@example.com", "/store/free-fire");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.locator('input[name="playerId"]').fill("123456789");
  await expect(page.getByTestId("player-name")).toHaveText("✓ Player: ZeroRushFF");
  // The package by its English name, from the tile to the mails (issue #25).
  await expect(page.locator('[data-package="free-fire-341"]')).toContainText("341 Diamonds");
  await page.locator('[data-package="free-fire-341"]').click();
  await page.locator('[data-method="binance"]').click();
  await page.locator('input[name="phone"]').fill("0414 765 4321");
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("pay-summary")).toContainText("Free Fire · 341 Diamonds × 1");
  const order = await payWithBinanceReceipt(page, site, "topup-en@example.com");

  const decidedAt = new Date();
  await staffApprove(browser, site, STAFF_EMAIL, order.id, "SMILE-EN-0001");
  const orderPage = new OrderPage(page);
  await orderPage.open(order.id);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${order.number}`);
  await expect(orderPage.status).toHaveText("Delivered");
  await expect(orderPage.next).toHaveText("Done! Your top-up was delivered to this account:");
  await expect(page.getByTestId("order-outcome-details")).toContainText("123456789");
  await expect(page.getByTestId("order-outcome-details")).toContainText("ZeroRushFF");
  await expect(page.getByTestId("order-items")).toHaveText("Free Fire · 341 Diamonds × 1");
  const delivered = await waitForMail("topup-en@example.com", {
    dataDir: site.dataDir,
    subject: new RegExp(`^Order delivered · #${order.number}$`),
    after: decidedAt,
  });
  expect(delivered.text).not.toMatch(/Pedido|Entregado|Diamantes/);
  expect(delivered.text).toContain("Your order: Free Fire · 341 Diamonds × 1");
});

test("an English account pays a duo's place: the order ends at 'Registration confirmed' with the event's link, in English", async ({
  page,
  site,
  browser,
}) => {
  await signIn(page, site, "duo-en@example.com", "/tournament?id=blood-strike-duo-clash");
  const tournament = new TournamentPage(page);
  await expect(tournament.submit).toHaveText("Register and pay");
  await tournament.register({
    teamName: "The Twins",
    players: [
      { name: "Dana Duo", ign: "DanaBS", phone: "04141112233" },
      { name: "Dora Duo", ign: "DoraBS" },
    ],
    phone: "04241234567",
    method: "Binance",
  });
  await expect(tournament.started).toContainText("Registration started");
  await tournament.continueToPayment.click();
  const order = await payWithBinanceReceipt(page, site, "duo-en@example.com");

  const decidedAt = new Date();
  await staffApprove(browser, site, STAFF_EMAIL, order.id);
  const orderPage = new OrderPage(page);
  await orderPage.open(order.id);
  await expect(orderPage.status).toHaveText("Registration confirmed");
  await expect(orderPage.next).toHaveText(/^Your place is confirmed\. /);
  await expect(page.getByRole("link", { name: "See the event" })).toHaveAttribute("href", "/tournament?id=blood-strike-duo-clash");
  const confirmed = await waitForMail("duo-en@example.com", {
    dataDir: site.dataDir,
    subject: new RegExp(`^Registration confirmed · Order #${order.number}$`),
    after: decidedAt,
  });
  expect(confirmed.text).not.toMatch(/Inscripción|Pedido/);
});

test("an English account buys Plus: the order ends at 'Plus active until …', /plus says so, and the mail is English", async ({
  page,
  site,
  browser,
}) => {
  await signIn(page, site, "plus-en@example.com", "/plus");
  await page.getByLabel(/^Contact phone/).fill("04141234567");
  await page.getByRole("radio", { name: /Binance/ }).check();
  await page.getByTestId("plus-submit").click();
  const order = await payWithBinanceReceipt(page, site, "plus-en@example.com");

  const decidedAt = new Date();
  await staffApprove(browser, site, STAFF_EMAIL, order.id);
  const orderPage = new OrderPage(page);
  await orderPage.open(order.id);
  await expect(orderPage.status).toHaveText(/^Plus active until .+/);
  await expect(orderPage.next).toHaveText(/^Done! Your Plus is active until .+\.$/);
  await page.goto("/plus");
  await expect(page.getByTestId("plus-active")).toHaveText(/^You are Plus until .+/);
  const welcome = await waitForMail("plus-en@example.com", {
    dataDir: site.dataDir,
    subject: new RegExp(`^You are Plus now! · Order #${order.number}$`),
    after: decidedAt,
  });
  expect(welcome.text).not.toMatch(/Pedido|Ya eres/);
});
