import { describe, expect, it } from "vitest";
import { APPROVED_TEMPLATES } from "../../../../scripts/whatsapp-demo.mjs";
import {
  announcementMessage,
  channelsFor,
  discordMessage,
  isDiscordUserId,
  maskedWebhookUrl,
  NO_PREFERENCES,
  normaliseWhatsappNumber,
  NOTICE_KINDS,
  parseDiscordWebhookUrl,
  WHATSAPP_TEMPLATES,
  whatsappMessage,
  type Notice,
} from "./notices";
import { parsePreferencesForm } from "./preferences-form";

const ALL_ON = { whatsapp: true, discordDm: true, discordWebhook: true };
const chosen = { whatsappNumber: "584141234567", whatsappOn: true, discordUserId: "123456789012345678", discordOn: true };
const tournament = { id: "copa", title: "Copa Free Fire" };
const URL = "https://arena.example";
// A translator that shows its key and values, enough to see what a message carries.
const t = (key: string, values: Record<string, string> = {}) => `${key} ${JSON.stringify(values)}`;

describe("channel choice", () => {
  it("always mails, and adds each chosen channel that is on and has an address", () => {
    expect(channelsFor(NO_PREFERENCES, ALL_ON)).toEqual(["email"]);
    expect(channelsFor(chosen, ALL_ON)).toEqual(["email", "whatsapp", "discord_dm"]);
    expect(channelsFor({ ...chosen, whatsappOn: false }, ALL_ON)).toEqual(["email", "discord_dm"]);
    expect(channelsFor({ ...chosen, discordUserId: null }, ALL_ON)).toEqual(["email", "whatsapp"]);
  });

  it("sends nothing on a channel the operator has not turned on, whatever the player chose", () => {
    expect(channelsFor(chosen, { whatsapp: false, discordDm: false, discordWebhook: false })).toEqual(["email"]);
    expect(channelsFor(chosen, { whatsapp: true, discordDm: false, discordWebhook: false })).toEqual(["email", "whatsapp"]);
  });
});

describe("WhatsApp templates", () => {
  const notices: Notice[] = NOTICE_KINDS.map((kind) => ({
    kind,
    tournament,
    team: "Alfa",
    opponent: "Bravo",
    room: kind === "room" ? { roomId: "SALA-1", roomPassword: "fuego" } : undefined,
    path: "/tournaments/copa/matches/0",
  }));

  it("fills each notice's approved template with as many parameters as it was approved with", () => {
    for (const notice of notices) {
      const message = whatsappMessage(notice, "es", URL);
      expect(message.parameters).toHaveLength(WHATSAPP_TEMPLATES[message.template].length);
      // The demo server's list of approved templates is the same contract.
      expect(APPROVED_TEMPLATES[message.template]?.parameters).toBe(message.parameters.length);
      expect(message.parameters.every((parameter) => parameter.trim().length > 0)).toBe(true);
    }
  });

  it("puts the room id and password only in the room template, with the match's link", () => {
    const room = whatsappMessage(notices[1]!, "en", URL);
    expect(room).toEqual({
      template: "arena_room_details",
      language: "en",
      parameters: ["Copa Free Fire", "Alfa", "SALA-1", "fuego", `${URL}/tournaments/copa/matches/0`],
    });
    for (const notice of notices.filter((other) => other.kind !== "room"))
      expect(whatsappMessage(notice, "es", URL).parameters.join(" ")).not.toContain("fuego");
  });

  it("writes a dash for an empty value (the API refuses empty parameters)", () => {
    const message = whatsappMessage({ ...notices[1]!, room: { roomId: "SALA-1", roomPassword: "" } }, "es", URL);
    expect(message.parameters[3]).toBe("—");
  });
});

