import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { formatDateTime } from "../../app/domain/format";
import { expect, serverFixture, signInOnce, test as base, type AppServer } from "./support/server-fixture";
import type { OrderSeedPlan, SeededOrders } from "./support/order-seed-plan";

// Every page fits a 360 px phone (docs/accessibility.md; 412 px is not checked apart: no breakpoint lies between
// 360 and Tailwind's first, 640, so what fits 360 fits 412), signed in or not, staff pages included,
// in both languages, and the top bar's links stay reachable. The browser runs in America/Caracas and
// the server in UTC; the shared fixture fails any test on a console or page error (hydration included).
// With E2E_SCREENSHOTS=1, screenshots of every page at phone and desktop width go to e2e-screenshots/
// (README "Screenshots"); `npm test` skips them (full-page PNGs cost a third of this file's time).

const PLAYER = { email: "phone-player@example.com", name: "Valentina Teléfono-Larguísimo de los Andes" };
// Made staff by the STAFF_EMAILS setting, with no player profile (docs/product.md).
const STAFF_EMAIL = "phone-staff@example.com";

const PLAN: OrderSeedPlan = {
  users: [{ key: "player", ...PLAYER }],
  orders: [
    { key: "pm", owner: "player", method: "pago_movil" },
    { key: "bn", owner: "player", method: "binance", kind: "tournament", label: "Copa Free Fire Solo" },
    // More than a page (20) of orders: "my orders" and the staff list show their cursor links.
    ...Array.from({ length: 21 }, (_, index) => ({ key: `more${index}`, owner: "player", method: "binance" as const })),
  ],
};

interface Site extends AppServer, SeededOrders {}

// Each account signs in once per server and worker (signInOnce: a sign-in link per test would run
// into the per-address limit on sign-in mails); later tests start from the session cookie.
const test = base.extend<{ site: Site }>({
  site: serverFixture<SeededOrders>({
    prepare: ["tests/e2e/support/seed-orders.ts", JSON.stringify(PLAN)],
    env: { SEED_DEMO: "true", STAFF_EMAILS: STAFF_EMAIL },
  }),
  baseURL: async ({ site }, use) => use(site.url),
});

const PHONE_WIDTHS = [360] as const;
const DESKTOP_WIDTH = 1280;
const SCREENSHOTS = path.resolve("e2e-screenshots");

type Language = "es" | "en";

async function setLanguage(page: Page, language: Language) {
  await page.goto(`/privacy-terms?lang=${language}`);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

async function firstTournamentPath(page: Page): Promise<string> {
  await page.goto("/");
  // A visitor's button goes through /auth first: the tournament is where it leads.
  const href = await page.getByTestId("register-button").first().getAttribute("href");
  const url = new URL(href ?? "/", "http://local");
  const target = url.pathname === "/auth" ? url.searchParams.get("redirectTo") : url.pathname + url.search;
  expect(target).toMatch(/^\/tournament\?/);
  return target!;
}

/** Nothing wider than the window: no sideways scroll. Names the widest offenders when it fails. */
async function expectNoHorizontalOverflow(page: Page, label: string) {
  const result = await page.evaluate(() => {
    const width = window.innerWidth;
    const offenders = [...document.querySelectorAll("body *")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (!(box.width > 0 && box.right > width + 1) || getComputedStyle(element).position === "fixed") return false;
        // Inside a sideways-scrolling box (the section links) it does not widen the page.
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(parent).overflowX)) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.getAttribute("data-testid") ? `[data-testid=${element.getAttribute("data-testid")}]` : ""}.${String(element.className).slice(0, 60)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders };
  });
  expect(
    result.scrollWidth,
    `${label}: page is ${result.scrollWidth}px wide in a ${result.innerWidth}px window (${result.offenders.join(", ")})`,
  ).toBeLessThanOrEqual(result.innerWidth);
}

/**
 * Each control is shown, on screen horizontally, and not cut off by a box that clips or scrolls
 * sideways (a link row scrolled out of sight). All are measured in one look at the page (a round trip
 * per control and property made this file the slowest of the suite), retried until they hold.
 */
