/**
 * Streams on tournaments and replays (docs/streamers.md): staff attach and detach streams
 * (anyone else gets a 404), the pages carry the official player behind a click-to-load card, the card
 * says live while an attached approved streamer is live; replays are the Plus members' for 48 hours
 * after the event and everyone's after that only if the organizer chose so (a fixed clock: 47 h, 49 h).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, membershipPeriods, streamerChannels, streamers, tournamentStreams, tournaments, users } from "~/db/schema";
import { pollYoutubeLive } from "~/features/streamers/live-providers.server";
import { action as streamsAction, loader as streamsLoader } from "~/features/streamers/routes/admin-tournament-streams";
import { loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { loader as listLoader } from "~/features/tournaments/routes/tournaments";
import { loader as bracketLoader } from "~/features/competition/routes/bracket";
import type { TournamentCard } from "~/features/tournaments/tournaments.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(() => {
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

afterEach(() => {
  vi.useRealTimers();
});

type Answer = { ok: boolean; code?: string; field?: string; done?: string };
type StreamRow = { id: string; embedUrl: string | null; name: string; streamer: { handle: string; live: boolean } | null };
type PageData = {
  streams: StreamRow[];
  live: boolean;
  replays: { state: string; until: string | null; recordings: { embedUrl: string }[]; count: number } | null;
};

async function tournament(id: string, date: string) {
  await handle.db.insert(tournaments).values({
    id,
    title: `Copa ${id}`,
    game: "free-fire",
    prize: "$50",
    players: ["1"],
    image: "/x.jpg",
    date,
    capacity: 16,
    registrationClosesAt: new Date(`${date}T12:00:00Z`),
  });
}

const post = (id: string, fields: Record<string, string>, cookie: string) =>
  callRoute<Answer>(streamsAction, formRequest(`/admin/tournaments/${id}/streams`, fields, cookie), { tournamentId: id });

describe("streams on a tournament", () => {
  it("staff attach and detach; anyone else gets a 404; the page embeds the official player; the card is live with the streamer", async () => {
    const today = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await tournament("copa-live", today);
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const player = await signInAs(handle.db, mailer, "player@example.com");
    const good = { intent: "attach", kind: "official", platform: "twitch", url: "https://www.twitch.tv/Vale_Live", streamer: "vale_live" };

    // Not staff: the page and its acts are not there.
    expect((await post("copa-live", good, player.jar.header())).status).toBe(404);
    expect((await post("copa-live", good, "")).status).toBe(404);
    expect(
      (
        await callRoute(streamsLoader, getRequest("/admin/tournaments/copa-live/streams", player.jar.header()), {
          tournamentId: "copa-live",
        })
      ).status,
    ).toBe(404);
    // An unknown tournament: 404 for staff too.
    expect((await post("nope", good, staff.jar.header())).status).toBe(404);

    // Bad input: a translated code, nothing written.
    expect((await post("copa-live", { ...good, url: "https://evil.example/vale" }, staff.jar.header())).data).toMatchObject({
      ok: false,
      code: "CHANNEL_URL_INVALID",
      field: "url",
    });
    expect(await post("copa-live", good, staff.jar.header())).toMatchObject({ status: 409, data: { code: "STREAMER_NOT_FOUND" } });
    expect(await post("copa-live", { ...good, streamer: "", matchId: "7" }, staff.jar.header())).toMatchObject({
      status: 409,
      data: { code: "MATCH_INVALID" },
    });
    expect(await handle.db.select().from(tournamentStreams)).toHaveLength(0);

    // An approved streamer, not live yet.
    const streamerUser = randomUUID();
    await handle.db.insert(users).values({ id: streamerUser, email: "vale@example.com", name: "Vale" });
    await handle.db.insert(streamers).values({ id: randomUUID(), userId: streamerUser, handle: "vale_live", status: "approved" });
    expect((await post("copa-live", good, staff.jar.header())).data).toMatchObject({ ok: true, done: "attached" });
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, "tournament.stream_attach"));
    expect(audit).toHaveLength(1);

    const page = await callRoute<PageData>(tournamentLoader, getRequest("/tournament?id=copa-live", player.jar.header()));
    expect(page.data?.streams).toMatchObject([
      {
        name: "Vale_Live",
        embedUrl: "https://player.twitch.tv/?channel=vale_live&parent=localhost",
        streamer: { handle: "vale_live", live: false },
      },
    ]);
    expect(page.data?.live).toBe(false);
    // The bracket page shows the tournament's own streams too (visitors included).
    const bracket = await callRoute<{ streams: StreamRow[] }>(bracketLoader, getRequest("/tournaments/copa-live/bracket"), {
      tournamentId: "copa-live",
    });
    expect(bracket.data?.streams.map((stream) => stream.name)).toEqual(["Vale_Live"]);
    const card = async () =>
      (await callRoute<{ tournaments: TournamentCard[] }>(listLoader, getRequest("/tournaments"))).data!.tournaments.find(
        (row) => row.id === "copa-live",
      )!;
    expect((await card()).live).toBe(false);

    // The streamer goes live (their switch or the provider's poll): the card and the page say so.
    await handle.db.update(streamers).set({ live: true, liveSince: new Date() }).where(eq(streamers.handle, "vale_live"));
    expect((await card()).live).toBe(true);
    expect((await callRoute<PageData>(tournamentLoader, getRequest("/tournament?id=copa-live", player.jar.header()))).data?.live).toBe(
      true,
    );
    // A streamer whose approval is withdrawn no longer makes it live.
    await handle.db.update(streamers).set({ status: "refused" }).where(eq(streamers.handle, "vale_live"));
    expect((await card()).live).toBe(false);

    // Detach: only from its own tournament.
    const [stream] = await handle.db.select().from(tournamentStreams);
    await tournament("copa-other", today);
    expect((await post("copa-other", { intent: "detach", streamId: stream!.id }, staff.jar.header())).status).toBe(404);
    expect((await post("copa-live", { intent: "detach", streamId: stream!.id }, player.jar.header())).status).toBe(404);
    expect((await post("copa-live", { intent: "detach", streamId: stream!.id }, staff.jar.header())).data).toMatchObject({
      ok: true,
      done: "detached",
    });
    expect(await handle.db.select().from(tournamentStreams)).toHaveLength(0);
  });
});

describe("replays", () => {
  // Played on 19 November (Caracas): the event ends at midnight there, 04:00 UTC on the 20th.
  const endedAt = new Date("2026-11-20T04:00:00Z");
  const at = (hours: number) => new Date(endedAt.getTime() + hours * 3_600_000);

  it("are the Plus members' for 48 hours, then everyone's only if the organizer chose so", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at(-2));
    await tournament("copa-replay", "2026-11-19");
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const member = await signInAs(handle.db, mailer, "member@example.com");
    const visitor = await signInAs(handle.db, mailer, "visitor@example.com");
    const [memberRow] = await handle.db.select().from(users).where(eq(users.email, "member@example.com"));
    await handle.db
      .insert(membershipPeriods)
      .values({ id: randomUUID(), userId: memberRow!.id, startsAt: at(-240), endsAt: at(24 * 30), note: "test" });

    // Only Twitch and YouTube videos.
    expect(
      (await post("copa-replay", { intent: "recording", url: "https://www.twitch.tv/arena", title: "" }, staff.jar.header())).data,
    ).toMatchObject({ ok: false, code: "RECORDING_URL_INVALID" });
    expect(
      (await post("copa-replay", { intent: "recording", url: "https://youtu.be/dQw4w9WgXcQ", title: "Final" }, visitor.jar.header()))
        .status,
    ).toBe(404);
    expect(
      (await post("copa-replay", { intent: "recording", url: "https://youtu.be/dQw4w9WgXcQ", title: "Final" }, staff.jar.header())).data,
    ).toMatchObject({ ok: true });
    expect(
      (
        await post(
          "copa-replay",
          { intent: "recording", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "" },
          staff.jar.header(),
        )
      ).data,
    ).toMatchObject({ ok: false, code: "RECORDING_TAKEN" });

    const replays = async (cookie: string) =>
      (await callRoute<PageData>(tournamentLoader, getRequest("/tournament?id=copa-replay", cookie))).data!.replays;

    // Before the event ends: nothing to replay.
    expect(await replays(member.jar.header())).toBeNull();

    // 47 hours after: the member watches; the visitor sees a lock, without the links.
    vi.setSystemTime(at(47));
    expect(await replays(member.jar.header())).toMatchObject({
      state: "open",
      recordings: [{ embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" }],
    });
    expect(await replays(visitor.jar.header())).toEqual({ state: "members_only", until: null, recordings: [], count: 1 });
    // The organizer opens them after the 48 hours: still locked at 47 h, with the moment it opens.
    expect((await post("copa-replay", { intent: "replays-public", publicAfter: "on" }, staff.jar.header())).data).toMatchObject({
      ok: true,
    });
    expect(await replays(visitor.jar.header())).toEqual({ state: "members_only", until: at(48).toISOString(), recordings: [], count: 1 });

    // 49 hours after: open to everyone, as the organizer chose.
    vi.setSystemTime(at(49));
    expect(await replays(visitor.jar.header())).toMatchObject({ state: "open", count: 1 });
    expect(await replays(member.jar.header())).toMatchObject({ state: "open" });

    // The organizer keeps them for members: at 49 hours the visitor is locked out again, the member is not.
    expect((await post("copa-replay", { intent: "replays-public" }, staff.jar.header())).data).toMatchObject({ ok: true });
    expect(await replays(visitor.jar.header())).toEqual({ state: "members_only", until: null, recordings: [], count: 1 });
    expect(await replays(member.jar.header())).toMatchObject({ state: "open" });
  });
});

describe("live status from YouTube", () => {
  it("the demo provider turns a channel live and off; a manual switch is left alone; a wrong key or a spent quota changes nothing", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    // Five searches a day in the demo: the quota runs out within this test.
    const demo = spawn(
      "node",
      ["scripts/youtube-demo.mjs", "--port", String(port), "--key", "it-key", "--daily-searches", "5", "--quiet"],
      {
        stdio: "ignore",
      },
    );
    const url = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; i < 50; i += 1) {
        if (
          await fetch(`${url}/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const channelA = "UCaaaaaaaaaaaaaaaaaaaaaa";
      const channelB = "UCbbbbbbbbbbbbbbbbbbbbbb";
      for (const [name, channel, live] of [
        ["tubera", channelA, false],
        ["manual_yt", channelB, true],
      ] as const) {
        const userId = randomUUID();
        const streamerId = randomUUID();
        await handle.db.insert(users).values({ id: userId, email: `${name}@example.com`, name });
        await handle.db.insert(streamers).values({ id: streamerId, userId, handle: name, status: "approved", live, liveManual: live });
        await handle.db
          .insert(streamerChannels)
          .values({ id: randomUUID(), streamerId, platform: "youtube", url: `https://www.youtube.com/channel/${channel}` });
      }
      const liveOf = async (name: string) =>
        (await handle.db.select({ live: streamers.live }).from(streamers).where(eq(streamers.handle, name)))[0]?.live;
      // A tick an hour within 100 searches a day: four channels a tick, so both are asked.
      const settings = { url, key: "it-key", pollMinutes: 60, dailySearches: 100 };

      await expect(pollYoutubeLive(handle.db, { ...settings, key: "wrong" })).rejects.toThrow("400");
      expect(await pollYoutubeLive(handle.db, settings)).toBe(0); // 2 searches
      expect(await liveOf("manual_yt")).toBe(true);

      await fetch(`${url}/demo/live`, { method: "POST", body: JSON.stringify({ channelId: channelA, live: true, viewers: 345 }) });
      expect(await pollYoutubeLive(handle.db, settings)).toBe(1); // 4 searches (and one videos look-up, another bucket)
      expect(await liveOf("tubera")).toBe(true);
      // The live video's concurrentViewers is kept with the status; the manual switch has no count.
      const viewersOf = async (name: string) =>
        (await handle.db.select({ viewers: streamers.liveViewers }).from(streamers).where(eq(streamers.handle, name)))[0]?.viewers;
      expect(await viewersOf("tubera")).toBe(345);
      expect(await viewersOf("manual_yt")).toBeNull();
      expect(await liveOf("manual_yt")).toBe(true);

      // The quota is spent (the demo's fifth search answers, the sixth is 403): the poll fails, nothing changes.
      await fetch(`${url}/demo/live`, { method: "POST", body: JSON.stringify({ channelId: channelA, live: false }) });
      await expect(pollYoutubeLive(handle.db, settings)).rejects.toThrow("403");
      expect(await liveOf("tubera")).toBe(true);

      // A tick every minute could not stay within the day's searches: it asks about nobody.
      expect(await pollYoutubeLive(handle.db, { ...settings, pollMinutes: 1 })).toBe(0);
    } finally {
      demo.kill();
    }
  });
});
