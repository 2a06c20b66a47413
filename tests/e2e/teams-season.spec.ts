import { spawnSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { waitForMail } from "./support/mailbox";
import { PHONE, caracasDay, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// What docs/teams.md promises, on a server of its own seeded by seed-teams-season.ts: a captain
// creates a Mobile Legends team, four players join by link and one by an e-mailed invite, the captain
// enters the team choosing its starters, staff play the cup to the end and record the places, and the team
// page, every player's profile and the game's leaderboard show the result; a roster change afterwards
// leaves the registration's snapshot as it was; a staff correction changes the stats; staff rename a handle. Spanish, phone width;
// then an English account reads a leaderboard and a profile.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-teams-season.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

test.use({ viewport: PHONE });

const CUP = "copa-temporada-ml";
const PLAYERS = [1, 2, 3, 4, 5].map((n) => ({ email: `temporada-j${n}@example.com`, handle: `jug_t${n}`, ign: `JugML${n}` }));

async function joinByPath(page: Page, path: string, ign: string, teamName: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Te invitaron a ${teamName}`);
  await page.getByTestId("join-ign").fill(ign);
  await page.getByTestId("join-submit").click();
  await expect(page.getByTestId("join-done")).toHaveText(`¡Ya eres parte de ${teamName}!`);
}

test("a Mobile Legends team is built by links and an e-mail, enters a cup, plays it to the end, and its stats follow a correction", async ({
  page,
  browser,
  arena,
}) => {
  test.setTimeout(300_000);
  const teamName = "Tigres Temporada";

  // Staff open a season that holds the cup (the back-office, audited).
  const staff = await personAt(browser, arena);
  await signIn(staff, arena, "temporada-staff@example.com", "/admin/seasons");
  const form = staff.getByTestId("season-new");
  await form.getByLabel("Nombre").fill("Temporada e2e");
  await form.getByLabel("Primer día").fill(caracasDay(-1));
  await form.getByLabel("Último día").fill(caracasDay(30));
  await form.getByRole("button", { name: "Crear temporada" }).click();
  await expect(staff.getByTestId("admin-done")).toHaveText("Temporada creada.");
  await noSidewaysScroll(staff);

  // The captain creates the team.
  await signIn(page, arena, "temporada-capi@example.com", "/teams");
  await page.getByTestId("team-game").selectOption("mobile-legends");
  await page.getByTestId("team-name").fill(teamName);
  await page.getByTestId("team-tag").fill("TGT");
  await page.getByTestId("team-ign").fill("CapiML");
  await page.getByTestId("create-team-submit").click();
  await expect(page.getByTestId("team-created")).toBeVisible();
  const teamPath = new URL(page.url()).pathname;

  // Four players join by links (one link each: a link gives one place), each on their own phone. The
  // captain's page is a taller screen of the same width while the team fills up, so reaching the invite
  // box scrolls nothing while the page's accessibility check runs (scrolled mid-check, the sticky header
  // covered the last roster link in axe's eyes); the roster is read at phone size below.
  await page.setViewportSize({ width: PHONE.width, height: 4000 });
  for (const player of PLAYERS.slice(0, 4)) {
    await page.goto(teamPath);
    await page.getByTestId("create-invite-link").click();
    const joinPath = new URL(await page.getByTestId("invite-link").inputValue()).pathname;
    const phone = await personAt(browser, arena);
    await signIn(phone, arena, player.email, joinPath);
    await joinByPath(phone, joinPath, player.ign, teamName);
    await phone.context().close();
  }
  // The fifth by an e-mailed invite.
  const fifth = PLAYERS[4]!;
  await page.goto(teamPath);
  await page.getByTestId("invite-email").fill(fifth.email);
  await page.getByTestId("invite-email-submit").click();
  await expect(page.getByTestId("invite-sent")).toHaveText(`Enviamos la invitación a ${fifth.email}.`);
  const mail = await waitForMail(fifth.email, { subject: /te invita al equipo/, dataDir: arena.dataDir });
  const mailedPath = new URL(mail.links.find((href) => /\/teams\/join\/[\w-]+$/.test(href))!).pathname;
  const fifthPhone = await personAt(browser, arena);
  await signIn(fifthPhone, arena, fifth.email, mailedPath);
  await joinByPath(fifthPhone, mailedPath, fifth.ign, teamName);
  await fifthPhone.context().close();

  await page.setViewportSize(PHONE);
  await page.goto(teamPath);
  await expect(page.getByTestId("roster-ign")).toHaveText(["CapiML", "JugML1", "JugML2", "JugML3", "JugML4", "JugML5"]);
  await expect(page.getByTestId("roster-role")).toHaveText(["Titular", "Titular", "Titular", "Titular", "Titular", "Suplente"]);
  await noSidewaysScroll(page);

  // The captain enters the team, choosing the starters: JugML5 plays, JugML4 is the substitute.
  await page.goto(`/tournament?id=${CUP}`);
  const entry = page.getByTestId("team-entry-form");
  await entry.getByRole("checkbox", { name: "JugML4" }).uncheck();
  await entry.getByRole("checkbox", { name: "JugML5" }).check();
  await entry.getByRole("textbox", { name: /^Tu teléfono|^Teléfono/ }).fill("04141234567");
  await entry.getByTestId("team-entry-submit").click();
  await expect(page.getByTestId("registration-confirmed")).toBeVisible();
  await page.goto(`/tournament?id=${CUP}`);
  const registration = page.getByTestId("registration");
  await expect(registration).toContainText(teamName);
  for (const player of PLAYERS) await expect(registration).toContainText(player.ign);
  await noSidewaysScroll(page);

  // Registration closes and every team checks in; staff start the cup and play it to the end.
  await arena.restart(() => {
    const ready = spawnSync("npx", ["tsx", "tests/e2e/support/seed-teams-season-ready.ts", arena.dataDir, CUP], { encoding: "utf8" });
    if (ready.status !== 0) throw new Error(ready.stderr || ready.stdout);
  });
  await staff.goto(`/admin/tournaments/${CUP}/run`);
  await staff.getByTestId("start").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();
  const ours: number[] = [];
  for (let guard = 0; guard < 6; guard++) {
    await staff.goto(`/tournaments/${CUP}/bracket`);
    const ready = staff.locator('[data-status="ready"]');
    if ((await ready.count()) === 0) break;
    const id = Number((await ready.first().getAttribute("data-testid"))!.replace("bracket-match-", ""));
    await staff.goto(`/tournaments/${CUP}/matches/${id}`);
    // Our team wins each of its matches; elsewhere side 1 wins.
    const secondIsOurs = (await staff.getByTestId("side2").textContent())!.includes(teamName);
    if (secondIsOurs || (await staff.getByTestId("side1").textContent())!.includes(teamName)) ours.push(id);
    await staff.getByTestId("staff-score1").fill(secondIsOurs ? "0" : "1");
    await staff.getByTestId("staff-score2").fill(secondIsOurs ? "1" : "0");
    await staff.getByTestId("staff-result").click();
    await expect(staff.getByTestId("match-done")).toBeVisible();
  }
  await staff.goto(`/tournaments/${CUP}/bracket`);
  await expect(staff.getByTestId("champion")).toContainText(teamName);
  expect(ours).toHaveLength(2);
  await staff.goto(`/admin/tournaments/${CUP}/run`);
  await staff.getByTestId(`prize-place-${teamName}`).fill("1");
  await staff.getByTestId(`prize-amount-${teamName}`).fill("Trofeo");
  await staff.getByTestId("save-prizes").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();
  await staff.goto(`/admin/tournaments/${CUP}/run`);
  await expect(staff.getByTestId(`prize-place-${teamName}`)).toHaveValue("1");

  // The team page: the cup with its place, the record 2–0 and the chart of the last months.
  await page.goto(teamPath);
  await expect(page.getByTestId("team-tournaments")).toContainText("Copa Temporada ML");
  await expect(page.getByTestId("team-tournaments")).toContainText("Puesto 1");
  await expect(page.getByTestId("record-won-lost")).toHaveText("2 / 0");
  await expect(page.getByTestId("activity-chart")).toBeVisible();
  await noSidewaysScroll(page);

  // Every player's profile shows it, the substitute's too (the one who registered is on it as captain).
  for (const handle of ["capi_t", ...PLAYERS.map((player) => player.handle)]) {
    await page.goto(`/players/${handle}`);
    await expect(page.getByTestId("player-tournaments")).toContainText("Copa Temporada ML");
    await expect(page.getByTestId("record-won-lost")).toHaveText("2 / 0");
  }
  await noSidewaysScroll(page);

  // The leaderboard, from the profile's link: the current season, teams and players ranked first with 1 + 25 + 2 × 3 points.
  await page.getByTestId("record-leaderboard").click();
  await expect(page).toHaveURL((url) => url.pathname === "/leaderboards/mobile-legends");
  await expect(page.getByTestId("leaderboard-season")).toHaveValue(/.+/);
  await expect(page.getByTestId("leaderboard-season").locator("option:checked")).toHaveText("Temporada e2e");
  const first = page.getByTestId("leaderboard-row").first();
  await expect(first).toContainText("@");
  await expect(first.getByTestId("leaderboard-points")).toHaveText("32 pts");
  await page.getByTestId("leaderboard-tab-team").click();
  await expect(page.getByTestId("leaderboard-row").first()).toContainText(`[TGT] ${teamName}`);
  await expect(page.getByTestId("leaderboard-row").first().getByTestId("leaderboard-points")).toHaveText("32 pts");
  await noSidewaysScroll(page);

  // A roster change after the event: the registration keeps its snapshot (a taller screen again, as above).
  await page.setViewportSize({ width: PHONE.width, height: 4000 });
  await page.goto(teamPath);
  await page.getByTestId("roster-member").filter({ hasText: "JugML4" }).getByTestId("remove-member").click();
  await expect(page.getByTestId("team-done")).toHaveText("Integrante quitado del equipo.");
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId("team-past")).toContainText("JugML4");
  await page.goto(`/tournament?id=${CUP}`);
  await expect(page.getByTestId("registration")).toContainText("JugML4");

  // Staff correct the final: the other team won it. The record and the leaderboard follow at once.
  const final = ours.at(-1)!;
  await staff.goto(`/tournaments/${CUP}/matches/${final}`);
  const oursSecond = (await staff.getByTestId("side2").textContent())!.includes(teamName);
  await staff.getByTestId("staff-score1").fill(oursSecond ? "1" : "0");
  await staff.getByTestId("staff-score2").fill(oursSecond ? "0" : "1");
  await staff.getByTestId("staff-reason").fill("Captura equivocada");
  await staff.getByTestId("staff-result").click();
  await expect(staff.getByTestId("match-done")).toBeVisible();

  await page.goto(teamPath);
  await expect(page.getByTestId("record-won-lost")).toHaveText("1 / 1");
  await page.goto("/players/jug_t1");
  await expect(page.getByTestId("record-won-lost")).toHaveText("1 / 1");
  await page.goto("/leaderboards/mobile-legends?tab=team");
  const ourLine = page.getByTestId("leaderboard-row").filter({ hasText: teamName });
  await expect(ourLine.getByTestId("leaderboard-points")).toHaveText("29 pts");
  await noSidewaysScroll(page);

  // Staff give an abusive handle a new one: the profile moves with it.
  await staff.goto("/admin/teams");
  const rename = staff.getByTestId("rename-handle");
  await rename.getByLabel("Nombre de usuario a cambiar").fill("jug_t5");
  await rename.getByLabel("Nuevo nombre de usuario").fill("jug_cinco");
  await rename.getByRole("button", { name: "Cambiar nombre de usuario" }).click();
  await expect(staff.getByTestId("admin-done")).toHaveText("Nombre de usuario cambiado.");
  await noSidewaysScroll(staff);
  await page.goto("/players/jug_cinco");
  await expect(page.getByTestId("player-name")).toHaveText("@jug_cinco");
  await expect(page.getByTestId("record-won-lost")).toHaveText("1 / 1");
});

test("in English: an account in English reads a season's leaderboard and a player's profile", async ({ page, arena }) => {
  await signIn(page, arena, "season-en@example.com", "/", { language: "en" });
  await page.goto("/");
  await page.getByTestId("feature-link-analytics").click();
  await expect(page).toHaveURL((url) => url.pathname === "/leaderboards");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leaderboards");
  await page.getByRole("link", { name: "Mobile Legends" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mobile Legends leaderboard");
  await page.getByTestId("leaderboard-season").selectOption({ label: "Temporada 2026" });
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByTestId("leaderboard-tab-team").click();
  const owls = page.getByTestId("leaderboard-row").filter({ hasText: "[OWL] Night Owls" });
  await expect(owls.getByTestId("leaderboard-points")).toHaveText("29 pts");
  await expect(owls).toContainText("1 won · 0 lost · 1 tournaments");
  await noSidewaysScroll(page);
  await page.getByTestId("leaderboard-tab-player").click();
  await page.getByRole("link", { name: "@night_owl" }).click();
  await expect(page.getByTestId("player-name")).toHaveText("@night_owl");
  await expect(page.getByRole("heading", { level: 2, name: "Record" })).toBeVisible();
  await expect(page.getByTestId("record-won-lost")).toHaveText("1 / 0");
  await expect(page.getByTestId("activity-chart")).toContainText("Last months");
  await noSidewaysScroll(page);
});
