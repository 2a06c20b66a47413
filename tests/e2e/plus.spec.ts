import type { Browser } from "@playwright/test";
import { PayPage, StaffReviewPage } from "./pages/order-pages";
import { TournamentPage } from "./pages/tournament-page";
import { expectMovesOnAfter } from "./support/clock";
import { randomClientIp } from "./support/auth-fixtures";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";
import { waitForMail } from "./support/mailbox";
import { PHONE } from "./support/phone";
import { pngReceipt } from "./support/receipt-files";

// Plus from the buyer's side and the staff's: buy a month, staff approve it, the badge appears, and
// the member registers early while another player sees their own opening time counting down.
// Each worker runs its own server (seed-plus.ts) so the opening time is its own.

interface Club extends AppServer {
  tournamentId: string;
}

const test = base.extend<{ club: AppServer & { tournamentId: string } }>({
  club: serverFixture<{ tournamentId: string }>({ prepare: ["tests/e2e/support/seed-plus.ts"] }),
  baseURL: async ({ club }, use) => use(club.url),
});

// One worker runs these tests in order, on one server: another worker would only seed and start
// another copy of it (about a minute of a loaded machine's time each).
test.describe.configure({ mode: "default" });
// The buyer is on a phone (360 px), as most of our players are.
test.use({ viewport: PHONE });

