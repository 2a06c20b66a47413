import fs from "node:fs";
import type { Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-pages";
import { startAppServer, type AppServer } from "./support/app-server";
import { expect, test as base } from "./support/auth-fixtures";
import { signInLink, waitForMail } from "./support/mailbox";

// Each worker runs its own server with the demo data plus staff, a buyer and their orders
// (seed-backoffice.ts), so these tests never disturb the shared server's data.

interface Seeded {
  unpaidVes: { id: string; number: number };
  approved: { id: string; number: number };
  tournamentId: string;
}
interface Office extends AppServer, Seeded {}

const test = base.extend<{ office: Office }, { officeServer: Office }>({
  officeServer: [
    async ({}, use) => {
      const server = await startAppServer({ prepare: ["tests/e2e/support/seed-backoffice.ts"] });
      try {
        await use({ ...server, ...(JSON.parse(server.prepared) as Seeded) });
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  office: async ({ officeServer }, use) => use(officeServer),
  baseURL: async ({ officeServer }, use) => use(officeServer.url),
});

const STAFF = "staff-bo@example.com";

async function signInAsStaff(page: Page, office: Office, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  const auth = new AuthPage(page);
  const askedAt = new Date();
  await auth.requestLink(STAFF);
  await expect(auth.linkSent).toContainText(STAFF);
  await page.goto(await signInLink(STAFF, { after: askedAt, dataDir: office.dataDir }));
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByTestId("admin-shell")).toBeVisible();
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("staff create a tournament and it appears on the landing page", async ({ page, office }) => {
  await signInAsStaff(page, office, "/admin/tournaments");
  await page.getByTestId("new-tournament").click();
  await expect(page.getByTestId("admin-tournament-new")).toBeVisible();
  await page.getByTestId("t-title").fill("Copa Relámpago Ñ");
  await page.getByTestId("t-game").selectOption("blood-strike");
  await page.getByTestId("t-date").fill(inDays(5));
  await page.getByTestId("t-closes").fill(`${inDays(4)}T20:00`);
  await page.getByTestId("t-capacity").fill("0");
  await page.getByTestId("t-fee-kind").selectOption("USD");
  await page.getByTestId("t-fee").fill("2,50");
  await page.getByTestId("t-prize").fill("$150");
  await page.getByTestId("t-publish").check();
  await page.getByTestId("t-save").click();
  // A capacity of zero is refused with a clear message; nothing is created.
  await expect(page.getByTestId("admin-error")).toHaveText("Los cupos deben ser al menos 1.");
  await page.getByTestId("t-capacity").fill("24");
  await page.getByTestId("t-save").click();
  await expect(page.getByTestId("admin-done")).toHaveText("Torneo creado.");

  await page.goto("/");
  await expect(page.getByText("Copa Relámpago Ñ")).toBeVisible();
});

test("a new rate moves the store's Bs prices; an existing order keeps its amount", async ({ page, office }) => {
  await signInAsStaff(page, office, "/admin/exchange-rate");
  await expect(page.getByTestId("current-rate")).toContainText("245.50");
  await page.getByTestId("rate-input").fill("300");
  await page.getByTestId("rate-save").click();
  await expect(page.getByTestId("admin-done")).toContainText("300.00");
  await expect(page.getByTestId("rate-row").first()).toContainText("300.00");

  await page.goto("/store/free-fire");
  await expect(page.getByTestId("store-rate")).toContainText("Bs. 300.00");
  // 110 Diamantes costs $1.00 (demo catalogue): 1.00 × 300 = Bs. 300,00 (it was Bs. 245,50).
  await expect(page.getByTestId("game-page")).toContainText("Bs. 300,00");
  await expect(page.getByTestId("game-page")).not.toContainText("Bs. 245,50");

  await page.goto(`/admin/orders/${office.unpaidVes.id}`);
  await expect(page.getByTestId("order-amount")).toContainText("Bs. 491,00");
});

test("staff refund an approved order with a reason and the refund reference", async ({ page, office }) => {
  await signInAsStaff(page, office, `/admin/orders/${office.approved.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Aprobado");
  await page.getByTestId("refund-link").click();
  await page.getByTestId("move-reason").fill("Pago duplicado");
  await page.getByTestId("refund-reference").fill("PP-REF-7788");
  await page.getByTestId("confirm-refund").click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/orders/${office.approved.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Reembolsado");

  await page.goto("/admin/audit?entity=order");
  await expect(page.getByTestId("audit-row").first()).toContainText("Pedido reembolsado");
  await expect(page.getByTestId("audit-row").first()).toContainText("PP-REF-7788");
});

test("staff refund an approved order with its reference and the buyer is mailed", async ({ page, office }) => {
  await signInAsStaff(page, office, `/admin/orders/${office.approved.id}/refund`);
  await page.getByTestId("move-reason").fill("Pago duplicado");
  await page.getByTestId("refund-reference").fill("PP-REF-1");
  await page.getByTestId("confirm-refund").click();
  const mail = await waitForMail("buyer-bo@example.com", { dataDir: office.dataDir, subject: /reembols/i });
  expect(mail.text).toContain("Pago duplicado");
  expect(mail.text).toContain("PP-REF-1");
  await expect(page).toHaveURL((url) => url.pathname === `/admin/orders/${office.approved.id}`);
  await expect(page.getByTestId("order-status")).toContainText(/Reembolsado/);
});

test("registrations export as CSV that keeps its accents", async ({ page, office }) => {
  await signInAsStaff(page, office, `/admin/tournaments/${office.tournamentId}/registrations`);
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
  await signInAsStaff(page, office, "/admin");
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
  ]) {
    await page.goto(path);
    await expect(page.getByTestId("admin-shell")).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: path })
      .toBeLessThanOrEqual(0);
  }
});
