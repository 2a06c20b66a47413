import { noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";
import { waitForMail } from "./support/mailbox";

// Streamers (docs/streamers.md), at phone width: a player applies to be a streamer, staff approve (the
// player is mailed), staff feature them, the streamer switches "Estoy en vivo" and the landing and their
// page show the LIVE badge; a fan follows; a short look in English. The pages have no React runtime
// (the staff page apart): plain forms that post.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-streamers.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

test("a player applies, staff approve and feature them, the streamer goes live and the landing and their page show it", async ({
  browser,
  arena,
}) => {
  test.setTimeout(120_000);
  const player = await personAt(browser, arena);
  const staff = await personAt(browser, arena);
  const fan = await personAt(browser, arena);

  // The landing's "Conviértete en streamer" leads to the application (visitors sign in first, and come back).
  await player.goto("/");
  await expect(player.getByTestId("landing-streamer")).toHaveCount(0);
  await expect(player.getByTestId("landing-become-streamer")).toHaveAttribute("href", "/streamers/apply");
  await signIn(player, arena, "streamer-st@example.com", "/streamers/apply");
  await expect(player.getByRole("heading", { level: 1 })).toHaveText("Conviértete en streamer");
  await noSidewaysScroll(player);

  // A channel link not in the platform's form comes back translated, what was typed kept.
  await player.getByTestId("apply-handle").fill("vale_live");
  await player.getByTestId("apply-channel-twitch").fill("https://www.twitch.tv/vale_live");
  await player.getByTestId("apply-channel-youtube").fill("https://youtu.be/abc");
  await player.getByTestId("apply-game-free-fire").check();
  await player.getByTestId("apply-bio").fill("Free Fire todas las noches desde Maracaibo.");
  await player.getByTestId("apply-submit").click();
  await expect(player.getByTestId("apply-error-channel-youtube")).toHaveText(
    "Ese enlace no tiene la forma de un canal de esta plataforma.",
  );
  await expect(player.getByTestId("apply-handle")).toHaveValue("vale_live");
  await player.getByTestId("apply-channel-youtube").fill("https://www.youtube.com/@valelive");
  await player.getByTestId("apply-game-free-fire").check();
  await player.getByTestId("apply-submit").click();
  await expect(player.getByTestId("apply-done")).toBeVisible();
  await expect(player.getByTestId("apply-status-value")).toHaveText("En revisión");
  await noSidewaysScroll(player);

  // Staff approve and feature; the player is mailed in Spanish.
  await signIn(staff, arena, "staff-st@example.com", "/admin/streamers");
  const row = staff.locator('[data-testid="admin-streamer-row"][data-handle="vale_live"]');
  await expect(row.getByTestId("admin-streamer-status")).toHaveText("En revisión");
  await row.getByTestId("admin-streamer-approve").click();
  await expect(staff.getByTestId("admin-done")).toHaveText("Streamer aprobado; le enviamos un correo.");
  await expect(row.getByTestId("admin-streamer-status")).toHaveText("Aprobado");
  await row.getByTestId("admin-streamer-feature").click();
  await expect(staff.getByTestId("admin-done")).toHaveText("Ahora aparece en la portada.");
  await noSidewaysScroll(staff);
  const mail = await waitForMail("streamer-st@example.com", { dataDir: arena.dataDir, subject: /Ya eres streamer/ });
  expect(mail.links.some((href) => href.endsWith("/streamers/vale_live"))).toBe(true);

  // The streamer switches "Estoy en vivo" on their page.
  await player.goto("/streamers/me");
  await expect(player).toHaveURL((url) => url.pathname === "/streamers/vale_live");
  await expect(player.getByTestId("streamer-live")).toHaveCount(0);
  await player.getByTestId("streamer-live-switch").click();
  await expect(player.getByTestId("streamer-live")).toHaveText("En vivo");
  await expect(player.getByTestId("streamer-live-switch")).toHaveText("Terminar transmisión");
  await noSidewaysScroll(player);

  // The streamer keeps a weekly schedule: overlapping slots are refused (nothing saved), then it is saved and listed.
  await expect(player.getByTestId("schedule-empty")).toHaveText("Aún no ha publicado su horario.");
  await player.getByTestId("schedule-day-0").selectOption("5");
  await player.getByTestId("schedule-start-0").fill("20:00");
  await player.getByTestId("schedule-duration-0").fill("120");
  await player.getByTestId("schedule-title-0").fill("Clasificatorias");
  await player.getByTestId("schedule-day-1").selectOption("5");
  await player.getByTestId("schedule-start-1").fill("21:00");
  await player.getByTestId("schedule-submit").click();
  await expect(player.getByTestId("schedule-error")).toHaveText("Dos bloques se solapan: cambia la hora o la duración.");
  await expect(player.getByTestId("schedule-empty")).toBeVisible();
  await expect(player.getByTestId("schedule-title-0")).toHaveValue("Clasificatorias");
  await player.getByTestId("schedule-day-1").selectOption("2");
  await player.getByTestId("schedule-submit").click();
  await expect(player.getByTestId("streamer-saved")).toHaveText("Horario guardado.");
  await expect(player.getByTestId("schedule-slot")).toHaveCount(2);
  await expect(player.getByTestId("schedule-list")).toContainText("Viernes");
  await expect(player.getByTestId("schedule-list")).toContainText("Clasificatorias");
  await noSidewaysScroll(player);

  // A fan follows; the page counts them.
  await signIn(fan, arena, "fan-st@example.com", "/streamers/vale_live");
  await expect(fan.getByTestId("streamer-live")).toHaveText("En vivo");
  await expect(fan.getByTestId("streamer-followers")).toHaveText("0 seguidores");
  await fan.getByTestId("streamer-follow").click();
  await expect(fan.getByTestId("streamer-followers")).toHaveText("1 seguidor");
  await expect(fan.getByTestId("streamer-follow")).toHaveText("Dejar de seguir");
  await expect(fan.getByTestId("streamer-channels")).toContainText("www.youtube.com/@valelive");

  // The streamer puts their donation alerts into OBS: the secret address from their page, a transparent overlay.
  await player.getByTestId("streamer-alerts-link").click();
  await expect(player.getByRole("heading", { level: 1 })).toHaveText("Alertas de donaciones en OBS");
  await noSidewaysScroll(player);
  const overlayUrl = new URL(await player.getByTestId("alerts-url").inputValue());
  const obs = await personAt(browser, arena);
  await obs.setViewportSize({ width: 600, height: 250 });
  await obs.goto(overlayUrl.pathname);
  await expect(obs.getByTestId("alerts-overlay")).toBeAttached();
  await expect(obs.getByTestId("donation-alert")).toBeHidden();
  expect(await obs.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgba(0, 0, 0, 0)");

  // The fan donates 5.00 from their wallet with a message; the page lists them among the supporters.
  await expect(fan.getByTestId("donation-balance")).toContainText("20");
  await fan.getByTestId("donation-amount").fill("50");
  await fan.getByTestId("donation-submit").click();
  await expect(fan.getByTestId("streamer-error")).toHaveText("No tienes saldo suficiente en tu billetera para esta donación.");
  await fan.getByTestId("donation-amount").fill("5");
  await fan.getByTestId("donation-message").fill("¡Dale Vale!");
  await fan.getByTestId("donation-submit").click();
  await expect(fan.getByTestId("donation-done")).toHaveText("¡Gracias! Tu donación llegó a @vale_live.");
  await expect(fan.getByTestId("supporter")).toHaveCount(1);
  await expect(fan.getByTestId("supporter")).toContainText("@fede_fan");
  await expect(fan.getByTestId("supporter")).toContainText("¡Dale Vale!");
  await noSidewaysScroll(fan);
  // Within seconds the donation is on stream (the refused one never was).
  await expect(obs.getByTestId("donation-alert")).toBeVisible({ timeout: 15_000 });
  await expect(obs.getByTestId("donation-alert-who")).toHaveText("@fede_fan");
  await expect(obs.getByTestId("donation-alert-amount")).toHaveText("$5,00");
  await expect(obs.getByTestId("donation-alert-message")).toHaveText("¡Dale Vale!");
  await obs.context().close();

  // The landing, for a visitor (the cached page): the featured streamer, live, within the cache's few seconds.
  const visitor = await personAt(browser, arena);
  await expect(async () => {
    await visitor.goto("/");
    await expect(visitor.getByTestId("landing-streamer")).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  const card = visitor.getByTestId("landing-streamer");
  await expect(card).toContainText("@vale_live");
  await expect(card.getByTestId("landing-streamer-live")).toHaveText("En vivo");
  await expect(card).toContainText("1 seguidor");
  await expect(card).toContainText("0 partidas jugadas");
  await noSidewaysScroll(visitor);

  // The list puts them first; the same pages in English.
  await visitor.goto("/streamers?lang=en");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Streamers");
  await expect(visitor.getByTestId("streamers-item").first()).toContainText("@vale_live");
  await expect(visitor.getByTestId("streamers-item").first()).toContainText("Live");
  await visitor.goto("/streamers/vale_live");
  await expect(visitor.getByTestId("streamer-live")).toHaveText("Live");
  await expect(visitor.getByTestId("streamer-followers")).toHaveText("1 follower");
  await expect(visitor.getByTestId("streamer-follow-signin")).toHaveText("Sign in to follow");
  await expect(visitor.getByTestId("schedule-list")).toContainText("Friday");
  await expect(visitor.getByTestId("schedule-list")).toContainText("8:00 PM – 10:00 PM");
  await noSidewaysScroll(visitor);
  await player.goto("/streamers/vale_live?lang=en");
  await expect(player.getByTestId("streamer-live-switch")).toHaveText("End stream");
  await player.getByTestId("streamer-live-switch").click();
  await expect(player.getByTestId("streamer-live")).toHaveCount(0);
  await expect(player.getByTestId("streamer-live-switch")).toHaveText("I'm live");
  await player.goto("/streamers/apply");
  await expect(player.getByRole("heading", { level: 1 })).toHaveText("Become a streamer");
  await expect(player.getByTestId("apply-status-value")).toHaveText("Approved");
});
