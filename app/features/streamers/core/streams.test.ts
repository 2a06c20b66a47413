import { describe, expect, it } from "vitest";
import {
  channelName,
  eventEndedAt,
  isTournamentLive,
  liveEmbedUrl,
  parseRecordingUrl,
  parseStreamForm,
  recordingEmbedUrl,
  replayAccess,
  startOfNextDay,
} from "./streams";

describe("parseStreamForm", () => {
  it("takes a kind, a channel in its platform's form, an optional streamer and match", () => {
    expect(parseStreamForm({ kind: "official", platform: "twitch", url: "https://www.twitch.tv/Arena_Oficial/" })).toEqual({
      ok: true,
      value: { kind: "official", platform: "twitch", url: "https://www.twitch.tv/Arena_Oficial", streamerHandle: null, matchId: null },
    });
    expect(
      parseStreamForm({ kind: "caster", platform: "kick", url: "https://kick.com/vale", streamer: "@Vale_Live", matchId: " 3 " }),
    ).toMatchObject({ ok: true, value: { streamerHandle: "vale_live", matchId: 3 } });
  });

  it("refuses a wrong kind, a link not in the platform's form, a bad handle or match", () => {
    expect(parseStreamForm({ kind: "fan", platform: "twitch", url: "https://www.twitch.tv/arena" })).toMatchObject({
      code: "STREAM_KIND_INVALID",
    });
    expect(parseStreamForm({ kind: "official", platform: "twitch", url: "https://evil.example/arena" })).toMatchObject({
      code: "CHANNEL_URL_INVALID",
      field: "url",
    });
    expect(parseStreamForm({ kind: "official", platform: "myspace", url: "https://www.twitch.tv/arena" })).toMatchObject({
      code: "CHANNEL_URL_INVALID",
    });
    expect(parseStreamForm({ kind: "official", platform: "twitch", url: "https://www.twitch.tv/arena", streamer: "a b" })).toMatchObject({
      code: "HANDLE_FORMAT",
    });
    expect(parseStreamForm({ kind: "official", platform: "twitch", url: "https://www.twitch.tv/arena", matchId: "1; drop" })).toMatchObject(
      {
        code: "MATCH_INVALID",
      },
    );
  });
});

describe("parseStreamForm, every wrong field at once", () => {
  it("names each wrong field, the first in form order as code", () => {
    expect(parseStreamForm({ kind: "fan", platform: "twitch", url: "https://evil.example/x", matchId: "x" })).toMatchObject({
      ok: false,
      code: "STREAM_KIND_INVALID",
      field: "kind",
      errors: { kind: "STREAM_KIND_INVALID", url: "CHANNEL_URL_INVALID", matchId: "MATCH_INVALID" },
    });
  });
});

describe("players", () => {
  it("uses each provider's official player, with our host as Twitch's parent", () => {
    expect(liveEmbedUrl("twitch", "https://www.twitch.tv/Vale_Live", "arena.example")).toBe(
      "https://player.twitch.tv/?channel=vale_live&parent=arena.example",
    );
    expect(liveEmbedUrl("kick", "https://kick.com/vale", "arena.example")).toBe("https://player.kick.com/vale");
    expect(liveEmbedUrl("youtube", "https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv", "x")).toBe(
      "https://www.youtube-nocookie.com/embed/live_stream?channel=UCabcdefghijklmnopqrstuv",
    );
  });

  it("links out where there is no embeddable live player (TikTok, a YouTube @handle)", () => {
    expect(liveEmbedUrl("tiktok", "https://www.tiktok.com/@vale/live", "x")).toBeNull();
    expect(liveEmbedUrl("youtube", "https://www.youtube.com/@arena", "x")).toBeNull();
    expect(channelName("tiktok", "https://www.tiktok.com/@vale/live")).toBe("@vale");
    expect(channelName("youtube", "https://www.youtube.com/@arena")).toBe("@arena");
  });
});

