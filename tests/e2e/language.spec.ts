import { expect, test } from "./support/test";
import { LandingPage } from "./pages/landing-page";

test.describe("language", () => {
  test("switching to English changes every text and is remembered", async ({ page, context }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await landing.switchLanguage("English");

    await expect(page).toHaveURL(/\/$/); // ?lang=en is consumed by the server
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(landing.heading(/Compete, stream and win/)).toBeVisible();
    await expect(page.getByTestId("live-badge")).toHaveText("LIVE");
    await expect(page.getByTestId("viewer-count")).toHaveText("10.2K viewers");
    await expect(landing.heading("Upcoming tournaments")).toBeVisible();
    const freeCard = landing.cards.filter({ hasText: "Copa Free Fire Solo" });
    await expect(freeCard.getByTestId("tournament-fee")).toHaveText("Free");
    await expect(freeCard.getByText("New", { exact: true })).toBeVisible();
    await expect(landing.cards.filter({ hasText: "Blood Strike" }).getByTestId("tournament-fee")).toHaveText("$2.00");
    await expect(page.getByTestId("sign-up")).toHaveText("Sign up");
    await expect(page.getByTestId("footer").getByRole("link", { name: "Privacy" })).toBeVisible();
    await expect(page.getByText("Tournament replays for 48 hours")).toBeVisible();
    await expect(page.getByText("EN VIVO")).toHaveCount(0);

    // The browser mirrors the choice (SPEC §3 local key `language`).
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("English");

    // A reload and a new visit keep it.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const second = await context.newPage();
    await second.goto("/privacy-terms");
    await expect(second.locator("html")).toHaveAttribute("lang", "en");

    // And back to Spanish.
    await landing.switchLanguage("Español");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(landing.heading("Próximos torneos")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("Español");
  });

  test("the local key brings the language back when the cookie is gone", async ({ page, context }) => {
    const landing = new LandingPage(page);
    await landing.open("/?lang=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.clearCookies();
    await page.goto("/");
    // Served in Spanish (no cookie), then switched by the browser from local storage.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(landing.heading("Upcoming tournaments")).toBeVisible();
  });

  test("?lang=en on any URL sets the language", async ({ page }) => {
    await page.goto("/privacy-terms?lang=en");
    await expect(page).toHaveURL(/\/privacy-terms$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a malformed language cookie falls back to Spanish", async ({ page, context, baseURL }) => {
    for (const value of ["fr", "%E0%A4%A", "<script>", ""]) {
      await context.addCookies([{ name: "lang", value, url: baseURL! }]);
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { name: "Próximos torneos" })).toBeVisible();
    }
  });
});
