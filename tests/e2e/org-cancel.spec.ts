import fs from "node:fs";
import { PHONE, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// An organization's own registrations and its cancellation (docs/organizations.md "Registrations",
// "Cancelling"), and its Discord channel setting ("Discord announcements"), on a server seeded by
// seed-org-cancel.ts: Liga Sur's owner (no platform rights) reads the list of its paid cup, exports
// it as CSV, cancels the cup with a confirmation; a player who had paid finds the $2 back in their
// wallet. In English, another organizer sets a webhook: a wrong address is refused, the saved one is masked.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-org-cancel.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

test.use({ viewport: PHONE });

// One worker runs this file's tests in turn on one server: spread over the workers, each would seed and
// start its own (docs/decisions/015-test-time-budget.md).
test.describe.configure({ mode: "default" });

test("an organization exports its registrations, cancels its paid cup, and the player is refunded to the wallet", async ({
  page,
  browser,
  arena,
}) => {
  test.setTimeout(120_000);
  await signIn(page, arena, "sur-owner@example.com", "/organizations/liga-sur/manage");
  await page.getByTestId("manage-tournament").filter({ hasText: "Copa Sur" }).getByTestId("manage-tournament-registrations").click();
  await expect(page).toHaveURL((url) => url.pathname === "/organizations/liga-sur/manage/tournaments/copa-sur/registrations");
  await expect(page.getByTestId("registration-row")).toHaveCount(2);
  await expect(page.getByTestId("registrations-table")).toContainText("Ana Team");
  await expect(page.getByTestId("registrations-table")).toContainText("Aprobado");
  await noSidewaysScroll(page);

  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("inscripciones-copa-sur.csv");
  const text = fs
    .readFileSync((await download.path())!)
    .subarray(3)
    .toString("utf8");
  expect(text.split("\r\n")[0]).toContain("Teléfono del jugador");
  expect(text).toContain("AnaFF");
  expect(text).toContain("BetoFF");

  // Cancelling: the reason and the box "I understand" are both needed.
  await page.getByTestId("back-link").click();
  await expect(page.getByTestId("admin-tournament-edit")).toBeVisible();
  await page.getByTestId("t-cancel-box").locator("summary").click();
  await expect(page.getByTestId("t-cancel-box")).toContainText("se reembolsan al instante a la billetera");
  await page.getByTestId("t-cancel-reason").fill("La sede no está disponible");
  await page.getByTestId("t-cancel-confirm").check();
  await noSidewaysScroll(page);
  await page.getByTestId("t-cancel").click();
  await expect(page.getByTestId("cancel-summary")).toContainText("2 pedidos pagados reembolsados a la billetera de sus compradores");
  await expect(page.getByTestId("admin-tournament-edit")).toContainText("Cancelado");
  await expect(page.getByTestId("t-cancel-box")).toHaveCount(0);
  await noSidewaysScroll(page);

  const player = await personAt(browser, arena);
  await signIn(player, arena, "sur-ana@example.com", "/wallet");
  await expect(player.getByTestId("available-USD")).toContainText("$2,00");
  await expect(player.getByTestId("wallet-history")).toContainText("Reembolso del pedido");
  await noSidewaysScroll(player);
  await player.context().close();
});

test("an organizer sets the organization's Discord webhook, shown masked (English)", async ({ page, arena }) => {
  const token = `${"k".repeat(60)}SECRET`;
  await signIn(page, arena, "north-owner@example.com", "/organizations/north-league/manage", { language: "en" });
  await page.getByTestId("manage-discord").click();
  await expect(page.getByTestId("organization-discord")).toContainText("Discord announcements");
  await expect(page.getByTestId("discord-current")).toHaveText("No webhook saved yet.");
  await page.getByTestId("discord-webhook").fill("https://example.com/api/webhooks/1/abc");
  await page.getByTestId("discord-save").click();
  await expect(page.getByTestId("discord-error-webhook")).toHaveText("Paste a Discord webhook URL: https://discord.com/api/webhooks/…");
  await page.getByTestId("discord-webhook").fill(`https://discord.com/api/webhooks/333333333333333333/${token}`);
  await page.getByTestId("discord-save").click();
  await expect(page.getByTestId("discord-done")).toHaveText("Webhook saved: your tournaments will be announced in that channel.");
  await expect(page.getByTestId("discord-current")).toContainText("333333333333333333");
  await expect(page.locator("body")).not.toContainText(token.slice(0, 20));
  await noSidewaysScroll(page);
});
