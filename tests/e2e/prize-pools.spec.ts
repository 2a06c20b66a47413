import { spawnSync } from "node:child_process";
import { TournamentPage } from "./pages/tournament-page";
import { PHONE, caracasDay, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// A prize pool funded by entry fees (docs/organizations.md "Prize pools"), on a server of its own
// seeded by seed-pools.ts: a Plus member's organization creates a paid cup whose prize is its fees
// minus the platform's commission (shown on the form), it waits for staff's approval, a player pays
// the entry from their wallet and the page shows the pool, the cup is run to a champion by the
// organization, and its prizes are paid from the pool, each place its share. Spanish, phone width.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-pools.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

test.use({ viewport: PHONE });

// One worker runs this file's tests in turn on one server: spread over the workers, each would seed and
// start its own (docs/decisions/015-test-time-budget.md).
test.describe.configure({ mode: "default" });

test("a paid cup funded by its fees waits for approval, runs, and pays its prizes from the pool", async ({ page, browser, arena }) => {
  test.setTimeout(240_000);
  await signIn(page, arena, "pozo-plus@example.com", "/organizations/new");
  await page.getByTestId("organization-name").fill("Liga Pozo");
  await page.getByTestId("organization-create").click();
  await expect(page).toHaveURL((url) => url.pathname === "/organizations/liga-pozo/manage");

  // The form: a $2 entry, the prize is the fees' pool shared 70/30; the commission is worked out before publishing.
  await page.getByTestId("manage-new-tournament").click();
  const day = caracasDay(10);
  await page.getByTestId("t-title").fill("Copa del Pozo");
  await page.getByTestId("t-date").fill(day);
  await page.getByTestId("t-team-size").selectOption("1");
  await page.getByTestId("t-closes").fill(`${day}T18:00`);
  await page.getByTestId("t-capacity").fill("8");
  await page.getByTestId("t-fee-kind").selectOption("USD");
  await page.getByTestId("t-fee").fill("2");
  await page.getByTestId("t-prize").fill("Pozo de inscripciones");
  await page.getByTestId("t-prize-split").fill("70, 30");
  await page.getByTestId("t-prize-funding").selectOption("fees");
  await expect(page.getByTestId("t-pool-commission")).toHaveText(
    "Comisión de la plataforma 10 %: de cada inscripción de $2,00, $1,80 van al premio.",
  );
  await noSidewaysScroll(page);
  await page.getByTestId("t-publish").check();
  await page.getByTestId("t-save").click();
  await expect(page).toHaveURL(/\/organizations\/liga-pozo\/manage\/tournaments\/[^/?]+\?done=created$/);
  const tournamentId = new URL(page.url()).pathname.split("/").at(-1)!;
  // A paid event of an organization waits for platform staff.
  await expect(page.getByTestId("admin-tournament-edit")).toContainText("Esperando aprobación");
  await expect(page.getByTestId("pool-box")).toContainText("Pozo de las inscripciones");
  await expect(page.getByTestId("pool-balance")).toContainText("$0,00");

  const staff = await personAt(browser, arena);
  await signIn(staff, arena, "pozo-staff@example.com", "/admin/organizations");
  await staff.getByTestId("admin-pending-tournament").filter({ hasText: "Copa del Pozo" }).getByTestId("admin-approve").click();
  await expect(staff.getByTestId("admin-organizations")).toContainText("Torneo aprobado y publicado");
  await expect(staff.getByTestId("admin-pool").filter({ hasText: "Copa del Pozo" })).toContainText("Pozo de inscripciones");
  await noSidewaysScroll(staff);

  // A player enters and pays the $2 from their wallet: $1.80 reaches the pool, and the page says so.
  const player = await personAt(browser, arena);
  await signIn(player, arena, "pozo-jugador@example.com", `/tournament?id=${tournamentId}`);
  const tournament = new TournamentPage(player);
  await expect(player.getByTestId("tournament-pool")).toContainText("Pozo de premios: $0,00");
  await tournament.register({ players: [{ name: "Iván Inscrito", ign: "IvanFF" }], phone: "04141234567", method: "Binance" });
  await tournament.continueToPayment.click();
  await player.getByTestId("pay-with-wallet-submit").click();
  await expect(player).toHaveURL(/\/orders\/[^/?]+$/);
  await player.goto(`/tournament?id=${tournamentId}`);
  await expect(player.getByTestId("tournament-pool")).toContainText("Pozo de premios: $1,80 acumulado de las inscripciones");
  await noSidewaysScroll(player);

  // Three more pay (approved like any payment); registration closes with the four checked in.
  await arena.restart(() => {
    const entered = spawnSync("npx", ["tsx", "tests/e2e/support/seed-pool-entrants.ts", arena.dataDir, tournamentId], { encoding: "utf8" });
    if (entered.status !== 0) throw new Error(entered.stderr || entered.stdout);
  });

  const run = `/organizations/liga-pozo/manage/tournaments/${tournamentId}/run`;
  await page.goto(run);
  await page.getByTestId("start").click();
  await expect(page.getByTestId("run-done")).toBeVisible();
  // Four fees of $2, each less its $0.20 commission.
  await expect(page.getByTestId("pool-held")).toContainText("Pozo del premio: $7,20 de las inscripciones");
  const bracket = `/tournaments/${tournamentId}/bracket`;
  for (let guard = 0; guard < 6; guard++) {
    await page.goto(bracket);
    const ready = page.locator('[data-status="ready"]');
    if ((await ready.count()) === 0) break;
    const id = (await ready.first().getAttribute("data-testid"))!.replace("bracket-match-", "");
    await page.goto(`/tournaments/${tournamentId}/matches/${id}`);
    await page.getByTestId("staff-score1").fill("1");
    await page.getByTestId("staff-score2").fill("0");
    await page.getByTestId("staff-result").click();
    await expect(page.getByTestId("match-done")).toBeVisible();
  }
  await page.goto(bracket);
  await expect(page.getByTestId("champion")).toBeVisible();
  const champion = (await page.getByTestId("champion").textContent())!;

  // Places only: each place's amount is its share of the pool ($7.20 × 70 % and × 30 %).
  await page.goto(run);
  const entrants = await page
    .locator('[data-testid^="prize-place-"]')
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute("data-testid")!.replace("prize-place-", "")));
  expect(entrants).toHaveLength(4);
  const winner = entrants.find((name) => champion.includes(name))!;
  const second = entrants.find((name) => name !== winner)!;
  await page.getByTestId(`prize-place-${winner}`).fill("1");
  await page.getByTestId(`prize-place-${second}`).fill("2");
  await page.getByTestId("save-prizes").click();
  await expect(page.getByTestId("prize-plan")).toContainText("$5,04 (70 % del pozo)");
  await expect(page.getByTestId("prize-plan")).toContainText("$2,16 (30 % del pozo)");
  await noSidewaysScroll(page);
  await page.getByTestId("pay-prizes").click();
  const done = page.getByTestId("prize-payouts-done");
  await expect(done).toContainText("$5,04 (puesto 1)");
  await expect(done).toContainText("$2,16 (puesto 2)");
  await expect(page.getByTestId("pool-held")).toContainText("$0,00");
  await noSidewaysScroll(page);
});

