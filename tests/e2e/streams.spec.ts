import { noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// Streams and replays (docs/streamers.md "Streams on tournaments", "Replays"), at phone width: staff attach a live
// streamer's channel to a tournament; a visitor sees "EN VIVO" on its card and opens the player by a click
// (no player before it); a Plus member opens yesterday's final, a player without Plus sees the lock (English).
// Nothing is loaded from the providers on this offline machine: the tests assert where the player points.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-tournament-streams.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

// One worker runs both in order, on one server: another worker would only seed and start a copy of it.
test.describe.configure({ mode: "default" });

test("staff attach a live streamer's channel; the card says EN VIVO and the player loads only on click", async ({ browser, arena }) => {
  test.setTimeout(120_000);
  const staff = await personAt(browser, arena);
  const visitor = await personAt(browser, arena);

  // Before: the card is not live.
  await visitor.goto("/tournaments");
  const card = visitor.getByTestId("tournament-card").filter({ hasText: "Copa En Vivo" });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("tournament-live-badge")).toHaveCount(0);

  await signIn(staff, arena, "staff-ts@example.com", "/admin/tournaments/copa-en-vivo/streams");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Transmisiones del torneo");
  // A link that is not a channel of the platform is refused, translated.
  await staff.getByTestId("stream-platform").selectOption("twitch");
  await staff.getByTestId("stream-url").fill("https://www.twitch.tv/videos/123");
  await staff.getByTestId("stream-attach").click();
  await expect(staff.getByTestId("admin-error")).toHaveText("Ese enlace no tiene la forma de un canal de esta plataforma.");
  await staff.getByTestId("stream-kind").selectOption("caster");
  await staff.getByTestId("stream-url").fill("https://www.twitch.tv/vale_caster");
  await staff.getByTestId("stream-streamer").fill("vale_caster");
  await staff.getByTestId("stream-attach").click();
  await expect(staff.getByTestId("admin-done")).toHaveText("Transmisión añadida.");
  await expect(staff.getByTestId("admin-stream-row")).toContainText("vale_caster");
  await noSidewaysScroll(staff);

  // The streamer is live: the card says so.
  await visitor.goto("/tournaments");
  await expect(card.getByTestId("tournament-live-badge")).toHaveText(/en vivo/i);
  await noSidewaysScroll(visitor);

  await signIn(visitor, arena, "visitor-ts@example.com", "/tournament?id=copa-en-vivo");
  await expect(visitor.getByTestId("tournament-live")).toBeVisible();
  const streams = visitor.getByTestId("streams");
  await expect(streams.getByTestId("stream")).toHaveCount(1);
  await expect(streams).toContainText("Caster");
  // The page is light: no player until the viewer asks for one.
  await expect(visitor.locator("iframe")).toHaveCount(0);
  await noSidewaysScroll(visitor);
  const facade = streams.getByTestId("stream-facade");
  await expect(facade).toHaveAccessibleName("Ver a vale_caster");
  await facade.click();
  const player = streams.locator("iframe");
  await expect(player).toHaveCount(1);
  const src = new URL((await player.getAttribute("src"))!);
  expect(src.origin).toBe("https://player.twitch.tv");
  expect(src.searchParams.get("channel")).toBe("vale_caster");
  expect(src.searchParams.get("parent")).toBe(new URL(arena.url).hostname);
  await expect(player).toHaveAttribute("title", "vale_caster en Twitch");
  await expect(player).toBeFocused();
  await noSidewaysScroll(visitor);
});

test("a Plus member opens yesterday's final; a player without Plus sees the lock and the way to Plus (English)", async ({
  browser,
  arena,
}) => {
  test.setTimeout(120_000);
  const member = await personAt(browser, arena);
  await signIn(member, arena, "member-ts@example.com", "/tournament?id=copa-de-ayer");
  const replays = member.getByTestId("replays");
  await expect(replays.getByRole("heading")).toHaveText("Repeticiones");
  await expect(member.getByTestId("replays-locked")).toHaveCount(0);
  await expect(member.locator("iframe")).toHaveCount(0);
  await replays.getByTestId("replay-facade").press("Enter");
  const player = replays.locator("iframe");
  await expect(player).toHaveCount(1);
  expect(new URL((await player.getAttribute("src"))!).href).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  await noSidewaysScroll(member);

  const other = await personAt(browser, arena);
  await other.goto("/?lang=en");
  await signIn(other, arena, "visitor-ts@example.com", "/tournament?id=copa-de-ayer");
  const locked = other.getByTestId("replays-locked");
  await expect(locked).toContainText("There is 1 replay for Plus members only.");
  await expect(locked).toContainText("The organizer kept them for Plus members only.");
  await expect(other.getByTestId("replay-facade")).toHaveCount(0);
  await expect(other.locator("iframe")).toHaveCount(0);
  await noSidewaysScroll(other);
  await other.getByTestId("replays-plus").click();
  await expect(other).toHaveURL((url) => url.pathname === "/plus");
  await expect(other.getByTestId("plus-benefit-replays")).toHaveAttribute("href", "/tournaments");
});
