import { describe, expect, it } from "vitest";
import { formatCompactNumber } from "~/domain/format";
import { batches, heroLive, liveChanges, roundRobin, twitchLogin, viewerCount, youtubeChannelId, youtubeChannelsPerTick } from "./live";

describe("live status from a provider", () => {
  const row = (id: string, live: boolean, liveManual: boolean) => ({ id, login: id, live, liveManual });

  it("turns on who is live, turns off only what a provider turned on", () => {
    const rows = [row("a", false, true), row("b", true, false), row("c", true, true), row("d", true, false), row("e", false, false)];
    expect(liveChanges(rows, new Set(["a", "d"]))).toEqual([
      { id: "a", live: true },
      { id: "b", live: false },
    ]);
  });

  it("reads the Twitch login of a channel link", () => {
    expect(twitchLogin("https://www.twitch.tv/Vale_Live")).toBe("vale_live");
    expect(twitchLogin("https://kick.com/vale")).toBeNull();
  });

  it("asks in batches of 100", () => {
    expect(batches(Array.from({ length: 250 }, (_, i) => i)).map((batch) => batch.length)).toEqual([100, 100, 50]);
  });
});

describe("YouTube polling within the quota", () => {
  it("reads the channel id of a /channel/ URL only", () => {
    expect(youtubeChannelId("https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv")).toBe("UCabcdefghijklmnopqrstuv");
    expect(youtubeChannelId("https://www.youtube.com/@arena")).toBeNull();
  });

  it("spends at most the day's searches: 100 calls, a tick every 15 minutes, is one channel a tick", () => {
    expect(youtubeChannelsPerTick(100, 15)).toBe(1);
    expect(youtubeChannelsPerTick(100, 60)).toBe(4);
    expect(youtubeChannelsPerTick(100, 1)).toBe(0);
    for (const minutes of [1, 5, 15, 30, 60, 120])
      expect(youtubeChannelsPerTick(100, minutes) * Math.ceil(1440 / minutes)).toBeLessThanOrEqual(100);
  });

  it("gives every channel its turn, going round", () => {
    expect(roundRobin(["a", "b", "c"], 0, 2)).toEqual({ picked: ["a", "b"], next: 2 });
    expect(roundRobin(["a", "b", "c"], 2, 2)).toEqual({ picked: ["c", "a"], next: 1 });
    expect(roundRobin(["a", "b"], 7, 5)).toEqual({ picked: ["b", "a"], next: 1 });
    expect(roundRobin([], 3, 1)).toEqual({ picked: [], next: 0 });
  });
});

describe("the landing hero's live badge", () => {
  const off = { handle: "off", live: false, viewers: null };

  it("is nothing while no featured streamer is live (the hero keeps its static text)", () => {
    expect(heroLive([])).toBeNull();
    expect(heroLive([off])).toBeNull();
  });

  it("sums the live ones' viewers and links to the most watched", () => {
    expect(
      heroLive([
        off,
        { handle: "ana", live: true, viewers: 1200 },
        { handle: "bea", live: true, viewers: 9000 },
        { handle: "cam", live: true, viewers: null },
      ]),
    ).toEqual({ handle: "bea", viewers: 10_200 });
    expect(heroLive([{ handle: "ana", live: true, viewers: 0 }])).toEqual({ handle: "ana", viewers: 0 });
  });

  it("has no count when only a manual switch says they are live", () => {
    expect(heroLive([off, { handle: "cam", live: true, viewers: null }, { handle: "dan", live: true, viewers: null }])).toEqual({
      handle: "cam",
      viewers: null,
    });
  });

  it("writes the count short per language", () => {
    expect(formatCompactNumber(1200, "es")).toBe("1,2 K");
    expect(formatCompactNumber(1200, "en")).toBe("1.2K");
    expect(formatCompactNumber(10_240, "en")).toBe("10.2K");
    expect(formatCompactNumber(999, "es")).toBe("999");
    expect(formatCompactNumber(1_250_000, "en")).toBe("1.3M");
  });

  it("reads a provider's count as it comes, and nothing else", () => {
    expect(viewerCount(1200)).toBe(1200);
    expect(viewerCount("345")).toBe(345);
    for (const value of [undefined, null, -1, 1.5, "12a", "", {}, Number.MAX_SAFE_INTEGER]) expect(viewerCount(value)).toBeNull();
  });
});
