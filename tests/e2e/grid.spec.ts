import { expect, test } from "./support/test";
import { serverFixture, test as serverTest, type AppServer } from "./support/server-fixture";
import { LandingPage } from "./pages/landing-page";

// SPEC §2: 1 column for one tournament, 2 for two, 3 for more (on a wide screen).
test.describe("tournament grid columns", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("three columns for the four demo tournaments, one on a phone", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await expect(landing.grid).toHaveAttribute("data-columns", "3");
    expect(await landing.gridColumnCount()).toBe(3);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await landing.gridColumnCount()).toBe(1);
  });

  for (const [count, columns] of [
    [1, 1],
    [2, 2],
    [0, 0],
  ] as const) {
    // A server holding only the first `count` demo tournaments, for this test.
    const gridTest = serverTest.extend<{ server: AppServer }>({ server: serverFixture({ tournamentCount: count, once: true }) });
    gridTest(`${count} tournament(s) → ${columns || "no grid, the empty message"}`, async ({ page, server }) => {
      const landing = new LandingPage(page);
      await landing.open(`${server.url}/`);
      if (count === 0) {
        await expect(page.getByText("No hay torneos disponibles")).toBeVisible();
        await expect(landing.grid).toHaveCount(0);
      } else {
        await expect(landing.cards).toHaveCount(count);
        expect(await landing.gridColumnCount()).toBe(columns);
      }
    });
  }
});
