import { PHONE, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// "lists use index-backed keyset pagination" (docs/teams.md "Other lists"), at phone width in
// Spanish: staff page through the team list (53 teams, 50 a page) and back to the newest; a visitor pages
// through a player's 22 tournaments (20 a page); a forged cursor in the address shows the first page.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-teams-keyset.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

test.use({ viewport: PHONE });

test("staff page through the teams, a visitor through a player's tournaments", async ({ page, browser, arena }) => {
  await signIn(page, arena, "paginas-staff@example.com", "/admin/teams");
  const rows = page.getByTestId("admin-team-row");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("Página 53");
  await noSidewaysScroll(page);
  await page.getByRole("link", { name: "Más antiguos" }).click();
  await expect(rows).toHaveCount(3);
  // The five teams made in the same instant are split across the pages: none is lost or repeated.
  await expect(rows.filter({ hasText: /Página 0[1-5]/ })).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Más antiguos" })).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.getByRole("link", { name: "Más recientes" }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.filter({ hasText: /Página 0[1-5]/ })).toHaveCount(2);
  await page.goto("/admin/teams?after=inventado");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("Página 53");

  const visitor = await personAt(browser, arena);
  await visitor.goto("/players/paco_paginas");
  const entries = visitor.getByTestId("player-tournaments").getByRole("listitem");
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toContainText("Copa Página 22");
  await noSidewaysScroll(visitor);
  await visitor.getByRole("link", { name: "Más antiguos" }).click();
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText("Copa Página 02");
  await expect(entries.last()).toContainText("Copa Página 01");
  await noSidewaysScroll(visitor);
  await visitor.getByRole("link", { name: "Más recientes" }).click();
  await expect(entries).toHaveCount(20);
  await visitor.goto("/players/paco_paginas?after=W10");
  await expect(entries.first()).toContainText("Copa Página 22");
});
