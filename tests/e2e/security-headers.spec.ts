import type { APIResponse, Page } from "@playwright/test";
import { expect, signUp, test, uniqueEmail } from "./support/auth-fixtures";
import { serverFixture, test as serverTest, type AppServer } from "./support/server-fixture";

// A server whose PUBLIC_URL is https, for one test.
const httpsTest = serverTest.extend<{ server: AppServer }>({
  server: serverFixture({ env: { PUBLIC_URL: "https://arena.example" }, once: true }),
});

/** The policy's nonce, checked to be the only way an inline script may run. */
function nonceOf(response: APIResponse): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  const scripts = policy.split(/;\s*/).find((directive) => directive.startsWith("script-src "));
  expect(scripts, "script-src directive").toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9_-]{22,}'$/);
  expect(policy).not.toMatch(/unsafe-eval/);
  expect(policy).toMatch(/object-src 'none'/);
  expect(policy).toMatch(/base-uri 'none'/);
  expect(policy).toMatch(/frame-ancestors 'none'/);
  return /'nonce-([^']+)'/.exec(scripts!)![1]!;
}

async function expectStrictPage(response: APIResponse): Promise<string> {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"], "no HSTS on plain http").toBeUndefined();
  const nonce = nonceOf(response);
  if ((headers["content-type"] ?? "").includes("text/html")) {
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, "every script carries the response's nonce").toContain(`nonce="${nonce}"`);
  }
  return nonce;
}

/** Records CSP violations and script errors from the first byte on. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return problems;
}

test.describe("strict headers on every page type", () => {
  test("visitor pages, signed-in pages, redirects, 404 and JSON all carry a per-response nonce policy", async ({ page, request }) => {
    const landing = await request.get("/");
    const redirectTo = /href="\/auth\?redirectTo=(%2Ftournament%3Fid%3D[^"]+)"/.exec(await landing.text())?.[1];
    const tournamentHref = redirectTo ? decodeURIComponent(redirectTo.replaceAll("&amp;", "&")) : undefined;
    expect(tournamentHref).toBeTruthy();

    const nonces = new Set<string>();
    // Landing twice: it is micro-cached, but each response must still get its own nonce.
    for (const path of [
      "/",
      "/",
      "/privacy-terms",
      "/auth",
      "/login",
      "/store",
      "/store/cart",
      "/no-such-page",
      "/admin/orders",
      "/healthz",
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
      nonces.add(await expectStrictPage(response));
    }
    // A visitor is sent to sign in for their own pages; the back-office is a 404 for them (above).
    for (const path of ["/orders", "/store/cart/checkout"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      nonces.add(nonceOf(response));
    }
    expect(nonces.size, "a fresh nonce per response").toBe(12);

    // Signed in: the profile form, my orders, a tournament page.
    await signUp(page, uniqueEmail("csp"), { fullname: "Ana CSP", age: 20 });
    for (const path of ["/orders", "/auth/profile", tournamentHref!]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      await expectStrictPage(response);
    }
  });

  test("pages run their scripts under the policy: no violation, React hydrates, the landing page script runs", async ({ page }) => {
    const problems = await watch(page);
    await page.goto("/?notice=already-logged-in");
    // The inline page script (no React on the landing page) drops the notice from the address.
    await expect(page).toHaveURL((url) => !url.searchParams.has("notice"));
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeTruthy();

    // The 404 page still hydrates: React Router's client runs under the nonce. (Its own 404 status is
    // the one console line it may add: Chromium reports every 404 document that way.)
    await page.goto("/no-such-page");
    await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules));
    const notFoundLine = "console: Failed to load resource: the server responded with a status of 404 (Not Found)";
    if (problems.at(-1) === notFoundLine) problems.pop();
    // Plus has no React: its inline page script runs under the nonce too.
    await page.goto("/plus?notice=already-logged-in");
    await expect(page).toHaveURL((url) => url.pathname === "/plus" && !url.searchParams.has("notice"));
    // The cart has no React: its inline script sends the stored cart and swaps in the server's answer.
    await page.goto("/store/cart");
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    // A game page has no React: its own inline script (served from the visitors' page cache, with this
    // response's nonce) shows the total once a package and a method are picked.
    await page.goto("/store/free-fire");
    await page.locator('input[name="packageId"]').first().check({ force: true });
    await page.locator('input[name="paymentMethod"]').first().check({ force: true });
    await expect(page.locator("[data-total]")).toBeVisible();
    expect(problems).toEqual([]);
  });

  httpsTest("HSTS and upgrade-insecure-requests when PUBLIC_URL is https", async ({ playwright, server }) => {
    const context = await playwright.request.newContext({ baseURL: server.url });
    for (const path of ["/", "/auth", "/healthz"]) {
      const response = await context.get(path, { maxRedirects: 0 });
      expect(response.headers()["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
      expect(response.headers()["content-security-policy"]).toMatch(/upgrade-insecure-requests/);
    }
    await context.dispose();
  });
});
