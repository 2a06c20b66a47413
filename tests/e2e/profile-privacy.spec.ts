import { PHONE, noSidewaysScroll, personAt } from "./support/phone";
import { pngReceipt } from "./support/receipt-files";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// "what is shown publicly is the player's choice" (docs/teams.md "Privacy"), at phone width in
// Spanish: a player opens their public profile's choices from "Mis equipos", lists one of the IDs they saved at the
// store, hides their tournaments, and a visitor sees exactly that on the profile (never the phone or e-mail);
// then, as their team's captain, uploads its logo (docs/teams.md "Logo"), shown on the team page and the profile.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-profile-privacy.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

test.use({ viewport: PHONE });

test("a player chooses what their public profile shows, and a visitor sees only that", async ({ page, browser, arena }) => {
  await signIn(page, arena, "privada@example.com", "/teams");
  await page.getByTestId("account-menu-button").click();
  await page.getByTestId("my-teams-link").click();
  await page.getByTestId("profile-settings-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu perfil público");
  await noSidewaysScroll(page);

  // Teams and tournaments are shown unless hidden; no store ID is listed until picked.
  await expect(page.getByLabel("Mis equipos, con mis nombres en el juego y roles")).toBeChecked();
  await expect(page.getByLabel("Mis torneos, puestos y estadísticas")).toBeChecked();
  const freeFire = page.getByLabel(/Free Fire · 512340077/);
  const mobileLegends = page.getByLabel(/Mobile Legends · 88120011 \(2010\)/);
  await expect(freeFire).not.toBeChecked();
  await expect(mobileLegends).not.toBeChecked();

  await freeFire.check();
  await page.getByLabel("Mis torneos, puestos y estadísticas").uncheck();
  await page.getByTestId("profile-settings-submit").click();
  await expect(page.getByTestId("profile-settings-saved")).toHaveText("Listo: tu perfil público muestra lo que elegiste.");
  await expect(page.getByLabel(/Free Fire · 512340077/)).toBeChecked();
  await expect(page.getByLabel("Mis torneos, puestos y estadísticas")).not.toBeChecked();

  // The owner's own page links back to the choices.
  await page.getByTestId("profile-settings-view").click();
  await expect(page.getByTestId("player-settings-link")).toBeVisible();

  // A visitor: the Free Fire ID and the team, not the Mobile Legends ID, not the tournaments.
  const visitor = await personAt(browser, arena);
  await visitor.goto("/players/ana_privada");
  await expect(visitor.getByTestId("player-name")).toHaveText("@ana_privada");
  await expect(visitor.getByTestId("player-game-ids")).toContainText("Free Fire");
  await expect(visitor.getByTestId("player-game-ids")).toContainText("ID 512340077");
  await expect(visitor.getByTestId("player-game-ids")).not.toContainText("88120011");
  await expect(visitor.getByTestId("player-teams")).toContainText("[PNA] Las Panas FF");
  await expect(visitor.getByTestId("player-tournaments-private")).toHaveText(
    "Este jugador prefiere no mostrar sus torneos ni sus estadísticas.",
  );
  await expect(visitor.getByTestId("player-settings-link")).toHaveCount(0);
  const text = (await visitor.locator("main").textContent()) ?? "";
  for (const secret of ["privada@example.com", "04141112233", "Ana Privada"]) expect(text).not.toContain(secret);
  await noSidewaysScroll(visitor);

  // The captain uploads the team's logo from the team page (the teams list leads there); the visitor's profile shows it.
  await expect(visitor.getByTestId("player-teams").getByTestId("team-logo")).toHaveCount(0);
  await page.goto("/teams");
  await page.getByRole("link", { name: "[PNA] Las Panas FF" }).click();
  await expect(page.getByTestId("team-page").getByTestId("team-tag-badge")).toHaveText("PNA");
  await page.getByLabel("Imagen del logo").setInputFiles(pngReceipt("logo.png", 120, 120));
  await page.getByTestId("team-logo-submit").click();
  await expect(page.getByTestId("team-done")).toHaveText("Listo: el equipo tiene su nuevo logo.");
  const logo = page.getByTestId("team-page").getByTestId("team-logo").first();
  await expect(logo).toHaveAttribute("src", /^\/media\/teams\/[\w.-]+\.webp$/);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  await noSidewaysScroll(page);
  await visitor.reload();
  await expect(visitor.getByTestId("player-teams").getByTestId("team-logo")).toHaveCount(1);
  await visitor.context().close();
});
