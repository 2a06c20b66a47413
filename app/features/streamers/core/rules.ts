import type { SubscriptionErrorCode } from "./subscriptions";
import { isGameId } from "~/domain/games";

/**
 * The pure rules of streamers (docs/streamers.md): channel links per platform, the
 * application form, the moves of a streamer's status, who may do what. No database, no React.
 */

export const PLATFORMS = ["twitch", "youtube", "kick", "tiktok"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const STREAMER_STATUSES = ["applied", "approved", "refused"] as const;
export type StreamerStatus = (typeof STREAMER_STATUSES)[number];

export type StreamerErrorCode =
  | "NOT_FOUND"
  | "NOT_APPROVED"
  | "ALREADY_APPLIED"
  | "MOVE_NOT_ALLOWED"
  | "HANDLE_TAKEN"
  | "CANNOT_FOLLOW_SELF"
  | "CANNOT_DONATE_SELF"
  | "INSUFFICIENT_FUNDS"
  | "FEE_INVALID"
  | "RATE_LIMITED"
  | SubscriptionErrorCode
  | "INVALID_PHONE"
  | "METHOD_REQUIRED"
  | "ORDER_FAILED"
  | "ORDER_KEY_REUSED"
  | "GIFT_UNAVAILABLE"
  | "BAD_QUANTITY"
  | "DONATION_SPENT"
  | "DONATION_PAID_BY_ORDER";

export type StreamerFormErrorCode =
  "HANDLE_FORMAT" | "HANDLE_RESERVED" | "CHANNEL_REQUIRED" | "CHANNEL_URL_INVALID" | "GAMES_REQUIRED" | "BIO_LENGTH" | "REASON_REQUIRED";

/** The form each platform's channel address takes: https, the platform's own host, one channel name or id. */
const CHANNEL_FORMS: Record<Platform, { hosts: readonly string[]; path: RegExp }> = {
  twitch: { hosts: ["www.twitch.tv", "twitch.tv", "m.twitch.tv"], path: /^\/[A-Za-z0-9_]{4,25}\/?$/ },
  youtube: {
    hosts: ["www.youtube.com", "youtube.com", "m.youtube.com"],
    path: /^\/(@[A-Za-z0-9._-]{3,30}|channel\/UC[A-Za-z0-9_-]{22})\/?$/,
  },
  kick: { hosts: ["kick.com", "www.kick.com"], path: /^\/[A-Za-z0-9_-]{3,25}\/?$/ },
  tiktok: { hosts: ["www.tiktok.com", "tiktok.com"], path: /^\/@[A-Za-z0-9._]{2,24}(\/live)?\/?$/ },
};

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** A channel link in the platform's form, normalised (https, lower-case host, no query, no trailing slash); null when it is not one. */
export function parseChannelUrl(platform: Platform, raw: string): string | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > 200) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const form = CHANNEL_FORMS[platform];
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  if (!form.hosts.includes(url.hostname.toLowerCase())) return null;
  if (!form.path.test(url.pathname)) return null;
  return `https://${url.hostname.toLowerCase()}${url.pathname.replace(/\/$/, "")}`;
}

/** The moves a streamer's status may make: staff approve or refuse an application, a refused player applies again, staff withdraw an approval. */
export const STATUS_MOVES: Record<StreamerStatus, readonly StreamerStatus[]> = {
  applied: ["approved", "refused"],
  refused: ["applied"],
  approved: ["refused"],
};

export function mayMove(from: StreamerStatus, to: StreamerStatus): boolean {
  return STATUS_MOVES[from].includes(to);
}

const RESERVED = new Set(["apply", "me", "admin", "new", "edit", "live", "streamers", "alerts"]);

export function parseStreamerHandle(
  raw: string | undefined,
): { ok: true; handle: string } | { ok: false; code: "HANDLE_FORMAT" | "HANDLE_RESERVED" } {
  const handle = (raw ?? "").trim().toLowerCase();
  if (!/^[a-z0-9_-]{3,20}$/.test(handle)) return { ok: false, code: "HANDLE_FORMAT" };
  if (RESERVED.has(handle)) return { ok: false, code: "HANDLE_RESERVED" };
  return { ok: true, handle };
}

export const BIO_MAX = 500;

export interface ApplicationInput {
  handle: string;
  bio: string;
  games: string[];
  channels: { platform: Platform; url: string }[];
}

export type ApplicationResult = { ok: true; value: ApplicationInput } | { ok: false; code: StreamerFormErrorCode; field: string };

/** The application form: a handle, at least one channel (each in its platform's form), at least one of our games, a bio up to 500 characters. */
export function parseApplication(fields: Record<string, string | undefined>, games: readonly string[]): ApplicationResult {
  const handle = parseStreamerHandle(fields.handle);
  if (!handle.ok) return { ok: false, code: handle.code, field: "handle" };
  const channels: ApplicationInput["channels"] = [];
  for (const platform of PLATFORMS) {
    const raw = (fields[`channel-${platform}`] ?? "").trim();
    if (!raw) continue;
    const url = parseChannelUrl(platform, raw);
    if (!url) return { ok: false, code: "CHANNEL_URL_INVALID", field: `channel-${platform}` };
    channels.push({ platform, url });
  }
  if (channels.length === 0) return { ok: false, code: "CHANNEL_REQUIRED", field: "channel-twitch" };
  const chosen = [...new Set(games.filter((game) => isGameId(game)))];
  if (chosen.length === 0) return { ok: false, code: "GAMES_REQUIRED", field: "games" };
  const bio = (fields.bio ?? "").trim();
  if ([...bio].length > BIO_MAX) return { ok: false, code: "BIO_LENGTH", field: "bio" };
  return { ok: true, value: { handle: handle.handle, bio, games: chosen, channels } };
}

/** A refusal needs a reason the applicant can read (3–300 characters). */
export function parseReason(raw: string | undefined): string | null {
  const reason = (raw ?? "").trim();
  return [...reason].length >= 3 && [...reason].length <= 300 ? reason : null;
}

/** The public list: live ones first (longest live first), then featured, then by handle. */
export function orderForList<T extends { live: boolean; liveSince: Date | null; featured: boolean; handle: string }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.live) - Number(a.live) ||
      (a.live && b.live ? (a.liveSince?.getTime() ?? 0) - (b.liveSince?.getTime() ?? 0) : 0) ||
      Number(b.featured) - Number(a.featured) ||
      a.handle.localeCompare(b.handle),
  );
}
