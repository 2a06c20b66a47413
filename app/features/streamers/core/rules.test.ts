import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  STATUS_MOVES,
  STREAMER_STATUSES,
  mayMove,
  orderForList,
  parseApplication,
  parseChannelUrl,
  parseReason,
  parseStreamerHandle,
} from "./rules";

describe("channel links per platform", () => {
  it.each([
    ["twitch", "https://www.twitch.tv/valkyria_ve", "https://www.twitch.tv/valkyria_ve"],
    ["twitch", "https://twitch.tv/Valkyria/", "https://twitch.tv/Valkyria"],
    ["youtube", "https://www.youtube.com/@LuisMLBB", "https://www.youtube.com/@LuisMLBB"],
    ["youtube", "https://youtube.com/channel/UCabcdefghijklmnopqrstuv", "https://youtube.com/channel/UCabcdefghijklmnopqrstuv"],
    ["kick", "https://kick.com/zerorush", "https://kick.com/zerorush"],
    ["tiktok", "https://www.tiktok.com/@zero.rush", "https://www.tiktok.com/@zero.rush"],
    ["tiktok", "https://www.tiktok.com/@zero.rush/live?lang=es", "https://www.tiktok.com/@zero.rush/live"],
  ] as const)("%s accepts %s", (platform, raw, normal) => {
    expect(parseChannelUrl(platform, raw)).toBe(normal);
  });

  it.each([
    ["twitch", "http://www.twitch.tv/valkyria"],
    ["twitch", "https://www.twitch.tv.evil.com/valkyria"],
    ["twitch", "https://www.twitch.tv/a/b"],
    ["twitch", "https://www.youtube.com/@valkyria"],
    ["youtube", "https://www.youtube.com/watch?v=abc"],
    ["youtube", "https://www.youtube.com/valkyria"],
    ["kick", "https://kick.com/"],
    ["tiktok", "https://www.tiktok.com/zerorush"],
    ["tiktok", "javascript:alert(1)"],
    ["kick", "https://user:pw@kick.com/zerorush"],
    ["kick", "not a url"],
  ] as const)("%s refuses %s", (platform, raw) => {
    expect(parseChannelUrl(platform, raw)).toBeNull();
  });

  const anyLink = fc
    .tuple(
      fc.constantFrom("https", "http"),
      fc.oneof(
        fc.domain(),
        fc.constantFrom("twitch.tv", "www.twitch.tv", "m.twitch.tv", "twitch.tv.example.com", "eviltwitch.tv", "xn--twtch-fsa.tv"),
      ),
      fc.webPath(),
    )
    .map(([scheme, host, path]) => `${scheme}://${host}${path}`);

  it("never accepts a link whose host is not the platform's", () => {
    fc.assert(
      // Built from parts: fc.webUrl() takes seconds per hundred URLs. Near misses of the real hosts on purpose.
      fc.property(anyLink, (url) => {
        const host = new URL(url).hostname;
        const result = parseChannelUrl("twitch", url);
        if (!["www.twitch.tv", "twitch.tv", "m.twitch.tv"].includes(host)) expect(result).toBeNull();
      }),
    );
  });
});

describe("status moves", () => {
  it("follow the table and nothing else", () => {
    for (const from of STREAMER_STATUSES)
      for (const to of STREAMER_STATUSES) expect(mayMove(from, to)).toBe(STATUS_MOVES[from].includes(to));
    expect(mayMove("applied", "approved")).toBe(true);
    expect(mayMove("refused", "approved")).toBe(false);
    expect(mayMove("approved", "applied")).toBe(false);
    expect(mayMove("applied", "applied")).toBe(false);
  });
});

describe("the application form", () => {
  const base = { handle: "Valkyria", bio: "Streams diarios", "channel-twitch": "https://www.twitch.tv/valkyria" };

  it("takes a handle, the channels given and our games", () => {
    const result = parseApplication({ ...base, "channel-kick": "https://kick.com/valk" }, ["free-fire", "nope", "free-fire"]);
    expect(result).toEqual({
      ok: true,
      value: {
        handle: "valkyria",
        bio: "Streams diarios",
        games: ["free-fire"],
        channels: [
          { platform: "twitch", url: "https://www.twitch.tv/valkyria" },
          { platform: "kick", url: "https://kick.com/valk" },
        ],
      },
    });
  });

  it("says which field is wrong", () => {
    expect(parseApplication({ ...base, handle: "a" }, ["free-fire"])).toMatchObject({ ok: false, code: "HANDLE_FORMAT", field: "handle" });
    expect(parseApplication({ ...base, handle: "apply" }, ["free-fire"])).toMatchObject({ code: "HANDLE_RESERVED" });
    expect(parseApplication({ ...base, "channel-twitch": "" }, ["free-fire"])).toMatchObject({ code: "CHANNEL_REQUIRED" });
    expect(parseApplication({ ...base, "channel-youtube": "https://youtu.be/x" }, ["free-fire"])).toMatchObject({
      code: "CHANNEL_URL_INVALID",
      field: "channel-youtube",
    });
    expect(parseApplication(base, [])).toMatchObject({ code: "GAMES_REQUIRED", field: "games" });
    expect(parseApplication({ ...base, bio: "x".repeat(501) }, ["free-fire"])).toMatchObject({ code: "BIO_LENGTH" });
  });

  it("handles and reasons", () => {
    expect(parseStreamerHandle(" Zero_Rush ")).toEqual({ ok: true, handle: "zero_rush" });
    expect(parseReason("  ")).toBeNull();
    expect(parseReason(" Canal sin actividad ")).toBe("Canal sin actividad");
  });
});

describe("the public list", () => {
  it("puts live streamers first, the longest live first, then featured", () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    const rows = [
      { handle: "b", live: false, liveSince: null, featured: true },
      { handle: "a", live: false, liveSince: null, featured: false },
      { handle: "late", live: true, liveSince: at(30), featured: false },
      { handle: "early", live: true, liveSince: at(5), featured: false },
    ];
    expect(orderForList(rows).map((row) => row.handle)).toEqual(["early", "late", "b", "a"]);
  });
});
