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

  test("a NUL in an id of the address is an ordinary 404, never a server error", async ({ request }) => {
    for (const path of ["/tournaments/%00/bracket", "/tournaments/%00/matches/1", "/teams/%00", "/tournaments/copa%00/bracket"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("Página no encontrada");
    }
  });
});
