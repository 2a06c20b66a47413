// Notices where players are (docs/notifications.md): check-in, room, next match and decided disputes go by
// e-mail and, as each player chose, by WhatsApp (Cloud API templates) and a Discord DM, plus public
// announcements on the tournament's Discord channel. The non-mail channels have an outbox of their
// own: a channel that is down delays a notice, never loses or doubles it. A room's password goes to
// the two teams of its match and no one else. Both outside services are their demo servers here.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox, notificationOutbox, registrations, tournaments, users } from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { findMatch } from "~/features/competition/competition-reads.server";
import { saveSettings, startCompetition } from "~/features/competition/competition-start.server";
import { mailCompetitionEvents } from "~/features/competition/competition-mail.server";
import { action as matchAction } from "~/features/competition/routes/match";
import { deliverDueNotices } from "~/features/notifications/notification-outbox.server";
import { savePreferences } from "~/features/notifications/notify.server";
import { action as settingsAction, loader as settingsLoader } from "~/features/notifications/routes/settings";
import type { DatabaseHandle } from "~/lib/db.server";
import type { RetryPolicy } from "~/lib/mail-retry";
import { startDiscordDemo } from "../../scripts/discord-demo.mjs";
import { startWhatsappDemo } from "../../scripts/whatsapp-demo.mjs";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

// The demo servers, and the settings that turn both channels on: set before the app reads its environment.
const whatsapp = await startWhatsappDemo({ token: "wa-token", phoneNumberId: "100000000000009", rate: 1000 });
const discord = await startDiscordDemo({ token: "bot-token", rate: 1000 });
process.env.WHATSAPP_API_URL = whatsapp.url;
process.env.WHATSAPP_PHONE_NUMBER_ID = "100000000000009";
process.env.WHATSAPP_TOKEN = "wa-token";
process.env.DISCORD_API_URL = discord.url;
process.env.DISCORD_BOT_TOKEN = "bot-token";
process.env.DISCORD_WEBHOOKS = "true";

const T = "copa-avisos";
const WEBHOOK = `https://discord.com/api/webhooks/123456789012345678/${"w".repeat(68)}`;
const POLICY: RetryPolicy = { baseMs: 5000, maxMs: 60_000, maxAttempts: 15 };
let handle: DatabaseHandle;
let clock = Date.now();
const now = () => new Date(clock);

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await whatsapp.close();
  await discord.close();
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  whatsapp.state.messages.length = 0;
  discord.state.messages.length = 0;
  // The demo's rate window is one real second: the previous test's messages must not count here.
  whatsapp.state.recent.length = 0;
  whatsapp.state.rate = 1000;
  whatsapp.state.down = false;
  discord.state.down = false;
  clock = Date.now();
});

/** Four teams whose captains all chose WhatsApp and Discord, checked in; the cup started (matches 0 and 1 ready). */
async function startedCup() {
  const db = handle.db;
  await db.insert(tournaments).values({
    id: T,
    title: "Copa Avisos",
    game: "free-fire",
    prize: "$100",
    players: ["4 jugadores"],
    image: "/x.jpg",
    date: "2026-12-01",
    capacity: 16,
    registrationClosesAt: new Date(),
    discordWebhookUrl: WEBHOOK,
  });
  const staffId = randomUUID();
  await db.insert(users).values({ id: staffId, email: "staff@example.com", name: "Staff", isStaff: true });
  const captains: { userId: string; registrationId: string; email: string; phone: string; discordId: string }[] = [];
  for (let i = 1; i <= 4; i++) {
    const captain = {
      userId: randomUUID(),
      registrationId: randomUUID(),
      email: `cap${i}@example.com`,
      phone: `58414000000${i}`,
      discordId: `20000000000000000${i}`,
    };
    await db.insert(users).values({ id: captain.userId, email: captain.email, name: `Cap ${i}`, language: i === 2 ? "en" : "es" });
    await db.insert(registrations).values({
      id: captain.registrationId,
      tournamentId: T,
      userId: captain.userId,
      teamName: `Team ${i}`,
      phone: "04141234567",
      status: "confirmed",
    });
    await savePreferences(db, captain.userId, {
      whatsappNumber: captain.phone,
      whatsappOn: true,
      discordUserId: captain.discordId,
      discordOn: true,
    });
    captains.push(captain);
  }
  await saveSettings(
    db,
    T,
    {
      format: "single_elimination",
      bestOf: 1,
      finalBestOf: 1,
      groupCount: 1,
      lobbyMatches: 4,
      startsAt: new Date(Date.now() + 30 * 60_000),
      checkInOpensMinutes: 60,
      checkInClosesMinutes: 15,
    },
    staffId,
  );
  for (const captain of captains) await checkIn(db, { tournamentId: T, userId: captain.userId, now: new Date() });
  const manual = Object.fromEntries(captains.map((captain, index) => [captain.registrationId, index + 1]));
  await db.transaction(async (tx) => {
    const events = await startCompetition(tx, { tournamentId: T, actorUserId: staffId, method: "manual", manual });
    await mailCompetitionEvents(tx, { id: T, title: "Copa Avisos" }, events);
  });
  // The test's clock starts after the rows were queued (they are due from the database's now).
  clock = Date.now() + 1000;
  return { captains, staffId };
}

