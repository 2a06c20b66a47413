import type { Page } from "@playwright/test";
import { PHONE, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signInOnce, test as base, type AppServer } from "./support/server-fixture";
import { decideNextMatch } from "./support/bracket-staff";

// Double elimination on phones (issue #24, docs/decisions/007-brackets.md): a 4-team cup set up as
// double elimination on its tournament form is started and played to the end by staff from each
// match's page, as they do at a venue. The winners'-bracket finalist wins the first grand final, so
// the event is over: no second grand final (bracket reset) is offered or played. Signed-out visitors,
// in Spanish and in English, follow the finished bracket. Seeded by seed-double-elimination.ts.
const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-double-elimination.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

const ID = "doble-e2e";
const TALL_PHONE = { ...PHONE, height: 800 };

/** Staff decide the cup's first ready match; false when none is left. */
const decideNext = (staff: Page) => decideNextMatch(staff, ID);

const cards = (page: Page, region: string) => page.getByRole("region", { name: region }).locator('[data-testid^="bracket-match-"]');

test("a 4-team double elimination ends after one grand final when the winners' finalist wins it (phone)", async ({ browser, arena }) => {
  test.setTimeout(240_000);
  const staff = await personAt(browser, arena, { viewport: TALL_PHONE });
  await signInOnce(staff, arena, "staff-de@example.com", `/admin/tournaments/${ID}/run`, { language: "es" });
  // The format comes from the tournament form: the run page does not ask again.
  await expect(staff.getByTestId("run-plan")).toContainText("Doble eliminación");
  await staff.getByTestId("start").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();
  await noSidewaysScroll(staff);

  // A visitor, signed out, sees the three parts; the grand final waits for both finalists.
  const visitor = await personAt(browser, arena);
  await visitor.goto(`/tournaments/${ID}/bracket`);
  await expect(visitor.getByRole("link", { name: /Cerrar sesión/ })).toHaveCount(0);
  await expect(cards(visitor, "Llave de ganadores")).toHaveCount(3);
  await expect(cards(visitor, "Llave de perdedores")).toHaveCount(2);
  await expect(cards(visitor, "Gran final").first()).toHaveAttribute("data-status", "locked");
  await noSidewaysScroll(visitor);

  // Winners' bracket (3 matches) and losers' bracket (2): seed 1 (Ara) wins the winners' bracket.
  for (let played = 0; played < 5; played++) expect(await decideNext(staff)).toBe(true);
  await visitor.goto(`/tournaments/${ID}/bracket`);
  const grandFinal = cards(visitor, "Gran final").first();
  await expect(grandFinal).toHaveAttribute("data-status", "ready");
  const finalists = (await grandFinal.locator("span.truncate").allTextContents()).map((name) => name.trim());
  expect(finalists[0]).toBe("Ara");
  const runnerUp = finalists[1]!;
  expect(runnerUp).toBeTruthy();
  expect(await visitor.getByTestId("champion").count()).toBe(0);

  // The grand final: Ara, the winners' finalist (side 1), wins it. That ends the event.
  expect(await decideNext(staff)).toBe(true);
  expect(await decideNext(staff), "no second grand final (bracket reset) is offered").toBe(false);

  // The visitor follows the finished bracket, signed out: the champion, six matches played, the
  // grand final played once and no reset to open.
  await visitor.goto(`/tournaments/${ID}/bracket`);
  await expect(visitor.getByTestId("champion")).toContainText("Campeón");
  await expect(visitor.getByTestId("champion")).toContainText("Ara");
  await expect(visitor.locator('[data-testid^="bracket-match-"][data-status="completed"]')).toHaveCount(6);
  await expect(visitor.locator('[data-status="ready"]')).toHaveCount(0);
  await expect(cards(visitor, "Gran final").and(visitor.locator('[data-status="completed"]'))).toHaveCount(1);
  await expect(visitor.getByRole("region", { name: "Gran final" }).getByRole("link")).toHaveCount(1);
  const rows = visitor.getByTestId("standings").locator("tbody tr");
  await expect(rows.nth(0)).toContainText("1.º");
  await expect(rows.nth(0)).toContainText("Ara");
  await expect(rows.nth(1)).toContainText("2.º");
  await expect(rows.nth(1)).toContainText(runnerUp);
  await noSidewaysScroll(visitor);

  // The grand final's page, for the visitor: decided, Ara the winner.
  await visitor.getByRole("region", { name: "Gran final" }).getByRole("link").click();
  await expect(visitor.getByTestId("match-page")).toContainText("Ara");
  await noSidewaysScroll(visitor);

  // The same finished bracket in English, signed out.
  const english = await personAt(browser, arena, { locale: "en-US" });
  await english.goto(`/tournaments/${ID}/bracket?lang=en`);
  await expect(english.getByTestId("champion")).toContainText("Champion");
  await expect(english.getByTestId("champion")).toContainText("Ara");
  await expect(cards(english, "Winners bracket")).toHaveCount(3);
  await expect(cards(english, "Losers bracket")).toHaveCount(2);
  await expect(cards(english, "Grand final").and(english.locator('[data-status="completed"]'))).toHaveCount(1);
  await expect(english.locator('[data-status="ready"]')).toHaveCount(0);
  const englishRows = english.getByTestId("standings").locator("tbody tr");
  await expect(englishRows.nth(0)).toContainText("1st");
  await expect(englishRows.nth(0)).toContainText("Ara");
  await expect(englishRows.nth(1)).toContainText("2nd");
  await noSidewaysScroll(english);
});