describe("Discord messages", () => {
  it("a DM carries the notice's text and link, within Discord's 2000 characters", () => {
    const message = discordMessage({ kind: "ready", tournament: { id: "x", title: "T".repeat(3000) }, team: "A", path: "/p" }, t, URL);
    expect(message.content.length).toBeLessThanOrEqual(2000);
    expect(discordMessage({ kind: "checkIn", tournament, team: "Alfa", path: "/b" }, t, URL).content).toContain(`${URL}/b`);
  });

  it("announces a published tournament and its podium", () => {
    expect(announcementMessage({ kind: "published", title: "Copa", path: "/tournament?id=copa" }, t, URL).content).toBe(
      `notifications:announce.published {"title":"Copa"}\n${URL}/tournament?id=copa`,
    );
    const results = announcementMessage(
      { kind: "results", title: "Copa", podium: ["Alfa", "Bravo", "Charlie", "Delta"], path: "/b" },
      t,
      URL,
    );
    expect(results.content.split("\n")).toHaveLength(5);
    expect(results.content).toContain('"place":"1","team":"Alfa"');
    expect(results.content).not.toContain("Delta");
  });

  it("shows a stored webhook without its token", () => {
    const token = "abcdefghijklmnopqrstuvwxyz0123456789WXYZ";
    const masked = maskedWebhookUrl(`https://discord.com/api/webhooks/123456789012345678/${token}`);
    expect(masked).toBe("https://discord.com/api/webhooks/123456789012345678/••••••WXYZ");
    expect(masked).not.toContain(token.slice(0, 10));
    expect(maskedWebhookUrl("nonsense")).toBe("••••••");
  });

  it("an announcement says who plays, never a room", () => {
    const message = announcementMessage({ kind: "ready", title: "Copa", teams: ["Alfa", "Bravo"], path: "/m" }, t, URL);
    expect(message.content).toContain("Alfa");
    expect(message.content).toContain("Bravo");
  });
});

describe("what a player types", () => {
  it("reads WhatsApp numbers with a country code, and Venezuelan mobiles written locally", () => {
    expect(normaliseWhatsappNumber("+58 414-123 4567")).toBe("584141234567");
    expect(normaliseWhatsappNumber("0414 1234567")).toBe("584141234567");
    expect(normaliseWhatsappNumber("+1 (415) 555-0100")).toBe("14155550100");
    expect(normaliseWhatsappNumber("hola")).toBeNull();
    expect(normaliseWhatsappNumber("123")).toBeNull();
    expect(normaliseWhatsappNumber("+0414")).toBeNull();
  });

  it("takes a Discord user id of 17 to 20 digits only", () => {
    expect(isDiscordUserId("123456789012345678")).toBe(true);
    expect(isDiscordUserId("player#1234")).toBe(false);
    expect(isDiscordUserId("1234")).toBe(false);
  });

  it("accepts Discord's own webhook URLs only", () => {
    const token = "a".repeat(68);
    expect(parseDiscordWebhookUrl(`https://discord.com/api/webhooks/123456789012345678/${token}`)).toEqual({
      id: "123456789012345678",
      token,
    });
    expect(parseDiscordWebhookUrl(`https://discordapp.com/api/webhooks/123456789012345678/${token}`)).not.toBeNull();
    expect(parseDiscordWebhookUrl(`http://discord.com/api/webhooks/123456789012345678/${token}`)).toBeNull();
    expect(parseDiscordWebhookUrl(`https://evil.example/api/webhooks/123456789012345678/${token}`)).toBeNull();
    expect(parseDiscordWebhookUrl(`https://discord.com.evil.example/api/webhooks/123456789012345678/${token}`)).toBeNull();
    expect(parseDiscordWebhookUrl("https://discord.com/channels/1/2")).toBeNull();
  });

  it("answers every field's error at once, and needs an address for a channel turned on", () => {
    expect(parsePreferencesForm({ whatsappOn: "on", whatsappNumber: "", discordOn: "on", discordUserId: "nombre" })).toEqual({
      ok: false,
      errors: [
        { field: "whatsappNumber", code: "WHATSAPP_NUMBER_REQUIRED" },
        { field: "discordUserId", code: "DISCORD_ID_INVALID" },
      ],
    });
    expect(parsePreferencesForm({ whatsappOn: "on", whatsappNumber: "0414-1234567" })).toEqual({
      ok: true,
      preferences: { whatsappNumber: "584141234567", whatsappOn: true, discordUserId: null, discordOn: false },
    });
    expect(parsePreferencesForm({ whatsappNumber: "abc" })).toMatchObject({ ok: false, errors: [{ code: "WHATSAPP_NUMBER_INVALID" }] });
  });
});
