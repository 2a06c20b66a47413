import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { streamerChannels, streamers } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import {
  batches,
  liveChanges,
  roundRobin,
  twitchLogin,
  viewerCount,
  youtubeChannelId,
  youtubeChannelsPerTick,
  type PolledStreamer,
} from "./core/live";

/**
 * Live status from Twitch (docs/streamers.md): the streams endpoint answers which of up to
 * 100 logins are live. Off unless TWITCH_API_URL, TWITCH_CLIENT_ID and TWITCH_TOKEN are set; the
 * demo server (scripts/twitch-demo.mjs) speaks the same contract.
 */
export interface TwitchSettings {
  url: string;
  clientId: string;
  token: string;
  timeoutMs?: number;
}

export function twitchSettings(): TwitchSettings | null {
  const config = env();
  if (!config.TWITCH_API_URL || !config.TWITCH_CLIENT_ID || !config.TWITCH_TOKEN) return null;
  return { url: config.TWITCH_API_URL, clientId: config.TWITCH_CLIENT_ID, token: config.TWITCH_TOKEN };
}

/** The logins among these that Twitch says are live now, each with its viewers (null when not given). Throws when Twitch does not answer 200. */
export async function twitchLiveLogins(settings: TwitchSettings, logins: readonly string[]): Promise<Map<string, number | null>> {
  const live = new Map<string, number | null>();
  for (const batch of batches(logins)) {
    const url = new URL("/helix/streams", settings.url);
    for (const login of batch) url.searchParams.append("user_login", login);
    url.searchParams.set("first", "100");
    const response = await fetch(url, {
      headers: { "Client-Id": settings.clientId, Authorization: `Bearer ${settings.token}` },
      signal: AbortSignal.timeout(settings.timeoutMs ?? 8000),
    });
    if (!response.ok) throw new Error(`twitch streams answered ${response.status}`);
    const body = (await response.json()) as { data?: { user_login?: unknown; type?: unknown; viewer_count?: unknown }[] };
    for (const stream of body.data ?? [])
      if (typeof stream.user_login === "string" && stream.type === "live")
        live.set(stream.user_login.toLowerCase(), viewerCount(stream.viewer_count));
  }
  return live;
}

/**
 * One poll (the `streamer-live` routine, once a minute, on one instance): approved streamers with a
 * Twitch channel; those live there are marked live, and those a provider had marked live and that
 * are no longer are marked off. A streamer's own switch is never undone here. Answers how many changed.
 */
export async function pollTwitchLive(db: Database, settings: TwitchSettings, now = new Date()): Promise<number> {
  const polled: PolledStreamer[] = (await approvedChannels(db, "twitch")).flatMap((row) => {
    const login = twitchLogin(row.url);
    return login ? [{ id: row.id, login, live: row.live, liveManual: row.liveManual }] : [];
  });
  if (polled.length === 0) return 0;
  return applyLiveStates(db, "twitch", polled, await twitchLiveLogins(settings, [...new Set(polled.map((row) => row.login))]), now);
}

/** Approved streamers with a channel on `platform` (in id order: the YouTube poll takes them in turn). */
function approvedChannels(db: Database, platform: "twitch" | "youtube") {
  return db
    .select({ id: streamers.id, url: streamerChannels.url, live: streamers.live, liveManual: streamers.liveManual })
    .from(streamers)
    .innerJoin(streamerChannels, and(eq(streamerChannels.streamerId, streamers.id), eq(streamerChannels.platform, platform)))
    .where(eq(streamers.status, "approved"))
    .orderBy(asc(streamers.id));
}

/**
 * Marks live the polled streamers whose login `provider` says is live, and off those a provider had
 * marked live that no longer are (never a streamer's own switch). Answers how many changed.
 */
async function applyLiveStates(
  db: Database,
  provider: "twitch" | "youtube",
  polled: readonly PolledStreamer[],
  liveLogins: ReadonlyMap<string, number | null>,
  now: Date,
): Promise<number> {
  const changes = liveChanges(polled, new Set(liveLogins.keys()));
  const on = changes.filter((change) => change.live).map((change) => change.id);
  const off = changes.filter((change) => !change.live).map((change) => change.id);
  if (on.length)
    await db
      .update(streamers)
      .set({ live: true, liveSince: now, liveManual: false, liveViewers: null })
      .where(and(inArray(streamers.id, on), eq(streamers.live, false), eq(streamers.status, "approved")));
  if (off.length)
    await db
      .update(streamers)
      .set({ live: false, liveSince: null, liveViewers: null })
      .where(and(inArray(streamers.id, off), eq(streamers.liveManual, false)));
  await saveViewers(db, polled, liveLogins);
  if (changes.length) log.info(`streamer live status from ${provider}`, { on: on.length, off: off.length });
  return changes.length;
}

/**
 * The viewers each provider-live streamer has now (the landing hero sums them), in one statement; a row
 * is written only when its count changed, so a quiet poll leaves the landing's shared read alone. A
 * streamer's own switch keeps no count (live_manual).
 */