async function otherBrowser(browser: Browser, club: Club) {
  const context = await browser.newContext({
    baseURL: club.url,
    locale: "es-VE",
    timezoneId: "America/Caracas",
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  // On Playwright's clock, as the shared fixture's pages are (support/test.ts).
  await context.clock.install();
  return { context, page: await context.newPage() };
}

test("buy Plus, staff approve it, the badge appears and the member registers 15 minutes early", async ({ page, club, browser }) => {
  test.setTimeout(120_000);
  // A visitor reads the offer and is asked to sign in to buy.
  await page.goto("/plus");
  await expect(page.getByTestId("plus-price")).toHaveText("$5,00");
  // Every benefit works: none is "coming", and each one that lives on a page of its own links there.
  await expect(page.getByTestId("plus-benefits")).not.toContainText("Próximamente");
  for (const [benefit, href] of [
    ["fees", "/wallet"],
    ["subscriptions", "/streamers"],
    ["events", "/tournaments?plus=1"],
    ["create", "/organizations/new"],
    ["discord", "/auth/profile"],
    ["replays", "/tournaments"],
  ] as const)
    await expect(page.getByTestId(`plus-benefit-${benefit}`)).toHaveAttribute("href", href);
  await page.getByTestId("plus-sign-in").click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/plus");

  await signIn(page, club, "plus-buyer@example.com", "/plus");
  await expect(page.getByTestId("plus-badge")).toHaveCount(0);
  // A bad phone is refused with its message; nothing is bought.
  await page.getByLabel(/^Teléfono de contacto/).fill("123");
  await page.getByRole("radio", { name: /Binance/ }).check();
  await page.getByTestId("plus-submit").click();
  await expect(page.getByTestId("plus-error")).toHaveText("Por favor, ingresa un número de teléfono venezolano válido (ej. 0412xxxxxxx).");
  // The server's answer, swapped in place, holds what was typed.
  await expect(page.getByLabel(/^Teléfono de contacto/)).toHaveValue("123");
  await expect(page.getByRole("radio", { name: /Binance/ })).toBeChecked();
  await expect(page).toHaveURL((url) => url.pathname === "/plus");
  await page.getByLabel(/^Teléfono de contacto/).fill("04141234567");
  await page.getByRole("radio", { name: /Binance/ }).check();
  await page.getByTestId("plus-submit").click();

  // The same payment page as any order.
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay\/binance$/);
  const orderId = /\/orders\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  const pay = new PayPage(page);
  await expect(pay.amount).toHaveText("$5,00");
  await pay.file.setInputFiles(pngReceipt("plus.png"));
  await pay.transactionId.fill("BNB-PLUS-0001");
  await pay.submit.click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${orderId}`);
  // As after any payment, the page moves on by itself a few seconds later: back to /plus, which shows the purchase in progress.
  await expectMovesOnAfter(page, 3_000, (url) => url.pathname === "/plus");
  await expect(page.getByTestId("plus-in-progress")).toBeVisible();

  // Staff approve it from their own browser.
  const staff = await otherBrowser(browser, club);
  try {
    await signIn(staff.page, club, "staff-plus@example.com", `/admin/orders/${orderId}`);
    const review = new StaffReviewPage(staff.page);
    await review.approve.click();
    // The next proof waiting opens, or the queue when none is left.
    await expect(staff.page).toHaveURL((url) => url.pathname.startsWith("/admin/orders") && url.searchParams.has("done"));
  } finally {
    await staff.context.close();
  }
  const mail = await waitForMail("plus-buyer@example.com", { dataDir: club.dataDir, subject: /Ya eres Plus/ });
  expect(mail.links).toContain(`${club.url}/orders/${orderId}`);

  // The member: badge, membership on /plus, and the tournament already open for them.
  await page.goto("/plus");
  // On a phone the badge is beside the greeting in the account menu.
  await page.getByTestId("account-menu-button").click();
  await expect(page.getByTestId("plus-badge")).toBeVisible();
  await expect(page.getByTestId("plus-active")).toContainText("Eres Plus hasta el");
  await expect(page.getByTestId("plus-periods").locator("li")).toHaveCount(1);
  // Its card on the landing page says the tournament is already open for a member.
  await page.goto("/");
  await expect(page.getByTestId("tournament-opens").first()).toHaveText("Plus: ya puedes inscribirte");
  const tournament = new TournamentPage(page);
  await tournament.open(club.tournamentId);
  await expect(page.getByTestId("registration-opens")).toHaveCount(0);
  await tournament.register({ players: [{ name: "Pía Premium", ign: "PiaPlus" }], phone: "04141234567" });
  await expect(tournament.confirmed).toBeVisible();

  // Everyone else sees their own opening time, counting down, and a way to Plus.
  const other = await otherBrowser(browser, club);
  try {
    await signIn(other.page, club, "plus-other@example.com", `/tournament?id=${club.tournamentId}`);
    const opens = other.page.getByTestId("registration-opens");
    await expect(opens).toContainText("Las inscripciones abren el");
    // The countdown says the time left on the server's clock (opening in 10 minutes from the seed),
    // and ticks: one second skipped on the page's clock is one second less.
    const countdown = opens.getByTestId("countdown");
    const secondsLeft = async () => {
      const match = /^Abre en (\d+) min (\d{2}) s$/.exec((await countdown.textContent()) ?? "");
      expect(match, "the countdown reads 'Abre en M min SS s'").not.toBeNull();
      return Number(match![1]) * 60 + Number(match![2]);
    };
    const serverLeft = Date.parse((await countdown.getAttribute("data-to"))!) - Date.parse((await countdown.getAttribute("data-now"))!);
    expect(serverLeft).toBeGreaterThan(0);
    expect(serverLeft).toBeLessThanOrEqual(10 * 60_000);
    await other.page.clock.pauseAt((await other.page.evaluate(() => Date.now())) + 1_000);
    const before = await secondsLeft();
    expect(before).toBeLessThanOrEqual(Math.ceil(serverLeft / 1000));
    await other.page.clock.runFor(1_000);
    expect(await secondsLeft()).toBe(before - 1);
    await other.page.clock.resume();
    await expect(other.page.getByTestId("registration-form")).toHaveCount(0);
    await expect(opens.getByRole("link", { name: /Arena Plus/ })).toHaveAttribute("href", "/plus");
    await other.page.goto("/");
    await expect(other.page.getByTestId("tournament-opens").first()).toHaveText(/^Inscripciones desde el /);
  } finally {
    await other.context.close();
  }
});

test("without JavaScript the same refusal comes back with what was typed, and a purchase goes on to payment", async ({
  page,
  club,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, club, "plus-plain@example.com", "/plus");
  const context = await browser.newContext({
    baseURL: club.url,
    locale: "es-VE",
    timezoneId: "America/Caracas",
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    await plain.goto("/plus");
    await plain.getByLabel(/^Teléfono de contacto/).fill("0412");
    await plain.getByRole("radio", { name: /Binance/ }).check();
    await plain.getByTestId("plus-submit").click();
    await expect(plain.getByTestId("plus-error")).toHaveText(
      "Por favor, ingresa un número de teléfono venezolano válido (ej. 0412xxxxxxx).",
    );
    await expect(plain.getByLabel(/^Teléfono de contacto/)).toHaveValue("0412");
    await expect(plain.getByRole("radio", { name: /Binance/ })).toBeChecked();
    await plain.getByLabel(/^Teléfono de contacto/).fill("04121234567");
    await plain.getByTestId("plus-submit").click();
    await expect(plain).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay\/binance$/);
    await expect(new PayPage(plain).amount).toHaveText("$5,00");
  } finally {
    await context.close();
  }
});
