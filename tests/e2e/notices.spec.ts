import type { Page } from "@playwright/test";
import { PHONE, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// Notices where players are (docs/notifications.md), on a server of its own (seed-notices.ts: a started 4-team cup,
// Alfa v Bravo in match 0) that sends WhatsApp through the demo Cloud API server the e2e config
// starts at E2E_PORT+80. Two captains choose WhatsApp on their phones (one in Spanish, one in
// English); staff post the room of match 0; the demo server received the room for those two teams
// and no one else (Charlie, Delta and Eco chose WhatsApp too).

const PORT = Number(process.env.E2E_PORT ?? 3100);
const WHATSAPP = `http://127.0.0.1:${PORT + 80}`;
const DISCORD = `http://127.0.0.1:${PORT + 81}`;
const TALL_PHONE = { ...PHONE, height: 780 };

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({
    prepare: ["tests/e2e/support/seed-notices.ts"],
    env: {
      WHATSAPP_API_URL: WHATSAPP,
      WHATSAPP_PHONE_NUMBER_ID: "100000000000042",
      WHATSAPP_TOKEN: "e2e-wa-token",
      DISCORD_API_URL: DISCORD,
      DISCORD_BOT_TOKEN: "e2e-bot-token",
      MAIL_RETRY_BASE_MS: "200",
    },
  }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

interface Received {
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

async function receivedByWhatsapp(page: Page): Promise<Received[]> {
  const answer = await page.request.get(`${WHATSAPP}/__demo/messages`);
  return ((await answer.json()) as Received[]).filter((message) => message.parameters[0] === "Copa Avisos");
}

test("a room posted by staff reaches on WhatsApp the two teams of the match, and no one else", async ({ browser, arena }) => {
  test.setTimeout(120_000);
  const alfa = await personAt(browser, arena, { viewport: TALL_PHONE, touch: true });
  const bravo = await personAt(browser, arena, { locale: "en-US", viewport: TALL_PHONE, touch: true });
  const staff = await personAt(browser, arena, { viewport: TALL_PHONE, touch: true });

  // Alfa, in Spanish, opens "Avisos" from the menu and chooses WhatsApp with a local number.
  await signIn(alfa, arena, "alfa-avisos@example.com", "/tournaments/copa-avisos/bracket");
  await alfa.getByTestId("account-menu-button").click();
  await alfa.getByTestId("notices-link").click();
  await expect(alfa.getByRole("heading", { name: "Dónde recibir los avisos" })).toBeVisible();
  await alfa.getByTestId("whatsapp-on").check();
  await alfa.getByTestId("notice-settings-submit").click();
  // A switch on with no number: told what is missing, nothing saved.
  await expect(alfa.getByText("Para recibir avisos por WhatsApp escribe tu número.")).toBeVisible();
  await alfa.getByTestId("whatsapp-on").check();
  await alfa.getByTestId("whatsapp-number").fill("0414 000 0001");
  await alfa.getByTestId("notice-settings-submit").click();
  await expect(alfa.getByTestId("notice-settings-saved")).toContainText("guardamos");
  await alfa.reload();
  await expect(alfa.getByTestId("whatsapp-number")).toHaveValue("+584140000001");

  // Bravo, in English.
  await signIn(bravo, arena, "bravo-avisos@example.com", "/account/notices");
  await bravo.goto("/account/notices?lang=en");
  await expect(bravo.getByRole("heading", { name: "Where to get your notices" })).toBeVisible();
  await bravo.getByTestId("whatsapp-on").check();
  await bravo.getByTestId("whatsapp-number").fill("+58 414-000-0002");
  await bravo.getByTestId("notice-settings-submit").click();
  await expect(bravo.getByTestId("notice-settings-saved")).toContainText("we saved");

  // Staff post the room of match 0 (Alfa v Bravo) from their phone.
  await signIn(staff, arena, "staff-avisos@example.com", "/tournaments/copa-avisos/matches/0");
  await expect(staff.getByTestId("match-page")).toContainText("Alfa");
  await expect(staff.getByTestId("match-page")).toContainText("Bravo");
  await staff.getByTestId("room-id-input").fill("SALA-4242");
  await staff.getByTestId("room-password-input").fill("llama-azul");
  await staff.getByTestId("room-submit").click();
  await expect(staff.getByTestId("match-done")).toContainText("Sala publicada");

  // The WhatsApp demo server received the room template for Alfa (Spanish) and Bravo (English) only.
  await expect
    .poll(async () => (await receivedByWhatsapp(staff)).filter((m) => m.template === "arena_room_details").length, { timeout: 15_000 })
    .toBe(2);
  const received = await receivedByWhatsapp(staff);
  const rooms = received.filter((message) => message.template === "arena_room_details");
  expect(rooms.map((message) => [message.to, message.language]).sort()).toEqual([
    ["584140000001", "es"],
    ["584140000002", "en"],
  ]);
  expect(rooms.every((message) => message.parameters.includes("SALA-4242") && message.parameters.includes("llama-azul"))).toBe(true);
  for (const other of ["584140000003", "584140000004", "584140000005"])
    expect(received.some((message) => message.to === other)).toBe(false);
  expect(received.filter((message) => message.parameters.includes("llama-azul"))).toHaveLength(2);
});