describe("parseRecordingUrl", () => {
  it("accepts Twitch and YouTube videos, normalised", () => {
    expect(parseRecordingUrl("https://www.twitch.tv/videos/123456789")).toEqual({
      platform: "twitch",
      videoId: "123456789",
      url: "https://www.twitch.tv/videos/123456789",
    });
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://youtube.com/live/dQw4w9WgXcQ",
    ])
      expect(parseRecordingUrl(link)).toEqual({
        platform: "youtube",
        videoId: "dQw4w9WgXcQ",
        url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      });
    expect(recordingEmbedUrl({ platform: "twitch", videoId: "42" }, "arena.example")).toBe(
      "https://player.twitch.tv/?video=42&parent=arena.example",
    );
    expect(recordingEmbedUrl({ platform: "youtube", videoId: "dQw4w9WgXcQ" }, "x")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
  });

  it("refuses channels, other hosts, plain http and malformed ids", () => {
    for (const link of [
      "https://www.twitch.tv/arena",
      "http://www.twitch.tv/videos/1",
      "https://www.twitch.tv/videos/abc",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/@arena",
      "https://vimeo.com/1234",
      "javascript:alert(1)",
      "",
    ])
      expect(parseRecordingUrl(link)).toBeNull();
  });
});

describe("replayAccess", () => {
  const endedAt = new Date("2026-11-20T04:00:00Z");
  const at = (hours: number) => new Date(endedAt.getTime() + hours * 3_600_000);

  it("is members-only for 48 hours, then open to everyone if the organizer chose so", () => {
    expect(replayAccess({ endedAt, member: true, publicAfter: true, now: at(47) })).toEqual({ state: "open" });
    expect(replayAccess({ endedAt, member: false, publicAfter: true, now: at(47) })).toEqual({ state: "members_only", until: at(48) });
    expect(replayAccess({ endedAt, member: false, publicAfter: true, now: at(48) })).toEqual({ state: "open" });
    expect(replayAccess({ endedAt, member: false, publicAfter: true, now: at(49) })).toEqual({ state: "open" });
  });

  it("stays members-only when the organizer did not open it; nothing before the end", () => {
    expect(replayAccess({ endedAt, member: false, publicAfter: false, now: at(49) })).toEqual({ state: "members_only", until: null });
    expect(replayAccess({ endedAt, member: true, publicAfter: false, now: at(500) })).toEqual({ state: "open" });
    expect(replayAccess({ endedAt, member: true, publicAfter: true, now: at(-1) })).toEqual({ state: "not_ended" });
    expect(replayAccess({ endedAt: null, member: true, publicAfter: true, now: at(1) })).toEqual({ state: "not_ended" });
  });
});

describe("eventEndedAt", () => {
  it("is the end of the tournament's day in the platform's calendar for an event not run here", () => {
    expect(eventEndedAt({ date: "2026-11-19", timeZone: "America/Caracas", run: null })).toEqual(new Date("2026-11-20T04:00:00Z"));
    expect(startOfNextDay("2026-12-31", "UTC")).toEqual(new Date("2027-01-01T00:00:00Z"));
  });

  it("is the last result of a finished event run here; never while it runs", () => {
    const last = new Date("2026-11-19T23:10:00Z");
    expect(eventEndedAt({ date: "2026-11-19", timeZone: "America/Caracas", run: { finished: true, lastResultAt: last } })).toEqual(last);
    const running = eventEndedAt({ date: "2026-11-19", timeZone: "America/Caracas", run: { finished: false, lastResultAt: last } });
    expect(running.getTime()).toBeGreaterThan(Date.now() + 1e12);
  });
});

describe("isTournamentLive", () => {
  it("is live while an attached approved streamer is live", () => {
    expect(isTournamentLive([{ streamer: null }, { streamer: { status: "approved", live: true } }])).toBe(true);
    expect(isTournamentLive([{ streamer: { status: "refused", live: true } }, { streamer: { status: "approved", live: false } }])).toBe(
      false,
    );
    expect(isTournamentLive([])).toBe(false);
  });
});