async function expectReachable(page: Page, testIds: string[], label: string) {
  const problems = () =>
    page.evaluate((ids) => {
      const width = window.innerWidth;
      return ids.flatMap((id) => {
        const element = document.querySelector(`[data-testid="${id}"]`);
        if (!element) return [`${id} is missing`];
        const own = element.getBoundingClientRect();
        if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || own.width === 0 || own.height === 0)
          return [`${id} is not visible`];
        if (own.left < 0 || own.right > width + 1)
          return [`${id} runs off the screen (${Math.round(own.left)}–${Math.round(own.right)}px)`];
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX === "visible") continue;
          const rect = parent.getBoundingClientRect();
          if (own.left < rect.left - 1 || own.right > rect.right + 1)
            return [`${id} is cut off by ${parent.tagName.toLowerCase()}.${String(parent.className).slice(0, 40)}`];
        }
        return [];
      });
    }, testIds);
  await expect.poll(problems, { message: label }).toEqual([]);
}

/** The top bar's links: the visitor's in the bar, the signed-in person's behind the menu on a phone. */
async function expectTopBarReachable(page: Page, who: "visitor" | "user" | "staff", label: string) {
  const phone = page.viewportSize()!.width < 768;
  // Every section link, the store's last, is on screen (they wrap on a phone instead of scrolling away).
  if (who === "visitor") return expectReachable(page, ["store-button", "sign-up", "language-en"], label);
  if (phone) {
    await expectReachable(page, ["store-button", "account-menu-button"], label);
    await page.getByTestId("account-menu-button").click();
  }
  await expectReachable(
    page,
    [
      "store-button",
      "language-es",
      "language-en",
      "my-orders-link",
      "support-link",
      "greeting",
      "sign-out",
      ...(who === "staff" ? ["staff-orders"] : []),
    ],
    label,
  );
  await expectNoHorizontalOverflow(page, `${label} (menu open)`);
  if (phone) await page.getByTestId("account-menu-button").click();
}

async function checkPages(page: Page, who: "visitor" | "user" | "staff", language: Language, width: number, paths: string[]) {
  await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
  for (const pagePath of paths) {
    const label = `${who} ${language} ${width}px ${pagePath}`;
    await page.goto(pagePath);
    // The cart pages show the stored cart once their script has had the server render it.
    if (pagePath.startsWith("/store/cart")) await expect(page.locator("[aria-busy]")).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectNoHorizontalOverflow(page, label);
    await expectTopBarReachable(page, who, label);
    if (process.env.E2E_SCREENSHOTS === "1" && (width === PHONE_WIDTHS[0] || width === DESKTOP_WIDTH)) {
      const name = `${who}-${language}-${width}-${pagePath.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}.png`;
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, name.slice(0, 150)), fullPage: true });
    }
  }
}

// One test per language, audience and width: each stays well inside the default 30 s on a loaded
// two-core machine, and Playwright spreads them over its workers (one test for all three widths took
// 1.3–1.6 min on a fresh machine).
// Desktop width in Spanish only: the layout is the same in both languages, and English pages at
// 1280 px are opened by most other specs (and checked by axe there).
const widthsFor = (language: Language) => (language === "es" ? [...PHONE_WIDTHS, DESKTOP_WIDTH] : [...PHONE_WIDTHS]);
// 10–21 s each on two cores shared with other work; the margin keeps a slow machine green.
// One worker runs these tests in order, on one server: another worker would only seed and start
// another copy of it (about a minute of a loaded machine's time each).
test.describe.configure({ mode: "default", timeout: process.env.CI ? 90_000 : 45_000 });

