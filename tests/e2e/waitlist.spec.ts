import { TournamentPage } from "./pages/tournament-page";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";
import { waitForMail } from "./support/mailbox";
import { DESKTOP, noSidewaysScroll, personAt } from "./support/phone";

// The waiting list of a full tournament, the landing cards of events in their final or finished,
// and the automatic check-in mail, on a server of its own seeded by seed-waitlist.ts.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-waitlist.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

// One worker runs this file's tests in turn on one server: spread over the workers, each would seed and
// start its own (docs/decisions/015-test-time-budget.md).
test.describe.configure({ mode: "default" });

test("lista de espera: un jugador se anota, el staff libera un cupo, el correo llega y se inscribe", async ({ browser, arena }) => {
  test.setTimeout(120_000);
  const player = await personAt(browser, arena);
  const staff = await personAt(browser, arena, { viewport: DESKTOP });
  const FULL = "/tournament?id=lleno-e2e";

  await signIn(player, arena, "espera@example.com", FULL);
  const unavailable = player.getByTestId("tournament-unavailable");
  await expect(unavailable).toHaveAttribute("data-state", "full");
  await expect(unavailable).toContainText("Este torneo está lleno");
  await expect(player.getByTestId("registration-form")).toHaveCount(0);
  await player.getByRole("button", { name: "Avísame cuando haya un cupo" }).click();
  await expect(player.getByTestId("waitlist-notice")).toHaveText("Listo: te avisaremos cuando se libere un cupo.");
  await expect(player.getByTestId("waitlist-position")).toHaveText("Estás en la lista de espera: puesto 1.");
  await noSidewaysScroll(player);

  // Staff see the line on the registrations page and remove the team holding the place.
  await signIn(staff, arena, "staff-wait@example.com", "/admin/tournaments/lleno-e2e/registrations");
  await expect(staff.getByTestId("waitlist-row")).toHaveCount(1);
  await expect(staff.getByTestId("waitlist-row")).toContainText("espera@example.com");
  await expect(staff.getByTestId("waitlist-row")).toContainText("Todavía no");
  const removedAt = new Date();
  await staff.getByTestId("registration-row").getByRole("textbox").fill("No se presentó");
  await staff.getByTestId("remove-team").click();
  await expect(staff.getByTestId("waitlist-row")).not.toContainText("Todavía no");

  // The mail arrives in Spanish with the link to register; following it, the form is there.
  const mail = await waitForMail("espera@example.com", {
    dataDir: arena.dataDir,
    subject: /Se liberó un cupo · Copa Llena E2E/,
    after: removedAt,
  });
  const link = mail.links.find((candidate) => candidate.includes("/tournament?id=lleno-e2e"));
  expect(link).toBeTruthy();
  await player.goto(new URL(link!).pathname + new URL(link!).search);
  const page = new TournamentPage(player);
  await expect(page.form).toBeVisible();
  await page.register({ players: [{ name: "Espera", ign: "EsperaFF" }], phone: "04141234567" });
  await expect(page.confirmed).toBeVisible();
  // Registered: off the list.
  await staff.reload();
  await expect(staff.getByTestId("waitlist-empty")).toBeVisible();
});

