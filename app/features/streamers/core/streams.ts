import { z } from "zod";
import { always, parseWith, refuse, textField, type FieldErrors } from "~/domain/form-schema";
import { zoneOffsetMinutes } from "~/domain/format";
import { isPlatform, parseChannelUrl, parseStreamerHandle, type Platform } from "./rules";

/**
 * Streams on tournaments and matches, their players and the replays' access (docs/streamers.md
 * "Streams on tournaments" and "Replays"). Pure: no database, no React; the clock is passed in.
 */

export const STREAM_KINDS = ["official", "caster"] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

export type StreamFormErrorCode = "STREAM_KIND_INVALID" | "CHANNEL_URL_INVALID" | "HANDLE_FORMAT" | "MATCH_INVALID";

export interface StreamInput {
  kind: StreamKind;
  platform: Platform;
  url: string;
  /** An approved streamer's handle, when the stream is theirs (checked against the table by the repository). */
  streamerHandle: string | null;
  /** A bracket match of the tournament, or null for the whole tournament. */
  matchId: number | null;
}

/** The stream form's schema: each field on its own; the URL is read in its platform's form (a wrong platform refuses the URL). */
const streamSchema = z
  .object({
    kind: textField(z.enum(STREAM_KINDS, { error: "STREAM_KIND_INVALID" })),
    platform: textField(z.string()),
    url: textField(z.string()),
    streamer: textField(
      z.string().transform((text, ctx) => {
        if (!text) return null;
        const handle = parseStreamerHandle(text.replace(/^@/, ""));
        return handle.ok ? handle.handle : refuse(ctx, "HANDLE_FORMAT");
      }),
    ),
    matchId: textField(
      z
        .string()
        .refine((text) => !text || /^\d{1,6}$/.test(text), { error: "MATCH_INVALID" })
        .transform((text) => (text ? Number(text) : null)),
    ),
  })
  .superRefine(
    (form, ctx) => {
      if (!channelOf(form)) ctx.addIssue({ code: "custom", message: "CHANNEL_URL_INVALID", path: ["url"] });
    },
    { when: always },
  )
  .transform((form, ctx) => {
    const channel = channelOf(form);
    return channel ? { ...form, ...channel } : refuse(ctx, "CHANNEL_URL_INVALID");
  });

/** The platform and the channel URL in its form, or null. */
function channelOf(form: { platform: string; url: string }): { platform: Platform; url: string } | null {
  const url = isPlatform(form.platform) ? parseChannelUrl(form.platform, form.url) : null;
  return url ? { platform: form.platform as Platform, url } : null;
}

/** The staff form: kind, platform, the channel URL in the platform's form, optionally a streamer's handle and a match number; every wrong field at once. */
export function parseStreamForm(
  fields: Record<string, string | undefined>,
): { ok: true; value: StreamInput } | { ok: false; code: StreamFormErrorCode; field: string; errors: FieldErrors } {
  const parsed = parseWith<typeof streamSchema, StreamFormErrorCode>(streamSchema, fields, ["kind", "url", "streamer", "matchId"]);
  if (!parsed.ok) return parsed;
  const { kind, platform, url, streamer, matchId } = parsed.data;
  return { ok: true, value: { kind, platform, url, streamerHandle: streamer, matchId } };
}