for (const language of ["es", "en"] as const) {
  for (const width of widthsFor(language)) {
    test.describe(`phone-first pages (${language}, ${width}px)`, () => {
      test(`a visitor's pages fit (${language}, ${width}px)`, async ({ page }) => {
        await setLanguage(page, language);
        const tournament = await firstTournamentPath(page);
        await checkPages(page, "visitor", language, width, [
          "/",
          "/store",
          "/store/mobile-legends",
          "/tournaments",
          tournament,
          "/auth",
          "/auth?redirectTo=%2Fstore%2Fcart",
          "/privacy-terms",
          // The demo season a first start plays (docs/teams.md): a leaderboard and a demo player's profile.
          "/leaderboards/mobile-legends",
          "/players/tita_ccs",
          "/no-such-page",
        ]);
      });

      test(`a signed-in player's pages fit (${language}, ${width}px)`, async ({ page, site }) => {
        await signInOnce(page, site, PLAYER.email, "/orders");
        await setLanguage(page, language);
        // Order times are written in Caracas by the UTC server, the same text the browser keeps.
        await page.goto("/orders");
        const time = page.locator("[data-testid=order-row] time").first();
        const at = await time.getAttribute("datetime");
        await expect(time).toHaveText(formatDateTime(at!, language, "America/Caracas"));
        const tournament = await firstTournamentPath(page);
        const { pm, bn } = site.orders;
        await storeLongCart(page);
        await checkPages(page, "user", language, width, [
          "/",
          "/store",
          "/store/free-fire",
          "/store/cart",
          "/store/cart/checkout",
          tournament,
          "/orders",
          `/orders/${pm!.id}`,
          `/orders/${bn!.id}`,
          `/orders/${pm!.id}/pay/pago_movil`,
          "/auth/profile",
          "/account/profile",
        ]);
      });

      test(`staff pages fit (${language}, ${width}px)`, async ({ page, site }) => {
        // STAFF_EMAILS made this account staff; it reaches the back-office without a player profile.
        await signInOnce(page, site, STAFF_EMAIL, "/admin/orders");
        await setLanguage(page, language);
        await page.goto("/admin/orders");
        await expect(page.getByTestId("staff-orders")).toHaveCount(1);
        await checkPages(page, "staff", language, width, [
          "/admin/orders",
          "/admin/orders?status=all&method=all",
          `/admin/orders/${site.orders.pm!.id}`,
          "/orders",
          "/",
        ]);
      });
    });
  }
}

for (const language of ["es", "en"] as const) {
  test(`the older page of a player's orders fits a phone (${language})`, async ({ page, site }) => {
    await signInOnce(page, site, PLAYER.email, "/orders");
    await setLanguage(page, language);
    await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 800 });
    // "My orders" shows 20 orders a page; the older page is reached by its link and leads back.
    await page.goto("/orders");
    await expect(page.getByTestId("order-row")).toHaveCount(20);
    await expect(page.getByTestId("previous-page")).toHaveCount(0);
    await page.getByTestId("next-page").click();
    await expect(page.getByTestId("order-row")).toHaveCount(3);
    await expect(page.locator(`a[href="/orders/${site.orders.pm!.id}"]`)).toHaveCount(1);
    await expectNoHorizontalOverflow(page, `user ${language} ${PHONE_WIDTHS[0]}px /orders (older)`);
    await page.getByTestId("previous-page").click();
    await expect(page.getByTestId("order-row")).toHaveCount(20);
    await expect(page.getByTestId("next-page")).toBeVisible();
  });
}

/** A cart with long labels, as the game page stores it, for the cart and checkout pages. */
async function storeLongCart(page: Page) {
  await page.evaluate(() => {
    const line = (id: string, label: string, usd: number, quantity: number) => ({
      id,
      label,
      precio_usd: usd,
      precio_bs: usd * 245,
      quantity,
      game: "mobile-legends",
      gameImage: null,
    });
    localStorage.setItem(
      "cart",
      JSON.stringify({
        "mobile-legends-86": line("mobile-legends-86", "86 Diamantes", 160, 12),
        "mobile-legends-172": line("mobile-legends-172", "172 Diamantes + 17 de bono de temporada", 320, 100),
      }),
    );
  });
}
