import { expect, signUp, test, uniqueEmail } from "./support/auth-fixtures";
import { waitForMail } from "./support/mailbox";
import { noSidewaysScroll } from "./support/phone";

// Teams that last (docs/teams.md): a captain creates a Mobile Legends team, shares an invite link, a second
// player (another browser) accepts it, and the team's public page shows both; at phone width, in
// Spanish, with a short look in English. The pages have no React runtime: plain forms that post.

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 360, height: 740 } });

test("a captain creates a Mobile Legends team, a second player joins by link, the team page shows both", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  const teamName = `Tigres ${Date.now().toString(36)}`;
  await signUp(page, uniqueEmail("capi"), { fullname: "Capi Tana" });

  // From the account menu to "Mis equipos".
  await page.goto("/");
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByTestId("my-teams-link").click();
  await expect(page).toHaveURL((url) => url.pathname === "/teams");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mis equipos");
  await expect(page.getByTestId("teams-empty")).toBeVisible();
  await noSidewaysScroll(page);

  // A refused form comes back translated, what was typed kept.
  await page.getByTestId("team-game").selectOption("mobile-legends");
  await page.getByTestId("team-name").fill(teamName);
  await page.getByTestId("team-tag").fill("t");
  await page.getByTestId("team-ign").fill("CapiML");
  await page.getByTestId("create-team-submit").click();
  await expect(page.getByTestId("team-error-tag")).toHaveText("Las siglas son de 2 a 5 letras o números.");
  await expect(page.getByTestId("team-name")).toHaveValue(teamName);

  await page.getByTestId("team-tag").fill("tgr");
  await page.getByTestId("create-team-submit").click();
  await expect(page).toHaveURL(/\/teams\/[\w-]+\?created=1$/);
  const teamPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("team-created")).toHaveText("¡Equipo creado! Ahora invita a tus compañeros.");
  await expect(page.getByTestId("team-name")).toHaveText(teamName);
  await expect(page.getByTestId("team-game")).toHaveText("Mobile Legends");

  await page.getByTestId("create-invite-link").click();
  const link = await page.getByTestId("invite-link").inputValue();
  expect(link).toMatch(/\/teams\/join\/[\w-]+$/);
  const joinPath = new URL(link).pathname;
  await noSidewaysScroll(page);

  // An invite by e-mail leaves through the mail outbox, in Spanish (the invitee has no account yet).
  const invitee = uniqueEmail("invitada");
  await page.getByTestId("invite-email").fill(invitee);
  await page.getByTestId("invite-email-submit").click();
  await expect(page.getByTestId("invite-sent")).toHaveText(`Enviamos la invitación a ${invitee}.`);
  const mail = await waitForMail(invitee, { subject: /te invita al equipo/ });
  expect(mail.subject).toBe(`Capi Tana te invita al equipo ${teamName}`);
  expect(mail.links.some((href) => /\/teams\/join\/[\w-]+$/.test(href))).toBe(true);

  // The second player, in a browser of their own.
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    timezoneId: "America/Caracas",
    viewport: { width: 360, height: 740 },
  });
  try {
    const second = await context.newPage();
    await signUp(second, uniqueEmail("beto"), { fullname: "Beto Jugador" });
    await second.goto(joinPath);
    await expect(second.getByRole("heading", { level: 1 })).toHaveText(`Te invitaron a ${teamName}`);
    await second.getByTestId("join-ign").fill("BetoML");
    await second.getByTestId("join-submit").click();
    await expect(second.getByTestId("join-done")).toHaveText(`¡Ya eres parte de ${teamName}!`);
    await second.getByTestId("join-go-team").click();
    await expect(second).toHaveURL((url) => url.pathname === teamPath);
    await expect(second.getByTestId("leave-team")).toHaveText("Salir del equipo");
    // Only the captain sees the captain's tools.
    await expect(second.getByTestId("team-invite")).toHaveCount(0);

    // A link works once, and says so.
    await second.goto(joinPath);
    await expect(second.getByTestId("join-state")).toHaveText("Este enlace de invitación ya se usó. Pide a tu capitán uno nuevo.");
  } finally {
    await context.close();
  }

  await page.goto(teamPath);
  const roster = page.getByTestId("roster-member");
  await expect(roster).toHaveCount(2);
  await expect(page.getByTestId("roster-ign")).toHaveText(["CapiML", "BetoML"]);
  await expect(page.getByTestId("roster-role")).toHaveText(["Titular", "Titular"]);
  await expect(roster.first().getByTestId("roster-captain")).toHaveText("Capitán");
  await expect(page.getByTestId("remove-member")).toHaveCount(1);
  await noSidewaysScroll(page);

  // The Mobile Legends tournament offers the team, and says it still needs players for a five.
  await page.goto("/tournament?id=liga-mobile-legends-5v5");
  await expect(page.getByTestId("team-entry")).toBeVisible();
  await expect(page.getByTestId("team-entry-too-few")).toHaveText(
    `${teamName} tiene 2 jugadores; este torneo pide 5. Invita a más compañeros.`,
  );
  await noSidewaysScroll(page);

  // The same page in English.
  await page.goto(`${teamPath}?lang=en`);
  await expect(page.getByRole("heading", { level: 2, name: "Roster" })).toBeVisible();
  await expect(page.getByTestId("roster-role")).toHaveText(["Starter", "Starter"]);
  await expect(page.getByTestId("roster-captain")).toHaveText("Captain");
  await expect(page.getByTestId("create-invite-link")).toHaveText("Create invite link");
  await page.goto("/teams");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My teams");
  await expect(page.getByTestId("my-team")).toContainText(teamName);
  // The account menu, one link longer, still fits at every width it is laid out inline.
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/teams");
    await noSidewaysScroll(page);
  }
  await page.goto("/?lang=es");
});

