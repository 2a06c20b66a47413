import type { Page } from "@playwright/test";
import { expect, signUp, test, uniqueEmail } from "./support/auth-fixtures";

// Runs only in the "back-forward cache" project of playwright.config.ts, whose Chromium keeps its
// back-forward cache (Playwright turns it off by default). A phone restores a page from that cache
// on Back: the page's scripts do not run again, only `pageshow` (persisted) fires.
test.use({ viewport: { width: 360, height: 740 } });

/** Marks the page, so that after Back we can tell a restored page (mark kept) from a reloaded one. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { bfcacheMark: boolean }).bfcacheMark = true;
  });
}

/** Back to the marked page, and proof that the browser restored it from the back-forward cache. */
async function backFromCache(page: Page) {
  // A restored page fires no `load` event: wait only for the navigation itself.
  await page.goBack({ waitUntil: "commit" });
  const state = await page.evaluate(() => ({
    mark: (window as unknown as { bfcacheMark?: boolean }).bfcacheMark === true,
    // Chromium's own account of why a page was not restored (empty when it was).
    reasons: JSON.stringify(
      (performance.getEntriesByType("navigation")[0] as (PerformanceNavigationTiming & { notRestoredReasons?: unknown }) | undefined)
        ?.notRestoredReasons ?? null,
    ),
  }));
  expect(state, "the page came back from the back-forward cache").toEqual({ mark: true, reasons: state.reasons });
}

test("a game page restored by Back: the package added is in the cart with its name", async ({ page }) => {
  await page.goto("/store/free-fire");
  await expect(page.getByTestId("game-page")).toBeVisible();
  await markPage(page);
  await page.getByRole("link", { name: "← Todos los juegos" }).click();
  await expect(page).toHaveURL(/\/store$/);
  await backFromCache(page);

  await page.locator('[data-package="free-fire-110"]').click();
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByRole("status").filter({ hasText: "Agregado al carrito" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "{}") as Record<string, { label?: unknown }>);
  expect(typeof stored["free-fire-110"]?.label).toBe("string");

  await page.getByTestId("go-to-cart").click();
  await expect(page).toHaveURL(/\/store\/cart$/);
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  await expect(page.getByTestId("cart-row")).toContainText("110");
});

test("the cart restored by Back shows what was added meanwhile", async ({ page }) => {
  await page.goto("/store/free-fire");
  await page.locator('[data-package="free-fire-110"]').click();
  await page.getByTestId("add-to-cart").click();
  await page.getByTestId("go-to-cart").click();
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  await markPage(page);

  // Another package from the game page, then Back (twice: the game page, then the cart).
  await page.goto("/store/free-fire");
  await page.locator('[data-package="free-fire-341"]').click();
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await backFromCache(page);
  await expect(page).toHaveURL(/\/store\/cart$/);

  await expect(page.getByTestId("cart-row")).toHaveCount(2);
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  // The restored page still answers: removing a line asks the server again.
  await page.getByTestId("cart-row").first().getByRole("button", { name: "Quitar" }).click();
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("a tournament page restored by Back still posts in place", async ({ page }) => {
  await signUp(page, uniqueEmail("bfcache"), { fullname: "Bea Cache" });
  await page.goto("/tournament?id=blood-strike-duo-clash");
  const form = page.getByTestId("registration-form");
  await expect(form).toBeVisible();
  await markPage(page);
  await page
    .getByRole("link", { name: /Torneos|Tournaments|Inicio|Home/ })
    .first()
    .click();
  await expect(page).not.toHaveURL(/\/tournament\?/);
  await backFromCache(page);

  const submit = form.getByRole("button", { name: /^(Inscribirme gratis|Inscribirme y pagar)$/ });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId("registration-error")).toHaveText("Escribe el nombre del equipo.");
  await expect(page).toHaveURL(/\/tournament\?id=blood-strike-duo-clash$/);
});
