import fs from "node:fs";
import type { Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-pages";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";
import { signInLink, waitForMail } from "./support/mailbox";
import { followSignInLink } from "./support/sign-in-link";

// Each worker runs its own server with the demo data plus staff, a buyer and their orders
// (seed-backoffice.ts), so these tests never disturb the shared server's data.

interface Seeded {
  unpaidVes: { id: string; number: number };
  approved: { id: string; number: number };
  approvedToo: { id: string; number: number };
  toDeliver: { id: string; number: number };
  /** Two proofs waiting, older than the rest: queueSecond is the oldest of all. */
  queueFirst: { id: string; number: number };
  queueSecond: { id: string; number: number };
  tournamentId: string;
}
interface Office extends AppServer, Seeded {}

const test = base.extend<{ office: AppServer & Seeded }>({
  office: serverFixture<Seeded>({ prepare: ["tests/e2e/support/seed-backoffice.ts"] }),
  baseURL: async ({ office }, use) => use(office.url),
});

// One worker runs these tests in order, on one server: a second or third worker would only seed and
// start another copy of it (about a minute of a loaded machine's time each).
test.describe.configure({ mode: "default" });

const STAFF = "staff-bo@example.com";
// Sign-in links are limited to 3 per address in 10 minutes: with one worker, these tests share the staff among them.
const STAFF_2 = "staff-bo2@example.com";
const STAFF_3 = "staff-bo3@example.com";

async function signInAsStaff(page: Page, office: Office, path: string, staff = STAFF) {
  // The back-office is a 404 for visitors: staff sign in first and are sent on.
  await signIn(page, office, staff, path);
  await expect(page.getByTestId("admin-shell")).toBeVisible();
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("staff create a tournament and it appears on the landing page", async ({ page, office }) => {
  await signInAsStaff(page, office, "/admin/tournaments");
  await page.getByTestId("new-tournament").click();
  await expect(page.getByTestId("admin-tournament-new")).toBeVisible();
  // Opened directly too (the page hydrates): the badges have their names, and nothing is logged.
  await page.reload();
  await expect(page.getByTestId("admin-tournament-new")).toContainText("Escuadra");
  await expect(page.getByTestId("admin-tournament-new")).not.toContainText("badges.");
  await page.getByTestId("t-title").fill("Copa Relámpago Ñ");
  await page.getByTestId("t-game").selectOption("blood-strike");
  await page.getByTestId("t-date").fill(inDays(5));
  await page.getByTestId("t-closes").fill(`${inDays(4)}T20:00`);
  await page.getByTestId("t-capacity").fill("0");
  await page.getByTestId("t-fee-kind").selectOption("USD");
  await page.getByTestId("t-fee").fill("2,50");
  await page.getByTestId("t-prize").fill("$150");
  await page.getByTestId("t-prize-split").fill("50, 30");
  await page.getByTestId("t-publish").check();
  await page.getByTestId("t-save").click();
  // A capacity of zero is refused with a clear message; nothing is created.
  await expect(page.getByTestId("admin-error")).toHaveText("Los cupos deben ser al menos 1.");
  // Every wrong field is told at once, each under its own field and linked to it.
  await expect(page.getByTestId("t-error-capacity")).toHaveText("Los cupos deben ser al menos 1.");
  await expect(page.getByTestId("t-error-prizeSplit")).toHaveText("Los porcentajes del reparto deben sumar 100.");
  await expect(page.getByTestId("t-capacity")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("t-prize-split")).toHaveAccessibleDescription("Los porcentajes del reparto deben sumar 100.");
  await page.getByTestId("t-capacity").fill("24");
  await page.getByTestId("t-prize-split").fill("50, 30, 20");
  await page.getByTestId("t-save").click();
  await expect(page.getByTestId("admin-done")).toHaveText("Torneo creado.");
  // Its page leads to the run page (format, check-in and size already set there), and the run page back.
  await page.getByTestId("run-link").click();
  await expect(page.getByTestId("run-page")).toBeVisible();
  await page.getByTestId("run-back").click();
  await expect(page.getByTestId("t-title")).toHaveValue("Copa Relámpago Ñ");

  await page.goto("/");
  await expect(page.getByText("Copa Relámpago Ñ")).toBeVisible();

  // The catalogue's forms mark each wrong field the same way (checked here: sign-in links are limited per address).
  await page.goto("/admin/catalogue");
  const game = page.getByTestId("game-free-fire");
  // Spaces pass the browser's "required" and are refused by the server as an empty name.
  await game.locator('input[name="name"]').fill("   ");
  await game.locator('input[name="logo"]').fill("javascript:alert(1)");
  await game.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("admin-error")).toHaveText("Escribe el nombre.");
  await expect(page.getByTestId("game-free-fire-error-name")).toHaveText("Escribe el nombre.");
  await expect(page.getByTestId("game-free-fire-error-logo")).toHaveText(
    "El arte debe ser una ruta del sitio (/images/…) o una dirección https.",
  );
  await expect(page.getByTestId("game-free-fire").locator('input[name="logo"]')).toHaveAttribute("aria-invalid", "true");

  await page.goto("/admin/catalogue/free-fire");
  const fresh = page.getByTestId("package-new");
  await fresh.locator('input[name="label"]').fill("   ");
  await fresh.locator('input[name="priceUsd"]').fill("abc");
  await fresh.getByRole("button").click();
  await expect(page.getByTestId("admin-error")).toHaveText("Escribe el nombre del paquete.");
  await expect(page.getByTestId("package-new").locator('input[name="label"]')).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("package-new").locator('input[name="priceUsd"]')).toHaveAccessibleDescription(
    "El precio en USD debe ser un número con hasta dos decimales.",
  );
});