test("a captain enters a Blood Strike duo in one tap; removing a member later leaves the registration as it was", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  const teamName = `Duo ${Date.now().toString(36)}`;
  await signUp(page, uniqueEmail("duo"), { fullname: "Dana Duo" });
  await page.goto("/teams");
  await page.getByTestId("team-game").selectOption("blood-strike");
  await page.getByTestId("team-name").fill(teamName);
  await page.getByTestId("team-tag").fill("DUO");
  await page.getByTestId("team-ign").fill("DanaBS");
  await page.getByTestId("create-team-submit").click();
  await expect(page.getByTestId("team-created")).toBeVisible();
  const teamPath = new URL(page.url()).pathname;
  await page.getByTestId("create-invite-link").click();
  const joinPath = new URL(await page.getByTestId("invite-link").inputValue()).pathname;

  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    timezoneId: "America/Caracas",
    viewport: { width: 360, height: 740 },
  });
  try {
    const second = await context.newPage();
    await signUp(second, uniqueEmail("eli"), { fullname: "Eli Dos" });
    await second.goto(joinPath);
    await second.getByTestId("join-ign").fill("EliBS");
    await second.getByTestId("join-submit").click();
    await expect(second.getByTestId("join-done")).toBeVisible();
  } finally {
    await context.close();
  }

  // The tournament page offers the team, both starters ticked.
  await page.goto("/tournament?id=blood-strike-duo-clash");
  const entry = page.getByTestId("team-entry-form");
  await expect(entry).toContainText(teamName);
  await expect(entry.getByRole("checkbox", { name: "DanaBS" })).toBeChecked();
  await expect(entry.getByRole("checkbox", { name: "EliBS" })).toBeChecked();
  // One starter is not a duo: refused, translated.
  await entry.getByRole("checkbox", { name: "EliBS" }).uncheck();
  await entry.getByRole("textbox", { name: /^Tu teléfono|^Teléfono/ }).fill("04141234567");
  await entry.getByRole("radio", { name: /Binance/ }).check();
  await entry.getByTestId("team-entry-submit").click();
  await expect(page.getByTestId("registration-error")).toHaveText("Elige exactamente 2 titulares.");

  const again = page.getByTestId("team-entry-form");
  await again.getByRole("checkbox", { name: "EliBS" }).check();
  await again.getByRole("textbox", { name: /^Tu teléfono|^Teléfono/ }).fill("04141234567");
  await again.getByRole("radio", { name: /Binance/ }).check();
  await again.getByTestId("team-entry-submit").click();
  await expect(page.getByTestId("registration-started")).toBeVisible();

  await page.goto("/tournament?id=blood-strike-duo-clash");
  await expect(page.getByTestId("registration")).toContainText(teamName);
  await expect(page.getByTestId("registration")).toContainText("EliBS");

  // After a roster change the registration keeps its snapshot.
  await page.goto(teamPath);
  await page.getByTestId("remove-member").click();
  await expect(page.getByTestId("team-done")).toHaveText("Integrante quitado del equipo.");
  await expect(page.getByTestId("roster-ign")).toHaveText(["DanaBS"]);
  await expect(page.getByTestId("team-past")).toContainText("EliBS");
  await page.goto("/tournament?id=blood-strike-duo-clash");
  await expect(page.getByTestId("registration")).toContainText("EliBS");
  await expect(page.getByTestId("team-entry")).toHaveCount(0);
  await noSidewaysScroll(page);
});

test("the landing's statistics card leads to the leaderboards and a player's own page: first a public name, then their record", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("stats"), { fullname: "Sofía Stats" });
  await page.goto("/");
  await page.getByTestId("feature-link-analytics").click();
  // The card leads to the leaderboards, and from there to one's own stats.
  await expect(page).toHaveURL((url) => url.pathname === "/leaderboards");
  await page.getByTestId("leaderboards-my-stats").click();
  // No public name yet: the form that sets one, in view.
  await expect(page).toHaveURL((url) => url.pathname === "/teams" && url.hash === "#handle");
  await expect(page.getByTestId("handle-form")).toBeInViewport();
  const handle = `sofi_${Date.now().toString(36)}`;
  await page.getByTestId("handle-input").fill(handle);
  await page.getByTestId("handle-submit").click();
  await expect(page.getByTestId("handle-saved")).toHaveText("Listo: tu perfil público está en línea.");

  await page.goto("/leaderboards");
  await page.getByTestId("leaderboards-my-stats").click();
  await expect(page).toHaveURL((url) => url.pathname === `/players/${handle}`);
  await expect(page.getByTestId("player-name")).toHaveText(`@${handle}`);
  await expect(page.getByRole("heading", { level: 2, name: "Torneos y puestos" })).toBeVisible();
  await noSidewaysScroll(page);
});
