import { expect, test } from "./support/test";

test.describe("404 page", () => {
  test("an unknown path gets the 404 page with a way home, in Spanish", async ({ page }) => {
    const response = await page.goto("/esto/no/existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.getByTestId("footer")).toBeVisible();
    await page.getByRole("link", { name: "Volver al inicio" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Próximos torneos" })).toBeVisible();
  });

  test("and in English", async ({ page }) => {
    await page.goto("/?lang=en");
    const response = await page.goto("/store/nothing-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });
});
