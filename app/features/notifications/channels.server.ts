import { env } from "~/lib/env.server";
import type { DiscordPayload, DiscordRolePayload, EnabledChannels, WhatsappPayload } from "./core/notices";

/**
 * The adapters of the outside channels (contracts in docs/notifications.md). Each send either
 * resolves (the service accepted the message) or throws a ChannelError saying whether another
 * attempt may succeed (down, timed out, rate-limited) or not (refused: bad number, unknown template).
 */
export class ChannelError extends Error {
  override name = "ChannelError";
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The service asked to wait this long (a rate limit's Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

async function post(url: string, authorization: string | null, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ChannelError(`unreachable: ${String(error instanceof Error ? error.message : error)}`, true);
  }
  const json = await jsonBodyOf(response);
  return { status: response.status, json };
}

function retryAfterMs(seconds: unknown): number | undefined {
  const value = Number(seconds);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value * 1000) : undefined;
}

/* ───────────── WhatsApp Business Cloud API ───────────── */

/** Graph error codes that mean "later": throughput and pair rate limits, temporary errors. */
const WHATSAPP_RETRYABLE_CODES = new Set([4, 80007, 130429, 131000, 131016, 131048, 131056]);

/** Sends an approved template message: POST {api}/{phone-number-id}/messages with the bearer token. */
export async function sendWhatsapp(to: string, payload: WhatsappPayload): Promise<void> {
  const config = env();
  if (!config.WHATSAPP_PHONE_NUMBER_ID || !config.WHATSAPP_TOKEN) throw new ChannelError("WhatsApp is not configured", false);
  const { status, json } = await post(
    `${config.WHATSAPP_API_URL.replace(/\/$/, "")}/${encodeURIComponent(config.WHATSAPP_PHONE_NUMBER_ID)}/messages`,
    `Bearer ${config.WHATSAPP_TOKEN}`,
    {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "template",
      template: {
        name: payload.template,
        language: { code: payload.language },
        components: [{ type: "body", parameters: payload.parameters.map((text) => ({ type: "text", text })) }],
      },
    },
  );
  if (status >= 200 && status < 300) return;
  const error = (json.error ?? {}) as { code?: number; message?: string };
  const retryable = status === 429 || status >= 500 || WHATSAPP_RETRYABLE_CODES.has(Number(error.code));
  throw new ChannelError(`WhatsApp ${status} ${error.code ?? ""} ${error.message ?? ""}`.trim(), retryable);
}

/* ───────────── Discord: bot DMs and channel webhooks ───────────── */

function discordBase(): string {
  return env().DISCORD_API_URL.replace(/\/$/, "");
}

function discordFailure(what: string, status: number, json: Record<string, unknown>): ChannelError {
  // 429: rate-limited (retry_after in seconds); 5xx: Discord is down; other 4xx: refused for good
  // (50007: the user does not accept DMs from the bot; 10015: the webhook was deleted).
  const retryable = status === 429 || status >= 500;
  return new ChannelError(
    `Discord ${what} ${status} ${String(json.code ?? "")} ${String(json.message ?? "")}`.trim(),
    retryable,
    status === 429 ? retryAfterMs(json.retry_after) : undefined,
  );
}

/** No @everyone, role or user pings from what a team typed. */
const NO_MENTIONS = { parse: [] as string[] };

/** A DM from the bot: open (or find) the DM channel with the user, then post the message in it. */
export async function sendDiscordDm(userId: string, payload: DiscordPayload): Promise<void> {
  const token = env().DISCORD_BOT_TOKEN;
  if (!token) throw new ChannelError("the Discord bot is not configured", false);
  const opened = await post(`${discordBase()}/users/@me/channels`, `Bot ${token}`, { recipient_id: userId });
  if (opened.status !== 200 || typeof opened.json.id !== "string") throw discordFailure("DM channel", opened.status, opened.json);
  const sent = await post(`${discordBase()}/channels/${encodeURIComponent(opened.json.id)}/messages`, `Bot ${token}`, {
    content: payload.content,
    allowed_mentions: NO_MENTIONS,
  });
  if (sent.status < 200 || sent.status >= 300) throw discordFailure("message", sent.status, sent.json);
}

/**
 * A message to a tournament's channel through its webhook. The stored URL is Discord's own; with
 * DISCORD_API_URL set (the demo server) the same path is posted there instead.
 */
export async function sendDiscordWebhook(webhookUrl: string, payload: DiscordPayload): Promise<void> {
  const match = /\/webhooks\/(\d+)\/([\w-]+)$/.exec(webhookUrl);
  if (!match) throw new ChannelError("not a Discord webhook URL", false);
  const url = `${discordBase()}/webhooks/${match[1]}/${match[2]}?wait=true`;
  const sent = await post(url, null, { content: payload.content, allowed_mentions: NO_MENTIONS });
  if (sent.status < 200 || sent.status >= 300) throw discordFailure("webhook", sent.status, sent.json);
}

/* ───────────── Discord: the Plus premium role ───────────── */

/** Whether the premium role is on: the bot token, the community server and the role are all set. */
export function discordRoleEnabled(): boolean {
  const config = env();
  return Boolean(config.DISCORD_BOT_TOKEN && config.DISCORD_GUILD_ID && config.DISCORD_PREMIUM_ROLE_ID);
}

/**
 * Gives (PUT) or takes away (DELETE) the premium role of a member of the community server:
 * `/guilds/{guild.id}/members/{user.id}/roles/{role.id}`, 204 when done (both are idempotent).
 * 404 Unknown Member (10007): for a grant, the person has not joined the server (refused for good;
 * the next sync asks again); for a removal, there is nothing to take away (done). 429 and 5xx: later.
 */
export async function setDiscordRole(userId: string, payload: DiscordRolePayload): Promise<void> {
  const config = env();
  if (!discordRoleEnabled()) throw new ChannelError("the Discord premium role is not configured", false);
  const url = `${discordBase()}/guilds/${config.DISCORD_GUILD_ID}/members/${encodeURIComponent(userId)}/roles/${config.DISCORD_PREMIUM_ROLE_ID}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: payload.action === "grant" ? "PUT" : "DELETE",
      headers: { Authorization: `Bot ${config.DISCORD_BOT_TOKEN}`, "X-Audit-Log-Reason": "Arena Plus membership" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ChannelError(`unreachable: ${String(error instanceof Error ? error.message : error)}`, true);
  }
  if (response.status === 204 || response.status === 200) return;
  const json = await jsonBodyOf(response);
  if (payload.action === "remove" && response.status === 404 && Number(json.code) === 10007) return;
  throw discordFailure(`role ${payload.action}`, response.status, json);
}

/** Which outside channels the operator turned on (all off unless their settings are given). */
export function enabledChannels(): EnabledChannels {
  const config = env();
  return {
    whatsapp: Boolean(config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_TOKEN),
    discordDm: Boolean(config.DISCORD_BOT_TOKEN),
    discordWebhook: config.DISCORD_WEBHOOKS,
  };
}

/** A provider's answer as a JSON object; an empty or unreadable body is `{}` (the status still speaks). */
async function jsonBodyOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text().catch(() => "");
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