async function saveViewers(db: Database, polled: readonly PolledStreamer[], liveLogins: ReadonlyMap<string, number | null>) {
  const counts = polled.flatMap((row) => (liveLogins.has(row.login) ? [{ id: row.id, viewers: liveLogins.get(row.login) ?? null }] : []));
  if (counts.length === 0) return;
  const values = sql.join(
    counts.map((row) => sql`(${row.id}::text, ${row.viewers}::integer)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${streamers} set live_viewers = v.viewers from (values ${values}) as v(id, viewers)
        where ${streamers.id} = v.id and ${streamers.live} and not ${streamers.liveManual} and ${streamers.liveViewers} is distinct from v.viewers`,
  );
}

/**
 * Live status from YouTube (docs/streamers.md): the Data API v3 search answers whether one
 * channel has a live video now. Off unless YOUTUBE_API_URL and YOUTUBE_API_KEY are set; the demo server
 * (scripts/youtube-demo.mjs) speaks the same contract.
 */
export interface YoutubeSettings {
  url: string;
  key: string;
  /** The routine's tick and the day's search calls: together they cap the channels a tick asks about. */
  pollMinutes: number;
  dailySearches: number;
  timeoutMs?: number;
}

export function youtubeSettings(): YoutubeSettings | null {
  const config = env();
  if (!config.YOUTUBE_API_URL || !config.YOUTUBE_API_KEY) return null;
  return {
    url: config.YOUTUBE_API_URL,
    key: config.YOUTUBE_API_KEY,
    pollMinutes: config.YOUTUBE_POLL_MINUTES,
    dailySearches: config.YOUTUBE_DAILY_SEARCHES,
  };
}

/**
 * Whether YouTube says this channel is live now, and with how many watching (a `videos` look-up of the live
 * video's `liveStreamingDetails.concurrentViewers`: 1 quota unit, outside search's 100-a-day bucket; null when
 * not given). Throws when YouTube does not answer 200 (quota spent, bad key…).
 */
export async function youtubeChannelLive(settings: YoutubeSettings, channelId: string): Promise<{ live: boolean; viewers: number | null }> {
  const url = new URL("/youtube/v3/search", settings.url);
  url.search = new URLSearchParams({
    part: "snippet",
    channelId,
    eventType: "live",
    type: "video",
    maxResults: "1",
    key: settings.key,
  }).toString();
  const response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs ?? 8000) });
  // The key is in the address: the error names the status only.
  if (!response.ok) throw new Error(`youtube search answered ${response.status}`);
  const body = (await response.json()) as {
    items?: { id?: { videoId?: unknown }; snippet?: { channelId?: unknown; liveBroadcastContent?: unknown } }[];
  };
  const video = (body.items ?? []).find((item) => item.snippet?.channelId === channelId && item.snippet.liveBroadcastContent === "live");
  if (!video) return { live: false, viewers: null };
  const videoId = video.id?.videoId;
  return { live: true, viewers: typeof videoId === "string" ? await youtubeViewers(settings, videoId) : null };
}

/** The live video's concurrent viewers; null when YouTube does not say (or the look-up fails: the live status stands). */
async function youtubeViewers(settings: YoutubeSettings, videoId: string): Promise<number | null> {
  const url = new URL("/youtube/v3/videos", settings.url);
  url.search = new URLSearchParams({ part: "liveStreamingDetails", id: videoId, key: settings.key }).toString();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs ?? 8000) });
    if (!response.ok) return null;
    const body = (await response.json()) as { items?: { liveStreamingDetails?: { concurrentViewers?: unknown } }[] };
    return viewerCount(body.items?.[0]?.liveStreamingDetails?.concurrentViewers);
  } catch {
    return null;
  }
}

/** Where the next YouTube poll starts in the list of channels (the routine runs on one instance; a restart starts over). */
let youtubeCursor = 0;

/**
 * One YouTube poll (the `streamer-live-youtube` routine, every YOUTUBE_POLL_MINUTES, on one instance): approved
 * streamers with a YouTube channel in the `/channel/UC…` form, a few a tick in turn (youtubeChannelsPerTick),
 * each asked once. Changes only those asked about, as the Twitch poll does. Answers how many changed.
 */
export async function pollYoutubeLive(db: Database, settings: YoutubeSettings, now = new Date()): Promise<number> {
  const channels: PolledStreamer[] = (await approvedChannels(db, "youtube")).flatMap((row) => {
    const channelId = youtubeChannelId(row.url);
    return channelId ? [{ id: row.id, login: channelId, live: row.live, liveManual: row.liveManual }] : [];
  });
  const { picked, next } = roundRobin(channels, youtubeCursor, youtubeChannelsPerTick(settings.dailySearches, settings.pollMinutes));
  if (picked.length === 0) return 0;
  const live = new Map<string, number | null>();
  for (const channel of picked) {
    const answer = await youtubeChannelLive(settings, channel.login);
    if (answer.live) live.set(channel.login, answer.viewers);
  }
  youtubeCursor = next;
  return applyLiveStates(db, "youtube", picked, live, now);
}
