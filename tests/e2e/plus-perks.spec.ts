import { spawnSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { PayPage, StaffReviewPage } from "./pages/order-pages";
import { TournamentPage } from "./pages/tournament-page";
import { PHONE, noSidewaysScroll, personAt } from "./support/phone";
import { pngReceipt } from "./support/receipt-files";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// Every Plus benefit is real (docs/plus.md), at phone width on a server of its own (seed-plus-perks.ts:
// the free Free Fire cup is a Plus event; Mia linked Discord). Nora, not a member, is refused the Plus
// event (Spanish); Mia buys Plus, staff approve it, the demo Discord server (E2E_PORT+81) receives the
// premium role and Mia enters the Plus event (English); her membership then ends while the server is
// stopped, and when it starts again the routine takes the role away on the demo server.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DISCORD = `http://127.0.0.1:${PORT + 81}`;
const TALL_PHONE = { ...PHONE, height: 780 };

interface Perks extends AppServer {
  tournamentId: string;
  discordId: string;
}

// Its own server, stopped when the test ends: the test restarts it with Mia's membership ended.
const test = base.extend<{ perks: Perks }>({
  perks: serverFixture<{ tournamentId: string; discordId: string }>({
    prepare: ["tests/e2e/support/seed-plus-perks.ts"],
    env: {
      DISCORD_API_URL: DISCORD,
      DISCORD_BOT_TOKEN: "e2e-bot-token",
      DISCORD_GUILD_ID: "100000000000000001",
      DISCORD_PREMIUM_ROLE_ID: "200000000000000002",
      MAIL_RETRY_BASE_MS: "200",
    },
    once: true,
  }),
  baseURL: async ({ perks }, use) => use(perks.url),
});

/** The premium-role calls the demo Discord server received for this Discord user. */
async function roleCalls(page: Page, discordId: string): Promise<string[]> {
  const answer = await page.request.get(`${DISCORD}/__demo/messages`);
  const messages = (await answer.json()) as { kind: string; action?: string; userId?: string }[];
  return messages.filter((message) => message.kind === "role" && message.userId === discordId).map((message) => message.action!);
}

test("a Plus event refuses a non-member; a member gets the Discord role at approval, enters, and loses the role at expiry", async ({
  browser,
  perks,
}) => {
  test.setTimeout(180_000);
  // Nora, not a member, in Spanish: the list shows Plus events alone, the card says "Evento Plus".
  const nora = await personAt(browser, perks, { viewport: TALL_PHONE, touch: true, clock: true });
  try {
    await signIn(nora, perks, "perks-plain@example.com", "/tournaments");
    await nora.getByTestId("filter-plus").check();
    await nora.getByTestId("filter-submit").click();
    await expect(nora).toHaveURL((url) => url.searchParams.get("plus") === "1");
    const card = nora.getByTestId("tournament-card");
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("plus-event-badge")).toHaveText("★ Evento Plus");
    await noSidewaysScroll(nora);
    await card.getByRole("link").first().click();
    await expect(nora).toHaveURL((url) => url.pathname === "/tournament" && url.searchParams.get("id") === perks.tournamentId);
    // The page refuses her, says why and offers Plus; there is no form to fill in.
    await expect(nora.getByTestId("plus-event-badge")).toHaveText("★ Evento Plus");
    await expect(nora.getByTestId("plus-only")).toContainText("Evento Plus: solo para miembros");
    await expect(nora.getByTestId("registration-form")).toHaveCount(0);
    await noSidewaysScroll(nora);
    await nora.getByTestId("plus-only-link").click();
    await expect(nora).toHaveURL((url) => url.pathname === "/plus");
    // Both benefits are real now, each with its link.
    await expect(nora.getByTestId("plus-benefit-events")).toHaveAttribute("href", "/tournaments?plus=1");
    await expect(nora.getByTestId("discord-role")).toContainText("Vincula Discord para recibir tu rol");
  } finally {
    await nora.context().close();
  }

  // Mia, who linked Discord, in English: buys Plus; the Plus page says the role waits for her membership.
  const mia = await personAt(browser, perks, { locale: "en-US", viewport: TALL_PHONE, touch: true, clock: true });
  try {
    await signIn(mia, perks, "perks-member@example.com", "/plus");
    await mia.goto("/plus?lang=en");
    await expect(mia.getByTestId("discord-role")).toContainText("Join Plus to get the premium role");
    await mia.getByLabel(/^Contact phone/).fill("04141234567");
    await mia.getByRole("radio", { name: /Binance/ }).check();
    await mia.getByTestId("plus-submit").click();
    await expect(mia).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay\/binance$/);
    const orderId = /\/orders\/([0-9a-f-]{36})\//.exec(mia.url())![1]!;
    const pay = new PayPage(mia);
    await pay.file.setInputFiles(pngReceipt("perks.png"));
    await pay.transactionId.fill("BNB-PERKS-0001");
    await pay.submit.click();
    await expect(mia).toHaveURL((url) => url.pathname === `/orders/${orderId}`);
    expect(await roleCalls(mia, perks.discordId)).toEqual([]);

    // Staff approve it: the demo Discord server receives the role grant.
    const staff = await personAt(browser, perks, { viewport: TALL_PHONE, touch: true, clock: true });
    try {
      await signIn(staff, perks, "staff-perks@example.com", `/admin/orders/${orderId}`);
      await new StaffReviewPage(staff).approve.click();
      await expect(staff).toHaveURL((url) => url.pathname.startsWith("/admin/orders") && url.searchParams.has("done"));
    } finally {
      await staff.context().close();
    }
    await expect.poll(() => roleCalls(mia, perks.discordId), { timeout: 15_000 }).toEqual(["grant"]);
    await mia.goto("/plus");
    await expect(mia.getByTestId("discord-role")).toContainText("You have the premium role on our Discord.");
    await noSidewaysScroll(mia);

    // The Plus event takes her.
    const tournament = new TournamentPage(mia);
    await tournament.open(perks.tournamentId);
    await expect(mia.getByTestId("plus-only")).toHaveCount(0);
    await tournament.register({ players: [{ name: "Mia Member", ign: "MiaPlus" }], phone: "04141234567" });
    await expect(tournament.confirmed).toBeVisible();
    await noSidewaysScroll(mia);
  } finally {
    await mia.context().close();
  }

  // Her membership ends while the server is stopped; on start the routine takes the role away.
  await perks.restart(() => {
    const result = spawnSync("npx", ["tsx", "tests/e2e/support/seed-plus-perks.ts", perks.dataDir, "expire"], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(result.stderr || result.stdout);
  });
  const after = await personAt(browser, perks, { locale: "en-US", viewport: TALL_PHONE, touch: true, clock: true });
  try {
    await expect.poll(() => roleCalls(after, perks.discordId), { timeout: 30_000 }).toEqual(["grant", "remove"]);
  } finally {
    await after.context().close();
  }
});
