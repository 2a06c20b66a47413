import type { Page } from "@playwright/test";
import { PHONE, caracasDay, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signInOnce, test as base, type AppServer } from "./support/server-fixture";
import { decideNextMatch } from "./support/bracket-staff";

// Third place on phones (docs/decisions/007-brackets.md): an 8-team cup whose organizer chose a
// 3rd-place match is played to the end in Spanish (the semifinal losers meet below the final; 3rd and
// 4th in the standings), and one with shared 3rd places in English ("3rd" twice). Seeded by
// seed-third-place.ts; staff drive every match from its page, as they do at a venue.
const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-third-place.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

test.describe.configure({ mode: "default" });

const TALL_PHONE = { ...PHONE, height: 800 };

/** Staff start the cup on its run page (seeded in registration order). */
async function start(staff: Page, arena: AppServer, id: string) {
  await signInOnce(staff, arena, "staff-3rd@example.com", `/admin/tournaments/${id}/run`, { language: "es" });
  await staff.getByTestId("start").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();
}

test("an 8-team cup with a 3rd-place match, played to the end on a phone (Spanish)", async ({ browser, arena }) => {
  test.setTimeout(240_000);
  const staff = await personAt(browser, arena, { viewport: TALL_PHONE });
  await signInOnce(staff, arena, "staff-3rd@example.com", "/admin/tournaments/tercero-e2e/run", { language: "es" });
  await expect(staff.getByTestId("run-third-place")).toHaveText("Tercer lugar: Partido por el tercer lugar");
  await start(staff, arena, "tercero-e2e");

  // Before the semifinals are decided the 3rd-place match sits below the final, waiting for both losers.
  const viewer = await personAt(browser, arena);
  await viewer.goto("/tournaments/tercero-e2e/bracket");
  const thirdPlace = viewer.getByRole("region", { name: "Tercer lugar" });
  await expect(thirdPlace).toBeVisible();
  await expect(thirdPlace.locator('[data-testid^="bracket-match-"]')).toHaveAttribute("data-status", "locked");
  await noSidewaysScroll(viewer);

  // Quarterfinals and semifinals (6 matches): then the 3rd-place match is ready with the two losers.
  for (let played = 0; played < 6; played++) expect(await decideNextMatch(staff, "tercero-e2e")).toBe(true);
  await viewer.goto("/tournaments/tercero-e2e/bracket");
  const thirdCard = thirdPlace.locator('[data-testid^="bracket-match-"]');
  await expect(thirdCard).toHaveAttribute("data-status", "ready");
  const [loser1, loser2] = (await thirdCard.locator("span.truncate").allTextContents()).map((name) => name.trim());
  expect(loser1).toBeTruthy();
  expect(loser2).toBeTruthy();
  expect(await viewer.getByTestId("champion").count()).toBe(0);

  // Its page names it; staff give it a time of its own (Caracas time, tomorrow 8:30 p. m.), shown on
  // its card and its page.
  await thirdCard.click();
  await expect(viewer.getByTestId("match-page")).toContainText("Tercer lugar");
  await noSidewaysScroll(viewer);
  const thirdPath = new URL(viewer.url()).pathname;
  await staff.goto(thirdPath);
  await staff.getByTestId("match-time-input").fill(`${caracasDay(1)}T20:30`);
  await staff.getByTestId("match-time-save").click();
  await expect(staff.getByTestId("match-done")).toHaveText("Horario de la partida guardado.");
  await expect(staff.getByTestId("match-time")).toContainText(/8:30\s?p\. ?m\./);
  await viewer.goto("/tournaments/tercero-e2e/bracket");
  await expect(viewer.locator('[data-testid^="match-time-"]')).toContainText(/8:30\s?p\. ?m\./);
  await noSidewaysScroll(viewer);

  // The final and the 3rd-place match: then the cup has a champion, and the standings say 3.º and 4.º.
  while (await decideNextMatch(staff, "tercero-e2e"));
  await viewer.goto("/tournaments/tercero-e2e/bracket");
  await expect(viewer.getByTestId("champion")).toContainText("Ara");
  const rows = viewer.getByTestId("standings").locator("tbody tr");
  await expect(rows.nth(0)).toContainText("1.º");
  await expect(rows.nth(0)).toContainText("Ara");
  await expect(rows.nth(2)).toContainText("3.º");
  await expect(rows.nth(2)).toContainText(loser1!);
  await expect(rows.nth(3)).toContainText("4.º");
  await expect(rows.nth(3)).toContainText(loser2!);
  await noSidewaysScroll(viewer);
});

test("an 8-team cup with shared 3rd places, in English: both semifinal losers are 3rd", async ({ browser, arena }) => {
  test.setTimeout(240_000);
  const staff = await personAt(browser, arena, { viewport: TALL_PHONE });
  await start(staff, arena, "third-en-e2e");
  for (let played = 0; played < 7; played++) expect(await decideNextMatch(staff, "third-en-e2e")).toBe(true);
  expect(await decideNextMatch(staff, "third-en-e2e")).toBe(false);

  const viewer = await personAt(browser, arena, { locale: "en-US" });
  await viewer.goto("/tournaments/third-en-e2e/bracket?lang=en");
  await expect(viewer.getByTestId("champion")).toContainText("Ant");
  await expect(viewer.getByRole("region", { name: "Third place" })).toHaveCount(0);
  const rows = viewer.getByTestId("standings").locator("tbody tr");
  await expect(rows.nth(0)).toContainText("1st");
  await expect(rows.nth(1)).toContainText("2nd");
  await expect(rows.nth(2)).toContainText("3rd");
  await expect(rows.nth(3)).toContainText("3rd");
  await expect(rows.nth(4)).toContainText("5th");
  await noSidewaysScroll(viewer);
});