test("a new rate moves the store's Bs prices; an existing order keeps its amount", async ({ page, office }) => {
  await signInAsStaff(page, office, "/admin/exchange-rate");
  await expect(page.getByTestId("current-rate")).toContainText("245,50");
  await page.getByTestId("rate-input").fill("300");
  await page.getByTestId("rate-save").click();
  // 245,50 → 300 is 22% more: nothing is saved until staff confirm (docs/product.md "Staff verification").
  await expect(page.getByTestId("rate-confirm")).toContainText("Bs. 245,50");
  await expect(page.getByTestId("rate-confirm")).toContainText("22,2 % más alta");
  await expect(page.getByTestId("current-rate")).toContainText("245,50");
  await page.getByTestId("rate-confirm-save").click();
  await expect(page.getByTestId("admin-done")).toContainText("300,00");
  await expect(page.getByTestId("rate-row").first()).toContainText("300,00");

  await page.goto("/store/free-fire");
  await expect(page.getByTestId("store-rate")).toContainText("Bs. 300,00");
  // 110 Diamantes costs $1.00 (demo catalogue): 1.00 × 300 = Bs. 300,00 (it was Bs. 245,50).
  await expect(page.getByTestId("game-page")).toContainText("Bs. 300,00");
  await expect(page.getByTestId("game-page")).not.toContainText("Bs. 245,50");

  await page.goto(`/admin/orders/${office.unpaidVes.id}`);
  await expect(page.getByTestId("order-amount")).toContainText("Bs. 491,00");
});

test("on a phone, staff find an order by the buyer's phone, written any way", async ({ page, office }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsStaff(page, office, "/admin/orders", STAFF_3);
  await page.getByTestId("order-search-input").fill("+58 414-123 4567");
  await page.getByTestId("order-search-input").press("Enter");
  await expect(page.getByTestId("admin-orders-queue")).toContainText(`#${office.unpaidVes.number}`);
  await page.getByTestId("order-search-input").fill("Bruno");
  await page.getByTestId("order-search-input").press("Enter");
  await expect(page.getByTestId("admin-orders-queue")).toContainText(`#${office.unpaidVes.number}`);
});

