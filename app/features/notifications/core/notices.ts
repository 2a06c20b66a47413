/**
 * The notices a player gets where they are (docs/notifications.md): which channels a notice goes
 * to, and what each channel says. Pure: the server queues what these functions answer.
 */

/** What happened: the competition notices sent on every chosen channel. */
export const NOTICE_KINDS = ["checkIn", "room", "ready", "staffDecided", "reminder", "walkover"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** E-mail is always on; the others are chosen by the player in their notice settings. */
export type Channel = "email" | "whatsapp" | "discord_dm";
/** The channels queued in the notification outbox (e-mail has the mail outbox). */
export type OutboxChannel = "whatsapp" | "discord_dm" | "discord_webhook" | "discord_role";

/** What the Discord role adapter is asked: give the Plus premium role, or take it away (docs/plus.md). */
export interface DiscordRolePayload {
  action: "grant" | "remove";
}

export interface Notice {
  kind: NoticeKind;
  tournament: { id: string; title: string };
  /** The recipient's team. */
  team: string;
  opponent?: string;
  /** On a `reminder`: when the match is played, already written in the recipient's language and the platform's zone. */
  time?: string;
  /** Only on a `room` notice, which goes only to the two teams of the match. */
  room?: { roomId: string; roomPassword: string };
  /** Where the notice leads, e.g. "/tournaments/copa/matches/3". */
  path: string;
}

export interface Preferences {
  whatsappNumber: string | null;
  whatsappOn: boolean;
  discordUserId: string | null;
  discordOn: boolean;
}

export const NO_PREFERENCES: Preferences = { whatsappNumber: null, whatsappOn: false, discordUserId: null, discordOn: false };

/** Which channels the operator turned on (off by default: docs/notifications.md "Configuration"). */
export interface EnabledChannels {
  whatsapp: boolean;
  discordDm: boolean;
  discordWebhook: boolean;
}

/** The channels a player gets a notice on: e-mail always, then each one they chose that is on and has an address. */
export function channelsFor(preferences: Preferences, enabled: EnabledChannels): Channel[] {
  const channels: Channel[] = ["email"];
  if (enabled.whatsapp && preferences.whatsappOn && preferences.whatsappNumber) channels.push("whatsapp");
  if (enabled.discordDm && preferences.discordOn && preferences.discordUserId) channels.push("discord_dm");
  return channels;
}

/* ───────────── WhatsApp: approved templates ───────────── */

/**
 * The message templates approved in WhatsApp Business Manager, with their body parameters in order.
 * A template's name and parameter count are part of the contract: the Cloud API refuses others.
 */
export const WHATSAPP_TEMPLATES = {
  arena_check_in_open: ["title", "team", "url"],
  arena_room_details: ["title", "team", "roomId", "roomPassword", "url"],
  arena_match_ready: ["title", "team", "opponent", "url"],
  arena_dispute_decided: ["title", "team", "opponent", "url"],
  arena_match_reminder: ["title", "team", "opponent", "time", "url"],
  arena_walkover: ["title", "team", "opponent", "url"],
} as const satisfies Record<string, readonly string[]>;
export type WhatsappTemplateName = keyof typeof WHATSAPP_TEMPLATES;

const TEMPLATE_OF: Record<NoticeKind, WhatsappTemplateName> = {
  checkIn: "arena_check_in_open",
  room: "arena_room_details",
  ready: "arena_match_ready",
  staffDecided: "arena_dispute_decided",
  reminder: "arena_match_reminder",
  walkover: "arena_walkover",
};

export interface WhatsappPayload {
  template: WhatsappTemplateName;
  /** The template's language as approved: "es" or "en". */
  language: "es" | "en";
  parameters: string[];
}

/** WhatsApp caps a text parameter; longer titles are cut (never the room data, which is short by form). */
const PARAMETER_MAX = 200;

/** What a notice's texts fill in, on every channel (a room without a password shows a dash). */
export function noticeValues(notice: Notice): Record<string, string> {
  return {
    title: notice.tournament.title,
    team: notice.team,
    opponent: notice.opponent ?? "",
    time: notice.time ?? "",
    roomId: notice.room?.roomId ?? "",
    roomPassword: notice.room?.roomPassword || "—",
  };
}

/** The template message of a notice, in the recipient's language. */
export function whatsappMessage(notice: Notice, language: "es" | "en", publicUrl: string): WhatsappPayload {
  const template = TEMPLATE_OF[notice.kind];
  const values: Record<string, string> = { ...noticeValues(notice), url: `${publicUrl}${notice.path}` };
  // An empty parameter is refused by the API: a dash stands for "none".
  const parameters = WHATSAPP_TEMPLATES[template].map((name) => (values[name] || "—").slice(0, PARAMETER_MAX));
  return { template, language, parameters };
}

/* ───────────── Discord ───────────── */

export interface DiscordPayload {
  content: string;
}

/** Discord's limit on a message's content. */
export const DISCORD_CONTENT_MAX = 2000;

type Translate = (key: string, values?: Record<string, string>) => string;

/** A Discord DM: the translated line of the notice and its link. */
export function discordMessage(notice: Notice, t: Translate, publicUrl: string): DiscordPayload {
  const line = t(`notifications:discord.${notice.kind}`, noticeValues(notice));
  return { content: `${line}\n${publicUrl}${notice.path}`.slice(0, DISCORD_CONTENT_MAX) };
}

/** Notices announced on the tournament's channel: public facts only. A room is never announced. */
export type Announcement =
  | { kind: "checkIn"; title: string; path: string }
  | { kind: "ready"; title: string; teams: [string, string]; path: string }
  /** An organization's tournament is open to players (docs/organizations.md "Discord announcements"). */
  | { kind: "published"; title: string; path: string }
  /** Its final places were recorded: the podium, first place first. */
  | { kind: "results"; title: string; podium: string[]; path: string };

function announcementLine(announcement: Announcement, t: Translate): string {
  switch (announcement.kind) {
    case "checkIn":
      return t("notifications:announce.checkIn", { title: announcement.title });
    case "ready":
      return t("notifications:announce.ready", { title: announcement.title, team1: announcement.teams[0], team2: announcement.teams[1] });
    case "published":
      return t("notifications:announce.published", { title: announcement.title });
    case "results":
      return [
        t("notifications:announce.results", { title: announcement.title }),
        ...announcement.podium
          .slice(0, 3)
          .map((name, index) => t("notifications:announce.place", { place: String(index + 1), team: name })),
      ].join("\n");
  }
}

export function announcementMessage(announcement: Announcement, t: Translate, publicUrl: string): DiscordPayload {
  const line = announcementLine(announcement, t);
  // No @everyone or role pings from a team name: mentions are disabled on delivery too (allowed_mentions).
  return { content: `${line}\n${publicUrl}${announcement.path}`.slice(0, DISCORD_CONTENT_MAX) };
}

/* ───────────── What a player types ───────────── */

/**
 * A WhatsApp number as the Cloud API wants it: digits only, country code first. A Venezuelan
 * mobile written the local way (0414…) gets 58. Null when it cannot be a phone number.
 */
export function normaliseWhatsappNumber(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (!trimmed.startsWith("+") && /^0(4\d{9})$/.test(digits)) digits = `58${digits.slice(1)}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** A Discord user id: a snowflake of 17 to 20 digits. */
export function isDiscordUserId(input: string): boolean {
  return /^\d{17,20}$/.test(input);
}

/** A Discord channel webhook: https://discord.com/api/webhooks/<id>/<token> (the other official hosts too). */
/**
 * A stored webhook shown back to its owner: the host and webhook id only, the token (the secret part)
 * replaced, so a page or a screenshot never leaks it.
 */
export function maskedWebhookUrl(url: string): string {
  const parsed = parseDiscordWebhookUrl(url);
  return parsed ? `https://discord.com/api/webhooks/${parsed.id}/••••••${parsed.token.slice(-4)}` : "••••••";
}

export function parseDiscordWebhookUrl(input: string): { id: string; token: string } | null {
  const match = /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks\/(\d{17,20})\/([\w-]{30,100})$/.exec(
    input.trim(),
  );
  return match ? { id: match[1]!, token: match[2]! } : null;
}
