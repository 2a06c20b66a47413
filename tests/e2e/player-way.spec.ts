import type { Page } from "@playwright/test";
import { TournamentPage } from "./pages/tournament-page";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";
import { waitForMail } from "./support/mailbox";
import type { OrderSeedPlan, SeededOrders } from "./support/order-seed-plan";
import { otherPhone } from "./support/staff-desk";

// The player's way at phone width: help one tap from an order (the order filled in) answered by
// staff, and an account switched to English gets English pages and English mails. Each worker
// runs its own server (seed-orders.ts), so mails and numbers are its own.

const PLAN: OrderSeedPlan = {
  users: [
    { key: "staff", email: "staff-way@example.com", name: "Sara Staff", isStaff: true },
    { key: "ana", email: "ana-way@example.com", name: "Ana Camino" },
    { key: "john", email: "john-way@example.com", name: "John Way" },
  ],
  orders: [
    { key: "anaTopUp", owner: "ana", method: "binance", label: "100 Diamantes Free Fire" },
    { key: "johnPlace", owner: "john", method: "binance", kind: "tournament", label: "Blood Strike Duo Clash" },
  ],
};

const test = base.extend<{ way: AppServer & SeededOrders }>({
  way: serverFixture<SeededOrders>({ prepare: ["tests/e2e/support/seed-orders.ts", JSON.stringify(PLAN)] }),
  baseURL: async ({ way }, use) => use(way.url),
  viewport: { width: 360, height: 780 },
});

// One worker runs these tests in order, on one server: another worker would only seed and start
// another copy of it (about a minute of a loaded machine's time each).
test.describe.configure({ mode: "default", timeout: 90_000 });

/** Every console message of the page (errors included, even "Failed to load resource"), to prove a refusal logs nothing. */
function consoleOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") seen.push(message.text());
  });
  return seen;
}

test("support is one tap away on a phone: from the account menu and from the footer", async ({ page, way }) => {
  await signIn(page, way, "ana-way@example.com", "/store");
  await page.getByTestId("account-menu-button").click();
  await page.getByTestId("support-link").click();
  await expect(page).toHaveURL((url) => url.pathname === "/support");
  await expect(page.getByRole("textbox", { name: /^Mensaje/ })).toBeVisible();
  await page.goto("/tournaments");
  await page.getByTestId("footer-support").click();
  await expect(page).toHaveURL((url) => url.pathname === "/support");
});