test("sin check-in: al cerrar el check-in el cupo pasa a la lista de espera y quien espera entra con el check-in hecho", async ({
  browser,
  arena,
}) => {
  test.setTimeout(120_000);
  const NO_SHOW = "/tournament?id=copa-noshow-e2e";
  // The no-show routine ran when the server started: Bravo's captain is told, the waiting person is offered the place.
  const dropped = await waitForMail("bravo-noshow@example.com", {
    dataDir: arena.dataDir,
    subject: /Perdiste tu cupo por no hacer check-in · Copa No-Show E2E/,
  });
  expect(dropped.text).toContain("no se reembolsa de forma automática");
  const offer = await waitForMail("tarde@example.com", {
    dataDir: arena.dataDir,
    subject: /Cupo libre antes del inicio · Copa No-Show E2E/,
  });
  expect(offer.text).toContain("entras con el check-in hecho");
  const link = offer.links.find((candidate) => candidate.includes(NO_SHOW));
  expect(link).toBeTruthy();

  // Someone not on the waiting list finds registration closed.
  const outsider = await personAt(browser, arena, { viewport: DESKTOP });
  await signIn(outsider, arena, "sin-lista@example.com", NO_SHOW);
  await expect(outsider.getByTestId("tournament-unavailable")).toHaveAttribute("data-state", "closed");
  await expect(outsider.getByTestId("late-entry")).toHaveCount(0);
  await expect(outsider.getByTestId("registration-form")).toHaveCount(0);

  // The waiting person, on a phone: the notice and the form; registering confirms them, checked in.
  const player = await personAt(browser, arena);
  await signIn(player, arena, "tarde@example.com", new URL(link!).pathname + new URL(link!).search);
  const notice = player.getByTestId("late-entry");
  await expect(notice).toContainText("Se liberó 1 cupo por un equipo que no hizo check-in");
  await expect(notice).toContainText("entras con el check-in hecho");
  await noSidewaysScroll(player);
  const page = new TournamentPage(player);
  await page.register({ players: [{ name: "Tomás", ign: "TardeFF" }], phone: "04141234567" });
  await expect(page.confirmed).toBeVisible();
  await player.goto("/tournaments/copa-noshow-e2e/bracket");
  await expect(player.getByTestId("checked-in")).toContainText("TardeFF");

  // Staff see the dropped team and the late entry plainly.
  const staff = await personAt(browser, arena, { viewport: DESKTOP });
  await signIn(staff, arena, "staff-wait@example.com", "/admin/tournaments/copa-noshow-e2e/registrations");
  const rows = staff.getByTestId("registration-row");
  await expect(rows.filter({ hasText: "Bravo" }).getByTestId("release-reason")).toContainText("Sin check-in");
  await expect(rows.filter({ hasText: "TardeFF" }).getByTestId("late-entry")).toHaveText("Entrada tardía desde la lista de espera");
});

test("the automatic check-in mail reaches the captains of an event whose window is open", async ({ arena }) => {
  const mail = await waitForMail("alfa-copa-checkin-e2e@example.com", { dataDir: arena.dataDir, subject: /Copa Check-in E2E/ });
  expect(mail.links.some((link) => link.includes("/tournaments/copa-checkin-e2e/bracket"))).toBe(true);
});

test("in English: the landing shows the final and the champion; a full tournament's waiting list can be joined and left", async ({
  browser,
  arena,
}) => {
  test.setTimeout(120_000);
  const page = await personAt(browser, arena, { locale: "en-US" });
  await page.goto("/?lang=en");
  const finalCard = page.getByTestId("tournament-card").filter({ hasText: "Copa en Final E2E" });
  await expect(finalCard.getByTestId("tournament-final-badge")).toHaveText("Final");
  await expect(finalCard.getByTestId("tournament-champion")).toHaveCount(0);
  const doneCard = page.getByTestId("tournament-card").filter({ hasText: "Copa Terminada E2E" });
  await expect(doneCard.getByTestId("tournament-champion")).toHaveText("🏆 Champion: Alfa");
  await expect(page.getByTestId("tournament-card").filter({ hasText: "Full Cup E2E" }).getByTestId("tournament-final-badge")).toHaveCount(
    0,
  );
  await noSidewaysScroll(page);

  await signIn(page, arena, "waiting-en@example.com", "/tournament?id=full-en-e2e");
  await expect(page.getByTestId("tournament-unavailable")).toContainText("This tournament is full");
  await page.getByRole("button", { name: "Notify me when a place frees" }).click();
  await expect(page.getByTestId("waitlist-position")).toHaveText("You are on the waiting list: number 1.");
  await page.getByRole("button", { name: "Leave the waiting list" }).click();
  await expect(page.getByTestId("waitlist-notice")).toHaveText("You left the waiting list.");
  await expect(page.getByTestId("waitlist-position")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Notify me when a place frees" })).toBeVisible();
});

test("a Swiss event and a groups → playoffs event show their rounds, table and playoffs on a phone", async ({ browser, arena }) => {
  const page = await personAt(browser, arena);
  await page.goto("/tournaments/copa-suiza-e2e/bracket");
  await expect(page.getByRole("heading", { name: "Rondas suizas" })).toBeVisible();
  await expect(page.getByTestId("standings")).toContainText("Bu");
  await expect(page.getByTestId("standings").locator("tbody tr")).toHaveCount(5);
  await expect(page.getByText("Pase libre").first()).toBeVisible();
  await noSidewaysScroll(page);

  await page.goto("/tournaments/copa-grupos-e2e/bracket");
  await expect(page.getByRole("heading", { name: "Grupo 1" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Grupo 2" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fase final" })).toBeVisible();
  await noSidewaysScroll(page);
});
