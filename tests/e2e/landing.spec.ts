import { expect, test } from "./support/test";
import { LandingPage } from "./pages/landing-page";
import { serverFixture, test as serverTest, type AppServer } from "./support/server-fixture";

const closedStoreTest = serverTest.extend<{ server: AppServer }>({
  server: serverFixture({ tournamentCount: 1, env: { STORE_OPEN: "false" }, once: true }),
});

test.describe("landing page", () => {
  test("'Ver todos' leads to every upcoming tournament, filtered by game and by fee; the same in English", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await page.getByTestId("all-tournaments-link").click();
    await expect(page).toHaveURL((url) => url.pathname === "/tournaments");
    await expect(page.getByRole("heading", { level: 1, name: "Todos los torneos" })).toBeVisible();
    await expect(landing.cards.filter({ hasText: "Copa Free Fire Solo" })).toHaveCount(1);

    await page.getByTestId("filter-game").selectOption("blood-strike");
    await page.getByTestId("filter-submit").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("game") === "blood-strike");
    await expect(landing.cards.filter({ hasText: "Blood Strike Duo Clash" })).toHaveCount(1);
    await expect(landing.cards.filter({ hasText: "Copa Free Fire Solo" })).toHaveCount(0);

    await page.getByTestId("filter-game").selectOption("");
    await page.getByTestId("filter-fee").selectOption("free");
    await page.getByTestId("filter-submit").click();
    await expect(landing.cards.filter({ hasText: "Copa Free Fire Solo" })).toHaveCount(1);
    const fees = await landing.cards.getByTestId("tournament-fee").allTextContents();
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((fee) => fee === "Gratis")).toBe(true);

    await page.goto("/tournaments?fee=paid&lang=en");
    await expect(page.getByRole("heading", { level: 1, name: "All tournaments" })).toBeVisible();
    await expect(page.getByTestId("filter-fee")).toHaveValue("paid");
    await expect(landing.cards.filter({ hasText: "Blood Strike Duo Clash" })).toHaveCount(1);
    expect(await landing.cards.getByTestId("tournament-fee").allTextContents()).not.toContain("Free");
  });

  test("shows every section in Spanish with the demo tournaments", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(/Torneos de esports/);

    // Hero
    await expect(landing.heading(/Compite, transmite y gana/)).toBeVisible();
    await expect(page.getByTestId("live-badge")).toHaveText("EN VIVO");
    await expect(page.getByTestId("viewer-count")).toHaveText("10.2K espectadores");
    await expect(page.getByTestId("finals-badge")).toHaveText("Gran final");
    await expect(page.getByTestId("hero-video")).toHaveAttribute("poster", "/media/hero-poster.webp");

    // Tournaments from the database
    await expect(landing.heading("Próximos torneos")).toBeVisible();
    await expect(landing.cards).toHaveCount(4);
    const freeCard = landing.cards.filter({ hasText: "Copa Free Fire Solo" });
    await expect(freeCard.getByTestId("tournament-fee")).toHaveText("Gratis");
    await expect(freeCard.getByTestId("tournament-participants")).toHaveText("48");
    await expect(freeCard.getByText("Nuevo")).toBeVisible();
    await expect(freeCard.getByRole("img")).toHaveAttribute("src", "/images/tournaments/free-fire.svg");
    const duoCard = landing.cards.filter({ hasText: "Blood Strike Duo Clash" });
    await expect(duoCard.getByTestId("tournament-fee")).toHaveText("$2,00");
    await expect(duoCard.getByText("$250")).toBeVisible();
    await expect(duoCard.getByRole("link", { name: "Inscribirse" })).toBeVisible();

    // Other sections, reachable by their anchors
    for (const anchor of ["tournaments", "features", "plus", "cta"]) {
      await expect(page.locator(`section#${anchor}`)).toHaveCount(1);
    }
    await expect(landing.heading("Todo lo que necesitas para competir")).toBeVisible();
    await expect(page.getByTestId("streaming-promo")).toContainText("Baja latencia");
    await expect(landing.heading("Streamers destacados")).toBeVisible();
    await expect(page.getByRole("link", { name: "Conviértete en streamer" })).toBeVisible();
    await expect(page.getByTestId("plus-badge")).toContainText("$5");
    await expect(page.getByText("Repeticiones de torneos durante 48 horas")).toBeVisible();
    await expect(page.getByRole("link", { name: "Agendar una demo" })).toBeVisible();

    // Footer as SPEC §2 lists it
    const footer = page.getByTestId("footer");
    await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "TikTok" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Privacidad" })).toHaveAttribute("href", "/privacy-terms");
    await expect(footer.getByRole("link", { name: "Términos" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Cookies" })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Arena LATAM`);
  });

  test("the background video can be paused and stays still for people who ask for less motion (WCAG 2.2.2)", async ({ page }) => {
    // Every other test runs with less motion asked for (playwright.config.ts); this one starts without.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const landing = new LandingPage(page);
    await landing.open();
    const video = page.getByTestId("hero-video");
    const toggle = page.getByTestId("hero-video-toggle");
    const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
    await expect(toggle).toHaveAttribute("aria-label", "Pausar el video de fondo");
    expect(await paused()).toBe(false);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-label", "Reproducir el video de fondo");
    expect(await paused()).toBe(true);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/?lang=en");
    await expect(toggle).toHaveAttribute("aria-label", "Play the background video");
    expect(await paused()).toBe(true);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-label", "Pause the background video");
    expect(await paused()).toBe(false);
  });

  test("top-bar links scroll to the sections", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Plus" }).click();
    await expect(page).toHaveURL(/#plus$/);
    await expect(landing.heading("Arena Plus")).toBeInViewport();
  });

  test("a visitor's buttons lead to /auth (SPEC §4)", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await expect(page.getByTestId("sign-up")).toHaveText("Regístrate");
    await expect(page.getByTestId("greeting")).toHaveCount(0);
    await expect(page.getByTestId("get-started").first()).toHaveAttribute("href", "/auth");
    await expect(page.getByTestId("browse-tournaments")).toHaveAttribute("href", "/auth");
    await expect(page.getByTestId("schedule-demo")).toHaveAttribute("href", "/auth");
    const register = landing.cards.first().getByTestId("register-button");
    await expect(register).toHaveAttribute("href", /^\/auth\?redirectTo=%2Ftournament%3Fid%3Dcopa-free-fire-solo%26participants%3D48$/);
  });

  test("the store button opens the store", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await page.getByTestId("store-button").click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole("heading", { level: 1, name: "Recargas" })).toBeVisible();
  });

  closedStoreTest("with the store closed (STORE_OPEN=false) the store button shows the coming-soon toast", async ({ page, server }) => {
    // The landing page has no React runtime: the notice comes from the server, and the address is clean again.
    await page.goto(`${server.url}/`);
    await page.getByTestId("store-button").click();
    const notice = page.getByRole("status").filter({ hasText: "Próximamente disponible" });
    await expect(notice).toContainText("¡Atención!");
    await expect(notice.locator(".toast-progress")).toHaveCount(1);
    await expect(page).toHaveURL(`${server.url}/`);
    // Info toasts leave after 3 s by themselves: a CSS animation (it runs before any script), so on the
    // real clock, not the page's; only that it leaves is asserted, not when (a loaded CI machine).
    await expect(notice).toBeHidden({ timeout: 15_000 });

    // On a page with the app loaded (the 404 page; most pages a visitor opens have no React), toasts
    // come at once, close on demand, and at most 20 stay.
    await page.goto(`${server.url}/no-such-page`);
    await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules));
    await page.getByTestId("store-button").click();
    await expect(page).toHaveURL(`${server.url}/no-such-page`);
    const toast = page.getByRole("status").filter({ hasText: "Próximamente disponible" });
    await expect(toast).toBeVisible();
    await expect(toast.locator(".toast-progress")).toHaveCount(1);
    await toast.getByRole("button", { name: "Cerrar aviso" }).click();
    await expect(toast).toHaveCount(0);
    await page.getByTestId("store-button").evaluate((button: HTMLElement) => {
      for (let i = 0; i < 25; i += 1) button.click();
    });
    await expect(page.locator(".toast")).toHaveCount(20);
  });

  test("privacy and terms read in both languages", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("footer").getByRole("link", { name: "Privacidad" }).click();
    await expect(page).toHaveURL(/\/privacy-terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Términos y privacidad");
    await expect(page.getByRole("heading", { name: "Términos del servicio" })).toBeVisible();
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Terms and privacy/i);
    await expect(page.getByRole("heading", { name: "Privacy policy" })).toBeVisible();
  });

  test("the health check answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