test("support opened from an order has the order filled in, gets a number and a mail, and staff's answer reaches the player", async ({
  page,
  way,
  browser,
}) => {
  const order = way.orders.anaTopUp!;
  await signIn(page, way, "ana-way@example.com", `/orders/${order.id}`);
  const console = consoleOf(page);
  await page.getByTestId("order-support-link").click();
  await expect(page).toHaveURL((url) => url.pathname === "/support" && url.searchParams.get("order") === order.id);
  await expect(page.getByTestId("support-subject")).toHaveText(`Sobre el pedido #${order.number}`);
  await expect(page.getByRole("combobox", { name: /^Tema/ })).toHaveValue("order");
  // The order is attached, so the hint no longer asks for its number.
  await expect(page.getByText("Entre 10 y 2000 caracteres.", { exact: true })).toBeVisible();

  // A refused message: every field's own message at once, no browser bubble, nothing in the console.
  await page.getByRole("combobox", { name: /^Tema/ }).selectOption("order");
  await page.getByRole("textbox", { name: /^Mensaje/ }).fill("hola");
  await page.getByTestId("support-submit").click();
  await expect(page.getByTestId("support-error-message")).toHaveText("Escribe al menos 10 caracteres.");
  await expect(page.getByTestId("support-subject")).toHaveText(`Sobre el pedido #${order.number}`);
  expect(console).toEqual([]);

  const sentAt = new Date();
  await page.getByRole("textbox", { name: /^Mensaje/ }).fill("Pagué y mis diamantes no llegan todavía");
  await page.getByTestId("support-submit").click();
  await expect(page.getByTestId("support-sent")).toContainText(/Recibimos tu mensaje #\d+/);
  const number = /#(\d+)/.exec((await page.getByTestId("support-sent").textContent()) ?? "")![1]!;
  await expect(page.getByTestId("support-mine-row").first()).toContainText(`Mensaje #${number}`);
  await expect(page.getByTestId("support-mine-row").first()).toContainText(`Sobre el pedido #${order.number}`);
  const ack = await waitForMail("ana-way@example.com", { dataDir: way.dataDir, subject: /Recibimos tu mensaje/, after: sentAt });
  expect(ack.subject).toBe(`Recibimos tu mensaje #${number}`);
  expect(ack.text).toContain(`Sobre el pedido #${order.number}.`);

  // Staff answer from the support inbox.
  const staff = await otherPhone(browser, way);
  try {
    await signIn(staff.page, way, "staff-way@example.com", "/admin/support");
    const row = staff.page.getByTestId("support-row").filter({ hasText: `#${number}` });
    await expect(row.getByTestId("support-row-order")).toHaveText(`Pedido #${order.number}`);
    await row.getByRole("textbox", { name: /^Respuesta/ }).fill("Ya revisamos tu pago: tus diamantes van en camino.");
    await row.getByTestId("support-send-reply").click();
    await expect(staff.page.getByTestId("support-replied")).toHaveText(`Respuesta enviada al mensaje #${number}.`);
    // The answer is in the audit log.
    await staff.page.goto("/admin/audit?action=support.reply");
    await expect(staff.page.getByTestId("audit-sentence").first()).toContainText("staff-way@example.com respondió el mensaje de soporte");
  } finally {
    await staff.context.close();
  }
  const reply = await waitForMail("ana-way@example.com", { dataDir: way.dataDir, subject: /Respuesta a tu mensaje/, after: sentAt });
  expect(reply.subject).toBe(`Respuesta a tu mensaje #${number}`);
  expect(reply.text).toContain("Ya revisamos tu pago");
  await page.goto("/support");
  await expect(page.getByTestId("support-reply").first()).toContainText("Ya revisamos tu pago: tus diamantes van en camino.");
  await expect(page.getByTestId("support-mine-status").first()).toHaveText("Respondido");
});

test("an account switched to English: the free solo registration and support answer in English, and so do their mails", async ({
  page,
  way,
}) => {
  await signIn(page, way, "john-way@example.com", "/orders");
  // The switch, signed in, is saved on the account: every mail follows it.
  await page.goto("/orders?lang=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  const tournament = new TournamentPage(page);
  await tournament.open("copa-free-fire-solo");
  // The banner's words are page text in the page's language, not baked into the picture.
  await expect(page.getByTestId("banner-text")).toContainText("Tournament");
  const sentAt = new Date();
  await tournament.register({ players: [{ name: "John Way", ign: "JohnWayFF" }], phone: "+58 414 765-4321" });
  await expect(tournament.confirmed).toHaveText("Done! Your registration is confirmed. We sent you an e-mail.");
  // The player stays on the page, their place shown.
  await expect(page).toHaveURL((url) => url.pathname === "/tournament");
  await expect(tournament.registrationStatus).toBeVisible();
  const confirmed = await waitForMail("john-way@example.com", { dataDir: way.dataDir, subject: /Registration confirmed/, after: sentAt });
  expect(confirmed.text).not.toMatch(/Inscripción/);

  // Help from the registration, in English, with an English acknowledgement.
  await page.getByTestId("registration-support-link").click();
  await expect(page.getByTestId("support-subject")).toHaveText(/^About your registration in /);
  const console = consoleOf(page);
  await page.getByTestId("support-submit").click();
  await expect(page.getByTestId("support-error-message")).toHaveText("Write at least 10 characters.");
  expect(console).toEqual([]);
  await page.getByRole("textbox", { name: /^Message/ }).fill("Where do I see the check-in time?");
  await page.getByTestId("support-submit").click();
  await expect(page.getByTestId("support-sent")).toContainText(/We got your message #\d+/);
  const ack = await waitForMail("john-way@example.com", { dataDir: way.dataDir, subject: /We got your message/, after: sentAt });
  expect(ack.text).toContain("reached our team");
});