test("in English: an organizer-funded prize is deposited before the cup can be published, and players see it guaranteed", async ({
  page,
  browser,
  arena,
}) => {
  test.setTimeout(180_000);
  await signIn(page, arena, "deposit-plus@example.com", "/organizations/new");
  await page.getByTestId("organization-name").fill("Deposit League");
  await page.getByTestId("organization-create").click();
  await expect(page).toHaveURL((url) => url.pathname === "/organizations/deposit-league/manage");
  await page.getByTestId("manage-new-tournament").click();
  const day = caracasDay(12);
  await page.getByTestId("t-title").fill("Guaranteed Cup");
  await page.getByTestId("t-date").fill(day);
  await page.getByTestId("t-team-size").selectOption("1");
  await page.getByTestId("t-closes").fill(`${day}T18:00`);
  await page.getByTestId("t-capacity").fill("8");
  await page.getByTestId("t-prize").fill("$50");
  await page.getByTestId("t-prize-funding").selectOption("organizer");
  await expect(page.getByTestId("t-prize-funding-hint")).toContainText("you deposit it on the platform before publishing");
  await page.getByTestId("t-save").click();
  await expect(page).toHaveURL(/\/organizations\/deposit-league\/manage\/tournaments\/[^/?]+\?done=created$/);
  const editPath = new URL(page.url()).pathname;
  const tournamentId = editPath.split("/").at(-1)!;

  // Publishing before the deposit is refused, with the reason.
  await page.getByTestId("t-publish").click();
  await expect(page.getByRole("alert")).toContainText("Deposit the prize before publishing");
  await page.getByTestId("pool-phone").fill("04141234567");
  await page.getByTestId("pool-deposit").click();
  await expect(page).toHaveURL(/\/orders\/[^/]+\/pay\/binance/);
  await noSidewaysScroll(page);
  await page.getByTestId("pay-with-wallet-submit").click();
  await expect(page).toHaveURL(/\/orders\/[^/?]+$/);

  await page.goto(editPath);
  await expect(page.getByTestId("pool-funded")).toContainText("Prize deposited: $50.00");
  await page.getByTestId("t-publish").click();
  await expect(page.getByTestId("admin-tournament-edit")).toContainText("Published");

  const player = await personAt(browser, arena);
  await signIn(player, arena, "pozo-jugador@example.com", `/tournament?id=${tournamentId}`);
  await expect(player.getByTestId("tournament-pool")).toContainText("Premio garantizado: $50,00 depositado");
  await noSidewaysScroll(page);
});
