/**
 * Live status from a provider (docs/streamers.md): which streamers' flags change after a
 * poll. A provider only moves what a provider set: a streamer's own "I'm live" switch is left alone
 * until they switch it off themself.
 */

export interface PolledStreamer {
  id: string;
  /** The channel's login on the provider (lower-case), e.g. "vale_live" for https://www.twitch.tv/vale_live. */
  login: string;
  live: boolean;
  liveManual: boolean;
}

export interface LiveChange {
  id: string;
  live: boolean;
}

/** The Twitch login of a channel URL (already checked by parseChannelUrl), lower-cased. */
export function twitchLogin(url: string): string | null {
  const match = /^https:\/\/(?:www\.|m\.)?twitch\.tv\/([A-Za-z0-9_]{4,25})$/.exec(url);
  return match ? match[1]!.toLowerCase() : null;
}

export function liveChanges(streamers: readonly PolledStreamer[], liveLogins: ReadonlySet<string>): LiveChange[] {
  const changes: LiveChange[] = [];
  for (const streamer of streamers) {
    const live = liveLogins.has(streamer.login);
    if (live && !streamer.live) changes.push({ id: streamer.id, live: true });
    else if (!live && streamer.live && !streamer.liveManual) changes.push({ id: streamer.id, live: false });
  }
  return changes;
}

/** Twitch's streams endpoint takes up to 100 logins a call. */
export function batches<T>(items: readonly T[], size = 100): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The YouTube channel id of a channel URL in the `/channel/UC…` form; null for an @handle (which the search cannot take). */
export function youtubeChannelId(url: string): string | null {
  const match = /^https:\/\/(?:www\.|m\.)?youtube\.com\/channel\/(UC[A-Za-z0-9_-]{22})$/.exec(url);
  return match ? match[1]! : null;
}

/**
 * How many YouTube channels one poll may ask about: the search costs one of the day's calls per channel
 * (100 a day by default: `search.list` is 100 quota units of the 10 000-unit day, and Google now gives it
 * its own bucket of 100 calls a day), and the routine ticks every `tickMinutes`. 100 calls over 96 ticks
 * (every 15 minutes) is one channel a tick; a 60-minute tick gives four.
 */
export function youtubeChannelsPerTick(dailyCalls: number, tickMinutes: number): number {
  const ticksPerDay = Math.ceil((24 * 60) / tickMinutes);
  return Math.max(0, Math.floor(dailyCalls / ticksPerDay));
}

/** `count` items from `cursor` on, going round: every channel gets its turn over successive polls. */
export function roundRobin<T>(items: readonly T[], cursor: number, count: number): { picked: T[]; next: number } {
  if (items.length === 0 || count <= 0) return { picked: [], next: 0 };
  const start = cursor % items.length;
  const picked: T[] = [];
  for (let i = 0; i < Math.min(count, items.length); i += 1) picked.push(items[(start + i) % items.length]!);
  return { picked, next: (start + picked.length) % items.length };
}

/** What the landing's hero says while featured streamers are live: whom its badge links to, and how many watch. */
export interface HeroLive {
  /** The live featured streamer most watched (the first listed when no count is known). */
  handle: string;
  /** The live featured streamers' viewers summed; null when no provider told (a manual "I'm live" has no count). */
  viewers: number | null;
}

/** The hero's live badge from the featured streamers; null when none is live (the hero keeps its static text). */
export function heroLive(featured: ReadonlyArray<{ handle: string; live: boolean; viewers: number | null }>): HeroLive | null {
  const live = featured.filter((streamer) => streamer.live);
  if (live.length === 0) return null;
  const counted = live.filter((streamer) => streamer.viewers !== null);
  const top = counted.reduce<(typeof live)[number] | null>(
    (best, streamer) => (!best || streamer.viewers! > best.viewers! ? streamer : best),
    null,
  );
  return {
    handle: (top ?? live[0]!).handle,
    viewers: counted.length ? counted.reduce((sum, streamer) => sum + streamer.viewers!, 0) : null,
  };
}

/** A provider's viewer count as it came (Twitch a number, YouTube a string of digits); null when absent or not a count. */
export function viewerCount(value: unknown): number | null {
  const count = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof count === "number" && Number.isSafeInteger(count) && count >= 0 && count <= 2_000_000_000 ? count : null;
}
