import type { Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-pages";
import { expect, signUp, test, uniqueEmail } from "./support/auth-fixtures";
import { serverFixture, test as serverTest, type AppServer } from "./support/server-fixture";
import { signInLink } from "./support/mailbox";
import { followSignInLink } from "./support/sign-in-link";

// Accessibility beyond what axe sees (docs/accessibility.md). axe itself runs on every page of
// every spec through the shared fixture (support/axe.ts); here: keyboard only, reflow at 320 px,
// page language, announced errors, live regions.

/** What marks the focused element, or null when nothing visible does (WCAG 2.4.7). */
async function focusMark(page: Page): Promise<{ element: string; mark: string | null }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: "body", mark: null };
    const describe = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.getAttribute("name") ? `[name=${node.getAttribute("name")}]` : ""}${node.getAttribute("data-testid") ? `[data-testid=${node.getAttribute("data-testid")}]` : ""} "${(node.textContent ?? "").trim().slice(0, 30)}"`;
    const ringOf = (node: Element): string | null => {
      const style = getComputedStyle(node);
      const outline = parseFloat(style.outlineWidth);
      if (style.outlineStyle !== "none" && outline >= 1 && !/rgba\(.*, 0\)|transparent/.test(style.outlineColor))
        return `outline ${style.outlineWidth} ${style.outlineColor}`;
      if (style.boxShadow && style.boxShadow !== "none") return `box-shadow ${style.boxShadow}`;
      return null;
    };
    // A control hidden for sight (a radio drawn as a tile) shows its focus on the tile around it.
    const rect = element.getBoundingClientRect();
    const shown = rect.width > 2 && rect.height > 2 ? element : (element.closest("label") ?? element);
    return { element: describe(element), mark: ringOf(shown) };
  });
}

/** Presses Tab until the focused element matches `selector`, checking a focus mark at every stop. */
async function tabTo(page: Page, selector: string, maxStops = 60): Promise<void> {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press("Tab");
    const { element, mark } = await focusMark(page);
    expect(mark, `no visible focus on ${element} (stop ${stop + 1} on the way to ${selector})`).not.toBeNull();
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(`${selector} was not reached with ${maxStops} Tab presses`);
}

async function pressWithMark(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  const { element, mark } = await focusMark(page);
  expect(mark, `no visible focus on ${element} after ${key}`).not.toBeNull();
}

test.describe("keyboard only", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a player completes a top-up: player ID, package, method, phone, buy", async ({ page }) => {
    test.setTimeout(60_000);
    await signUp(page, uniqueEmail("keys"), { fullname: "Teclado Tenaz", age: 20, favoriteGame: "Free Fire" });
    await page.goto("/store/free-fire");
    await expect(page.getByTestId("game-page")).toBeVisible();

    await tabTo(page, 'input[name="playerId"]');
    await page.keyboard.type("123456789");
    await expect(page.getByTestId("player-name")).toHaveText("✓ Jugador: ZeroRushFF");

    // A radio group is one Tab stop; Space picks the first, the arrows move the choice.
    await tabTo(page, 'input[name="packageId"]');
    await pressWithMark(page, "Space");
    while (!(await page.locator('input[name="packageId"][value="free-fire-341"]').isChecked())) await pressWithMark(page, "ArrowRight");

    await tabTo(page, 'input[name="paymentMethod"]');
    await pressWithMark(page, "Space");
    while (!(await page.locator('input[name="paymentMethod"][value="binance"]').isChecked())) await pressWithMark(page, "ArrowDown");
    await expect(page.getByTestId("buy-total")).toContainText("$3,00");

    await tabTo(page, 'input[name="phone"]');
    await page.keyboard.type("04121234567");
    await tabTo(page, '[data-testid="buy-now"]');
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+\/pay\/binance$/);
  });
});

test.describe("a refused form is announced", () => {
  test("the game page's buy without a phone: the error is an alert and names the field", async ({ page }) => {
    await signUp(page, uniqueEmail("alert"), { fullname: "Alerta Atenta", age: 20, favoriteGame: "Free Fire" });
    await page.goto("/store/blood-strike");
    await page.locator('input[name="playerId"]').fill("123456789");
    await page.locator('[data-package="blood-strike-100"]').click();
    await page.locator('[data-method="paypal"]').click();
    await page.getByTestId("buy-now").click();
    const error = page.getByTestId("buy-error");
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute("role", "alert");
    const phone = page.locator('input[name="phone"]');
    await expect(phone).toHaveAttribute("aria-invalid", "true");
  });
});

const PAGES = ["/", "/auth", "/store", "/store/free-fire", "/plus", "/privacy-terms", "/no-such-page"];

test.describe("reflow at 320 px (a 360 px phone at 112 %) and the page's language", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const language of ["es", "en"] as const) {
    test(`a visitor's pages in ${language}: nothing needs sideways scroll, lang is ${language}`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(`/?lang=${language}`);
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        const overflow = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          // Anything wider than the screen or starting left of it (cut off).
          cut: [...document.querySelectorAll("body *")]
            .filter((element) => {
              const rect = element.getBoundingClientRect();
              const style = getComputedStyle(element);
              return (
                rect.width > 0 &&
                style.visibility !== "hidden" &&
                (rect.right > innerWidth + 1 || rect.left < -1) &&
                style.position !== "fixed"
              );
            })
            .filter((element) => !element.closest(".sr-only, [aria-hidden=true]"))
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`),
        }));
        expect(overflow.page, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(320);
        expect(overflow.cut, `${path} has content cut at 320 px`).toEqual([]);
      }
    });
  }
});

test.describe("live regions", () => {
  test("toasts are announced politely; the live bracket is a polite region", async ({ page }) => {
    await page.goto("/store");
    await expect(page.locator("[data-toasts]")).toHaveAttribute("aria-live", "polite");
  });
});

test.describe("the gate itself", () => {
  // axe finishes its rules on timers; a test that pauses the page's clock (support/clock.ts) must not
  // stop it (it used to wait 30 s and fail "axe could not run" under load).
  test("axe checks a page whose clock is paused", async ({ page }) => {
    await page.goto("/store");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    // A structure of its own, so the gate checks this page at the end rather than skip a kind it saw.
    await page.evaluate(() => {
      const aside = document.createElement("aside");
      aside.setAttribute("aria-label", "paused");
      aside.innerHTML = "<ol><li><em><small>.</small></em></li></ol><dl><dt>.</dt><dd>.</dd></dl>";
      document.body.append(aside);
    });
    await page.clock.runFor(200);
    await expect(page.getByRole("complementary", { name: "paused" })).toBeVisible();
  });
});

// The staff side: its own server with an order whose proof waits for a decision (seed-backoffice.ts).
// Named apart from backoffice.spec.ts's server with the same seed: this test decides the order that
// one delivers.
const staffTest = serverTest.extend<{ office: AppServer & { toDeliver: { id: string; number: number } } }>({
  office: serverFixture<{ toDeliver: { id: string; number: number } }>({
    name: "accessibility",
    prepare: ["tests/e2e/support/seed-backoffice.ts"],
  }),
  baseURL: async ({ office }, use) => use(office.url),
});

staffTest.describe("keyboard only, staff", () => {
  staffTest("staff find an order in the queue and approve its payment", async ({ page, office }) => {
    staffTest.setTimeout(60_000);
    const staff = "staff-bo@example.com";
    await page.goto("/auth?redirectTo=%2Fadmin%2Forders");
    const auth = new AuthPage(page);
    const askedAt = new Date();
    await auth.requestLink(staff);
    await expect(auth.linkSent).toContainText(staff);
    // The link opens a confirmation page first (one click signs in).
    await followSignInLink(page, await signInLink(staff, { after: askedAt, dataDir: office.dataDir }));
    await expect(page).toHaveURL((url) => url.pathname === "/admin/orders");

    await tabTo(page, `a[href^="/admin/orders/${office.toDeliver.id}"]`, 120);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === `/admin/orders/${office.toDeliver.id}`);
    await expect(page.getByTestId("order-status")).toHaveText("Comprobante enviado");
    await tabTo(page, '[data-testid="approve"]', 120);
    await page.keyboard.press("Enter");
    // The next proof waiting opens, or the queue when none is left.
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/admin/orders") && url.searchParams.has("done"));
    await page.goto(`/admin/orders/${office.toDeliver.id}`);
    await expect(page.getByTestId("order-status")).toHaveText("Aprobado");
  });
});