const deliver = () => deliverDueNotices(handle.db, { now, policy: POLICY });

describe("the notice outbox", () => {
  it("queues a ready match on every chosen channel with its mail, and announces it on the tournament's channel", async () => {
    const { captains } = await startedCup();
    expect(await deliver()).toEqual({ sent: 4 + 4 + 2, retried: 0, failed: 0 });
    expect(whatsapp.state.messages.map((message) => message.to).sort()).toEqual(captains.map((captain) => captain.phone).sort());
    expect(whatsapp.state.messages.every((message) => message.template === "arena_match_ready")).toBe(true);
    // Each in its captain's language (captain 2 reads English).
    expect(whatsapp.state.messages.find((message) => message.to === captains[1]!.phone)!.language).toBe("en");
    expect(discord.state.messages.filter((message) => message.kind === "dm")).toHaveLength(4);
    expect(discord.state.messages.filter((message) => message.kind === "webhook")).toHaveLength(2);
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "competition.ready"));
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(captains.map((captain) => captain.email).sort());
  });

  it("keeps notices while a channel is down and delivers each once when it is back", async () => {
    await startedCup();
    whatsapp.state.down = true;
    discord.state.down = true;
    expect(await deliver()).toEqual({ sent: 0, retried: 10, failed: 0 });
    expect(whatsapp.state.messages).toHaveLength(0);
    // Not due yet: nothing is tried again before the back-off.
    expect(await deliver()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock += 60_000;
    expect(await deliver()).toEqual({ sent: 0, retried: 10, failed: 0 });
    whatsapp.state.down = false;
    discord.state.down = false;
    clock += 10 * 60_000;
    expect(await deliver()).toEqual({ sent: 10, retried: 0, failed: 0 });
    clock += 60 * 60_000;
    expect(await deliver()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(whatsapp.state.messages).toHaveLength(4);
    expect(new Set(whatsapp.state.messages.map((message) => message.to)).size).toBe(4);
    expect(discord.state.messages).toHaveLength(6);
    const rows = await handle.db.select().from(notificationOutbox);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 3)).toBe(true);
  });

  it("gives up at once on a notice the service refuses for good (a template it does not know)", async () => {
    await startedCup();
    await handle.db
      .update(notificationOutbox)
      .set({ payload: { template: "arena_unknown", language: "es", parameters: ["x"] } })
      .where(eq(notificationOutbox.channel, "whatsapp"));
    expect(await deliver()).toEqual({ sent: 6, retried: 0, failed: 4 });
    const failed = await handle.db.select().from(notificationOutbox).where(eq(notificationOutbox.status, "failed"));
    expect(failed[0]!.lastError).toMatch(/132001/);
  });

  it("waits out a rate limit and then sends", async () => {
    await startedCup();
    whatsapp.state.rate = 2;
    const first = await deliver();
    expect(first.sent).toBe(8); // 2 WhatsApp + 4 DMs + 2 announcements
    expect(first.retried).toBe(2);
    whatsapp.state.rate = 1000;
    clock += 60_000;
    expect(await deliver()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(whatsapp.state.messages).toHaveLength(4);
  });
});