/** The channel's name as people know it, from a URL parseChannelUrl accepted: "vale_live", "@arena", "UC…". */
export function channelName(platform: Platform, url: string): string {
  const path = new URL(url).pathname.replace(/^\//, "");
  if (platform === "youtube") return path.startsWith("channel/") ? path.slice("channel/".length) : path;
  if (platform === "tiktok") return path.replace(/\/live$/, "");
  return path;
}

/** The official players' hosts: the CSP's frame-src lists exactly these (app/lib/csp.ts). */
export const PLAYER_HOSTS = {
  twitch: "https://player.twitch.tv",
  youtube: "https://www.youtube-nocookie.com",
  kick: "https://player.kick.com",
} as const;

/**
 * The provider's official player for a live channel, or null when there is none to embed (TikTok has
 * no embeddable live player; a YouTube @handle cannot name its live stream: only a channel id can):
 * the page links out instead. `parent` is our own host name (Twitch refuses to play without it).
 */
export function liveEmbedUrl(platform: Platform, url: string, parent: string): string | null {
  const name = channelName(platform, url);
  if (platform === "twitch") return `${PLAYER_HOSTS.twitch}/?${new URLSearchParams({ channel: name.toLowerCase(), parent })}`;
  if (platform === "kick") return `${PLAYER_HOSTS.kick}/${encodeURIComponent(name.toLowerCase())}`;
  if (platform === "youtube" && /^UC[A-Za-z0-9_-]{22}$/.test(name))
    return `${PLAYER_HOSTS.youtube}/embed/live_stream?${new URLSearchParams({ channel: name })}`;
  return null;
}

export const RECORDING_PLATFORMS = ["twitch", "youtube"] as const;
export type RecordingPlatform = (typeof RECORDING_PLATFORMS)[number];

export interface Recording {
  platform: RecordingPlatform;
  videoId: string;
  /** The normalised watch address. */
  url: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A recording link: a Twitch video (`https://www.twitch.tv/videos/<digits>`) or a YouTube video
 * (`https://www.youtube.com/watch?v=<id>`, `/live/<id>`, `https://youtu.be/<id>`); null for anything else.
 */
export function parseRecordingUrl(raw: string): Recording | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > 300) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.replace(/\/$/, "");
  if (["www.twitch.tv", "twitch.tv", "m.twitch.tv"].includes(host)) {
    const match = /^\/videos\/(\d{1,12})$/.exec(path);
    return match ? { platform: "twitch", videoId: match[1]!, url: `https://www.twitch.tv/videos/${match[1]}` } : null;
  }
  let id: string | null = null;
  if (["www.youtube.com", "youtube.com", "m.youtube.com"].includes(host)) {
    if (path === "/watch") id = url.searchParams.get("v");
    else id = /^\/live\/([^/]+)$/.exec(path)?.[1] ?? null;
  } else if (host === "youtu.be") id = /^\/([^/]+)$/.exec(path)?.[1] ?? null;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { platform: "youtube", videoId: id, url: `https://www.youtube.com/watch?v=${id}` };
}

/** The provider's official player for a recording. */
export function recordingEmbedUrl(recording: Pick<Recording, "platform" | "videoId">, parent: string): string {
  if (recording.platform === "twitch") return `${PLAYER_HOSTS.twitch}/?${new URLSearchParams({ video: recording.videoId, parent })}`;
  return `${PLAYER_HOSTS.youtube}/embed/${recording.videoId}`;
}

/** Replays are the Plus members' for this long after the event ends (the Plus benefit's "48 horas"). */
export const MEMBERS_ONLY_HOURS = 48;

export type ReplayAccess =
  /** The event has not ended: nothing to replay yet. */
  | { state: "not_ended" }
  | { state: "open" }
  /** Locked for this viewer; `until` is when it opens to everyone (null: members only for good). */
  | { state: "members_only"; until: Date | null };

/**
 * Who may watch a tournament's recordings: nobody before the event ends; Plus members from the end on;
 * everyone else only once the 48 hours are over, and then only if the organizer chose so.
 */
export function replayAccess(input: { endedAt: Date | null; member: boolean; publicAfter: boolean; now: Date }): ReplayAccess {
  const { endedAt, member, publicAfter, now } = input;
  if (!endedAt || now < endedAt) return { state: "not_ended" };
  if (member) return { state: "open" };
  const opensAt = new Date(endedAt.getTime() + MEMBERS_ONLY_HOURS * 3_600_000);
  if (!publicAfter) return { state: "members_only", until: null };
  return now >= opensAt ? { state: "open" } : { state: "members_only", until: opensAt };
}

/**
 * When a tournament's event ended: for an event run here, the moment its last result was recorded once
 * it is finished (null while it runs); for one not run here, the end of its day in the platform's calendar.
 */
export function eventEndedAt(input: {
  date: string;
  timeZone: string;
  run: { finished: boolean; lastResultAt: Date | null } | null;
}): Date {
  if (input.run) return input.run.finished && input.run.lastResultAt ? input.run.lastResultAt : FAR_FUTURE;
  return startOfNextDay(input.date, input.timeZone);
}

/** A moment that never comes: an event still running has not ended. */
const FAR_FUTURE = new Date(8_640_000_000_000_000);

/** Midnight after `date` (YYYY-MM-DD) in the time zone, as an instant. */
export function startOfNextDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day + 1);
  return new Date(guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000);
}

/** A tournament is live while one of its attached streams belongs to an approved streamer who is live. */
export function isTournamentLive(streams: readonly { streamer: { status: string; live: boolean } | null }[]): boolean {
  return streams.some((stream) => stream.streamer?.status === "approved" && stream.streamer.live);
}
