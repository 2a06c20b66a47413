import { expect, test } from "./support/test";

// docs/product.md §12: pages must read and work before (or without) JavaScript.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page reads and navigates", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: /Compite, transmite y gana/ })).toBeVisible();
    await expect(page.getByTestId("tournament-card")).toHaveCount(4);
    await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Funciones" }).click();
    await expect(page).toHaveURL(/#features$/);
    await page.getByTestId("footer").getByRole("link", { name: "Privacidad" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Términos y privacidad");
  });

  test("the language switcher works", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Upcoming tournaments" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the store catalogue reads", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("store-button").click();
    await expect(page).toHaveURL(/\/store$/);
    await page.locator('[data-game="free-fire"]').getByRole("link").click();
    await expect(page).toHaveURL(/\/store\/free-fire$/);
    await expect(page.locator('[data-package="free-fire-110"]')).toContainText("110 Diamantes");
  });

  test("a server notice shows as a toast", async ({ page }) => {
    await page.goto("/?notice=already-logged-in");
    await expect(page.getByRole("status").filter({ hasText: "Ya iniciaste sesión." })).toContainText("¡Atención!");
  });
});