describe("a room's password", () => {
  it("goes only to the two teams of the match, on every channel, and is never announced", async () => {
    const mailer = memoryMailer();
    useTestAuth(handle.db, mailer);
    const { captains } = await startedCup();
    await deliver();
    whatsapp.state.messages.length = 0;
    discord.state.messages.length = 0;
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const match = (await findMatch(handle.db, T, 0))!;
    const sides = new Set([match.side1!.registrationId, match.side2!.registrationId]);
    const inMatch = captains.filter((captain) => sides.has(captain.registrationId));
    const others = captains.filter((captain) => !sides.has(captain.registrationId));
    expect(inMatch).toHaveLength(2);

    const posted = await callRoute<{ ok: boolean }>(
      matchAction,
      formRequest(`/tournaments/${T}/matches/0`, { intent: "room", roomId: "SALA-9", roomPassword: "clave-secreta" }, staff.jar.header()),
      { tournamentId: T, matchId: "0" },
    );
    expect(posted.data).toMatchObject({ ok: true });
    clock = Date.now() + 1000;
    await deliver();

    const roomMessages = whatsapp.state.messages.filter((message) => message.template === "arena_room_details");
    expect(roomMessages.map((message) => message.to).sort()).toEqual(inMatch.map((captain) => captain.phone).sort());
    expect(roomMessages.every((message) => message.parameters.includes("clave-secreta"))).toBe(true);
    const everything = JSON.stringify([whatsapp.state.messages, discord.state.messages]);
    for (const other of others) {
      expect(whatsapp.state.messages.some((message) => message.to === other.phone)).toBe(false);
      expect(discord.state.messages.some((message) => message.kind === "dm" && message.userId === other.discordId)).toBe(false);
    }
    expect(
      discord.state.messages
        .filter((message) => message.kind === "dm")
        .map((message) => (message as { userId: string }).userId)
        .sort(),
    ).toEqual(inMatch.map((captain) => captain.discordId).sort());
    expect(discord.state.messages.some((message) => message.kind === "webhook")).toBe(false);
    expect(everything.split("clave-secreta").length - 1).toBe(4);
    const roomMails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "competition.room"));
    expect(roomMails.map((mail) => mail.recipient).sort()).toEqual(inMatch.map((captain) => captain.email).sort());
    expect(
      mailer.sent
        .filter((mail) => mail.text.includes("clave-secreta"))
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(inMatch.map((captain) => captain.email).sort());
  });
});

describe("the notice settings page", () => {
  it("saves the signed-in player's own channels, and answers every field's error at once", async () => {
    const mailer = memoryMailer();
    useTestAuth(handle.db, mailer);
    const player = await signInAs(handle.db, mailer, "player@example.com");
    const refused = await callRoute<{ ok: boolean; errors: unknown[] }>(
      settingsAction,
      formRequest("/account/notices", { whatsappOn: "on", whatsappNumber: "abc", discordOn: "on", discordUserId: "" }, player.jar.header()),
    );
    expect(refused.status).toBe(400);
    expect(refused.data!.errors).toHaveLength(2);
    const saved = await callRoute<{ ok: boolean }>(
      settingsAction,
      formRequest("/account/notices", { whatsappOn: "on", whatsappNumber: "0414-555 1234", userId: "someone-else" }, player.jar.header()),
    );
    expect(saved.data).toMatchObject({ ok: true });
    const page = await callRoute<{ preferences: unknown }>(settingsLoader, getRequest("/account/notices", player.jar.header()));
    expect(page.data!.preferences).toEqual({ whatsappNumber: "584145551234", whatsappOn: true, discordUserId: null, discordOn: false });
  });
});