test("staff refund an approved order with a reason and the refund reference", async ({ page, office }) => {
  await signInAsStaff(page, office, `/admin/orders/${office.approved.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Aprobado");
  await expect(page.getByTestId("player-card")).toBeVisible();
  await page.getByTestId("refund-link").click();
  await page.getByTestId("move-reason").fill("Pago duplicado");
  await page.getByTestId("refund-reference").fill("PP-REF-7788");
  await page.getByTestId("confirm-refund").click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/orders/${office.approved.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Reembolsado");
  // The order page shows the refund's reference, and no delivery panel: nothing is left to deliver.
  await expect(page.getByTestId("order-refund-reference")).toContainText("PP-REF-7788");
  await expect(page.getByTestId("player-card")).toHaveCount(0);

  await page.goto("/admin/audit?entity=order");
  // A sentence whose subject is a link to the order.
  const row = page.getByTestId("audit-row").first();
  await expect(row.getByTestId("audit-sentence")).toHaveText(`staff-bo@example.com reembolsó la orden #${office.approved.number}`);
  await expect(row.getByTestId("audit-target")).toHaveAttribute("href", `/admin/orders/${office.approved.id}`);
  await expect(row).toContainText("PP-REF-7788");

  // On a phone every column is a stacked line of the row, inside the screen, headed by its column (docs/accessibility.md).
  await page.setViewportSize({ width: 360, height: 800 });
  const cells = row.locator("td");
  await expect(cells).toHaveCount(4);
  for (let index = 0; index < 4; index++) {
    const box = (await cells.nth(index).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(await cells.nth(3).evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Después"');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("staff refund an approved order to the buyer's wallet; the buyer is mailed and finds the money in the wallet", async ({
  page,
  browser,
  office,
}) => {
  await signInAsStaff(page, office, `/admin/orders/${office.approvedToo.id}/refund`, STAFF_2);
  await page.getByTestId("move-reason").fill("Pago duplicado");
  // To the wallet: no reference is asked for.
  await page.getByTestId("refund-to-wallet").check();
  await page.getByTestId("confirm-refund").click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/orders/${office.approvedToo.id}`);
  await expect(page.getByTestId("order-status")).toContainText(/Reembolsado/);
  const mail = await waitForMail("buyer-bo@example.com", {
    dataDir: office.dataDir,
    subject: new RegExp(`Reembolso del pedido #${office.approvedToo.number}$`),
  });
  expect(mail.text).toContain("Pago duplicado");
  expect(mail.text).toContain("billetera");

  // The buyer, on a phone: the order says where the money went and leads to the wallet, which shows it.
  const buyer = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await signIn(buyer, office, "buyer-bo@example.com", `/orders/${office.approvedToo.id}`);
  await expect(buyer.getByTestId("order-page")).toContainText("a tu billetera");
  await buyer.getByTestId("order-outcome-link").click();
  await expect(buyer).toHaveURL((url) => url.pathname === "/wallet");
  await expect(buyer.locator("main")).toContainText(`Reembolso del pedido #${office.approvedToo.number}`);
  await buyer.close();
});

test("staff approve a top-up, copy what to deliver, mark it delivered with the provider's id; the buyer sees it delivered", async ({
  page,
  browser,
  office,
}) => {
  const order = office.toDeliver;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: office.url });
  await signInAsStaff(page, office, `/admin/orders/${order.id}`, STAFF_3);
  await expect(page.getByTestId("order-status")).toHaveText("Comprobante enviado");
  const card = page.getByTestId("player-card");
  await expect(card.getByTestId("player-game")).toHaveText("Mobile Legends");
  await expect(card.getByTestId("player-id")).toHaveText("12345678");
  await expect(card.getByTestId("player-zone")).toHaveText("2001");
  await expect(card.getByTestId("player-name")).toHaveText("MLKing");
  await expect(card.getByTestId("player-package-1")).toHaveText("86 Diamantes × 2");
  await expect(card.getByTestId("player-package-2")).toHaveText("172 Diamantes");
  for (const [testId, value, toast] of [
    ["player-id", "12345678", "Copiado: ID de jugador"],
    ["player-zone", "2001", "Copiado: Zona / servidor"],
    ["player-package-1", "86 Diamantes × 2", "Copiado: Paquete 1"],
  ] as const) {
    await card.getByTestId(`copy-${testId}`).click();
    await expect(page.getByRole("status").filter({ hasText: toast })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  }

  await page.getByTestId("approve").click();
  // After a decision the next proof waiting opens, or the queue when none is left.
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/admin/orders") && url.searchParams.has("done"));
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Aprobado");
  // Too long a provider id is refused with a clear message; what was typed stays.
  await page.getByTestId("provider-reference-input").evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await page.getByTestId("provider-reference-input").fill("X".repeat(101));
  await page.getByTestId("fulfil").click();
  await expect(page.getByTestId("review-error")).toHaveText("El ID de transacción del proveedor admite hasta 100 caracteres.");
  await expect(page.getByTestId("order-status")).toHaveText("Aprobado");
  await page.getByTestId("provider-reference-input").fill("  SMILE-2026-44871  ");
  await page.getByTestId("fulfil").click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/admin/orders") && url.searchParams.has("done"));

  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Entregado");
  await expect(page.getByTestId("delivered")).toContainText("Entregado por Elena Entregas");
  await expect(page.getByTestId("provider-reference")).toHaveText("Transacción del proveedor: SMILE-2026-44871");
  await page.goto("/admin/audit?entity=order");
  await expect(page.getByTestId("audit-row").first()).toContainText("SMILE-2026-44871");

  // The buyer, at their own browser, sees the order delivered (and is mailed).
  const buyer = await browser.newContext({ baseURL: office.url, locale: "es-VE", timezoneId: "America/Caracas" });
  try {
    const buyerPage = await buyer.newPage();
    const path = `/orders/${order.id}`;
    await buyerPage.goto(path);
    await expect(buyerPage).toHaveURL((url) => url.pathname === "/auth");
    const auth = new AuthPage(buyerPage);
    const askedAt = new Date();
    await auth.requestLink("buyer-bo@example.com");
    await expect(auth.linkSent).toContainText("buyer-bo@example.com");
    await followSignInLink(buyerPage, await signInLink("buyer-bo@example.com", { after: askedAt, dataDir: office.dataDir }));
    await expect(buyerPage).toHaveURL((url) => url.pathname === path);
    await expect(buyerPage.getByTestId("order-status")).toHaveText("Entregado");
    await waitForMail("buyer-bo@example.com", { dataDir: office.dataDir, subject: new RegExp(`Pedido entregado · #${order.number}`) });
  } finally {
    await buyer.close();
  }
});

