/**
 * Live status from a provider (issue 30, docs/streamers.md): which streamers' flags change after a
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
