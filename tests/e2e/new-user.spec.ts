import { AuthPage } from "./pages/auth-pages";
import { expect, randomClientIp, requestSignInLink, test, uniqueEmail } from "./support/auth-fixtures";
import { signInLink } from "./support/mailbox";
import { followSignInLink } from "./support/sign-in-link";
import { serverFixture, test as serverTest, type AppServer } from "./support/server-fixture";

// A server without PUBLIC_URL, for one test.
const noPublicUrlTest = serverTest.extend<{ server: AppServer }>({ server: serverFixture({ env: { PUBLIC_URL: "" }, once: true }) });

// What a new user met on a phone, each kept fixed by a test (docs/product.md).

test.describe("as a new user would try it", () => {
  test("the language switch keeps the page and its query", async ({ page }) => {
    await page.goto("/auth?redirectTo=%2Fstore%2Fcart");
    await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(
      (url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/store/cart" && !url.searchParams.has("lang"),
    );
    await page.goto("/store?lang=es");
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test("a sign-in link cut inside its token, or without its query, says it no longer works", async ({ page }) => {
    const email = uniqueEmail("cut");
    const link = await requestSignInLink(page, email);
    const token = new URL(link).searchParams.get("token")!;
    await page.goto(link.slice(0, link.indexOf(token) + 10));
    await expect(page).toHaveURL(/\/auth\?link=invalid/);
    await expect(new AuthPage(page).linkInvalid).toBeVisible();
    await page.goto(link.slice(0, link.indexOf("?")));
    await expect(page).toHaveURL(/\/auth\?link=invalid/);
    await expect(new AuthPage(page).linkInvalid).toBeVisible();
    // The whole link still works: cutting a copy did not use it up.
    await followSignInLink(page, link, email);
    await expect(page).toHaveURL(/\/auth\/profile/);
  });

  test("store buttons are visibly not ready before the script runs, never a lost tap", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      timezoneId: "America/Caracas",
      extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
    });
    try {
      const page = await context.newPage();
      await page.goto("/store/free-fire");
      const add = page.getByTestId("add-to-cart");
      await expect(add).toBeDisabled();
      await expect(add).toHaveText("Cargando…");
      // The cart button is a plain link: it works before (and without) any script.
      await expect(page.getByTestId("cart-button")).toHaveAttribute("href", "/store/cart");
    } finally {
      await context.close();
    }
  });

  test("once the script runs, Agregar works", async ({ page }) => {
    await page.goto("/store/free-fire");
    const add = page.getByTestId("add-to-cart");
    await expect(add).toBeEnabled();
    await expect(add).toHaveText("Agregar al carrito");
  });
});

test.describe("PUBLIC_URL unset", () => {
  noPublicUrlTest("the e-mail link uses the address the browser used, and signs in there", async ({ page, server }) => {
    try {
      const email = uniqueEmail("lan");
      await page.goto(`${server.url}/auth`);
      const auth = new AuthPage(page);
      const askedAt = new Date();
      await auth.requestLink(email);
      await expect(auth.linkSent).toContainText(email);
      const link = await signInLink(email, { after: askedAt, dataDir: server.dataDir });
      expect(link.startsWith(`${server.url}/auth/link?`)).toBe(true);
      await followSignInLink(page, link, email);
      await expect(page).toHaveURL((url) => url.origin === server.url && url.pathname === "/auth/profile");
    } finally {
      // Leave the page first: a request still on its way when the server stops is not a page error.
      await page.goto("about:blank");
    }
  });
});