test("the dashboard's first row leads to the work, and after a decision the next proof opens", async ({ page, office }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page, office, "/admin", STAFF_3);
  const work = page.getByTestId("work-row");
  for (const key of ["toApprove", "toDeliver", "disputes", "support", "refunds"])
    await expect(work.getByTestId(`work-${key}`)).toBeVisible();

  // To approve: the queue of proofs, the oldest first.
  await work.getByTestId("work-toApprove").click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/orders" && url.searchParams.get("status") === "proof_submitted");
  await expect(page.getByTestId("queue-row").first()).toContainText(`#${office.queueSecond.number}`);
  // To deliver: approved store orders.
  await page.goto("/admin");
  await work.getByTestId("work-toDeliver").click();
  await expect(page).toHaveURL((url) => url.searchParams.get("status") === "approved" && url.searchParams.get("kind") === "store");
  await expect(page.getByTestId("queue-kind")).toHaveValue("store");
  // Support, disputes and refunds open their lists.
  await page.goto("/admin");
  await work.getByTestId("work-support").click();
  await expect(page.getByTestId("admin-support")).toBeVisible();
  await expect(page.getByTestId("admin-nav-support")).toHaveAttribute("aria-current", "page");
  for (const key of ["disputes", "refunds"]) {
    await page.goto("/admin");
    await work.getByTestId(`work-${key}`).click();
    await expect(page.getByTestId("tournaments-work")).toBeVisible();
  }

  // Approving the second oldest proof opens the oldest one, saying which order was done.
  await page.goto(`/admin/orders/${office.queueFirst.id}`);
  await page.getByTestId("approve").click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/orders/${office.queueSecond.id}`);
  await expect(page.getByTestId("decision-done")).toHaveText(`Listo: el pedido #${office.queueFirst.number} fue actualizado.`);
  await expect(page.getByTestId("order-status")).toHaveText("Comprobante enviado");
  // "Approve and deliver" finishes it in one step.
  await page.getByTestId("approve-deliver-reference").fill("GC-4455");
  await page.getByTestId("approve_deliver").click();
  await expect(page).toHaveURL((url) => url.searchParams.get("done") === String(office.queueSecond.number));
  await page.goto(`/admin/orders/${office.queueSecond.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Entregado");

  // The cash close of today shows the approved dollars, and exports them.
  await page.goto("/admin");
  await expect(page.getByTestId("cash-close-rows")).toContainText("PayPal");
  const downloading = page.waitForEvent("download");
  await page.getByTestId("cash-close-csv").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cierre-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("registrations export as CSV that keeps its accents", async ({ page, office }) => {
  await signInAsStaff(page, office, `/admin/tournaments/${office.tournamentId}/registrations`, STAFF_2);
  await expect(page.getByTestId("registration-row")).toContainText("José Ñúñez Güerere");
  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^inscripciones-copa-free-fire-solo\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  expect(text.split("\r\n")[0]).toContain("Teléfono del jugador");
  expect(text).toContain("José Ñúñez Güerere");
  expect(text).toContain("Ñandú_Rápido");
});

test("the back-office fits a phone and speaks English", async ({ page, office }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsStaff(page, office, "/admin", STAFF_2);
  await page.goto("/admin?lang=en");
  await expect(page.getByTestId("admin-nav-audit")).toHaveText("Audit");
  await expect(page.getByTestId("queue-length")).toBeVisible();
  for (const path of [
    "/admin",
    "/admin/orders?status=all",
    "/admin/tournaments",
    `/admin/tournaments/${office.tournamentId}/registrations`,
    "/admin/exchange-rate",
    "/admin/audit",
    "/admin/mail",
    "/admin/mail?view=sent",
    "/admin/catalogue",
    `/admin/orders/${office.toDeliver.id}`,
  ]) {
    await page.goto(path);
    await expect(page.getByTestId("admin-shell")).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: path })
      .toBeLessThanOrEqual(0);
  }
});
