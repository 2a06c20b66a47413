import { spawnSync } from "node:child_process";
import { TournamentPage } from "./pages/tournament-page";
import { PHONE, caracasDay, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// Organizations run their own tournaments (docs/organizations.md), on a server of its own
// seeded by seed-organizations.ts: a Plus member (no staff rights), a player to ban, and another
// organization with its own tournament. Everything at phone width.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-organizations.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

// One worker runs both in order, on one server: another worker would only seed and start a copy of it.
test.describe.configure({ mode: "default" });

test.use({ viewport: PHONE });

test("a Plus member creates an organization and a free 8-player cup, bans a player and runs the cup to a champion without staff", async ({
  page,
  browser,
  arena,
}) => {
  test.setTimeout(240_000);
  // From the account menu: no organization yet, then the way to create one.
  await signIn(page, arena, "liga-plus@example.com", "/organizations");
  await expect(page.getByTestId("my-organizations-empty")).toBeVisible();
  await page.getByTestId("organization-new-link").click();
  await page.getByTestId("organization-name").fill("Liga Caracas");
  await page.getByTestId("organization-links").fill("https://instagram.com/ligacaracas");
  await page.getByTestId("organization-create").click();
  await expect(page).toHaveURL((url) => url.pathname === "/organizations/liga-caracas/manage");
  await expect(page.getByTestId("manage-done")).toContainText("Organización creada");
  await noSidewaysScroll(page);

  // The staff's tournament form, for the organization: a free solo cup of 8, published at once.
  await page.getByTestId("manage-new-tournament").click();
  const day = caracasDay(10);
  await page.getByTestId("t-title").fill("Copa Liga Caracas");
  await page.getByTestId("t-date").fill(day);
  await page.getByTestId("t-team-size").selectOption("1");
  await page.getByTestId("t-closes").fill(`${day}T18:00`);
  await page.getByTestId("t-capacity").fill("8");
  await page.getByTestId("t-prize").fill("Gloria");
  await page.getByTestId("t-publish").check();
  await noSidewaysScroll(page);
  await page.getByTestId("t-save").click();
  await expect(page).toHaveURL(/\/organizations\/liga-caracas\/manage\/tournaments\/[^/?]+\?done=created$/);
  const tournamentId = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect(page.getByTestId("admin-tournament-edit")).toContainText("Publicado");

  // The organization bans a player from its events, with a reason and an end date.
  await page.goto("/organizations/liga-caracas/manage");
  await page.getByTestId("manage-ban-email").fill("vetado@example.com");
  await page.getByTestId("manage-ban-reason").fill("Insultos en el chat");
  await page.getByTestId("manage-ban-until").fill(caracasDay(30));
  await page.getByTestId("manage-ban-submit").click();
  await expect(page.getByTestId("manage-done")).toContainText("Jugador suspendido");
  await expect(page.getByTestId("manage-ban")).toContainText("vetado@example.com");

  // The banned player is refused, and told why and until when; the page says who organizes it.
  const banned = await personAt(browser, arena);
  await signIn(banned, arena, "vetado@example.com", `/tournament?id=${tournamentId}`);
  const tournament = new TournamentPage(banned);
  await expect(banned.getByTestId("organized-by")).toContainText("Organizado por Liga Caracas");
  await tournament.register({ players: [{ name: "Víctor Vetado", ign: "VictorFF" }], phone: "04141234567" });
  await expect(tournament.error).toContainText("Motivo: Insultos en el chat");
  await expect(tournament.error).toContainText("te suspendió de sus torneos hasta el");
  await expect(tournament.confirmed).toHaveCount(0);
  await banned.context().close();

  // Nothing of the back-office, nor of another organization, is there for the member.
  for (const path of [
    "/admin",
    `/admin/tournaments/${tournamentId}/run`,
    "/organizations/otra-liga/manage",
    "/organizations/otra-liga/manage/tournaments/otra-copa/run",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  // The 404 page hydrates and asks for route manifest patches: let that finish before the server restarts.
  await page.waitForLoadState("networkidle");
  await page.goto("about:blank");

  // Registration closes with eight players checked in (seeded while the server is stopped).
  await arena.restart(() => {
    const entered = spawnSync("npx", ["tsx", "tests/e2e/support/seed-org-entrants.ts", arena.dataDir, tournamentId], { encoding: "utf8" });
    if (entered.status !== 0) throw new Error(entered.stderr || entered.stdout);
  });

  // The member seeds and starts it from the organization's run page.
  const run = `/organizations/liga-caracas/manage/tournaments/${tournamentId}/run`;
  await page.goto(run);
  await expect(page.getByTestId("start-form")).toContainText("8 con check-in de 8");
  await noSidewaysScroll(page);
  await page.getByTestId("start").click();
  await expect(page.getByTestId("run-done")).toBeVisible();

  // The member decides every match from the match pages (the operator's tools), round after round.
  const bracket = `/tournaments/${tournamentId}/bracket`;
  for (let guard = 0; guard < 10; guard++) {
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

  // The organization's public page shows the result.
  await page.goto("/organizations/liga-caracas");
  await expect(page.getByTestId("organization-past")).toContainText("Copa Liga Caracas");
  const winner = page.getByTestId("organization-champion");
  await expect(winner).toContainText("Campeón:");
  expect(champion).toContain((await winner.textContent())!.replace("Campeón: ", "").trim());
  await noSidewaysScroll(page);
});

test("in English: someone without Plus learns why they cannot create an organization, and where Plus is", async ({ page }) => {
  await page.goto("/organizations/new?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an organization");
  await expect(page.getByTestId("organization-needs-plus")).toContainText("Creating an organization is an Arena Plus benefit");
  await expect(page.getByTestId("organization-form")).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.getByTestId("organization-plus-link").click();
  await expect(page).toHaveURL((url) => url.pathname === "/plus");
});
