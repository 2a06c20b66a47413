/**
 * Streamers (docs/streamers.md): apply, staff approve or refuse with a reason (mailed in the
 * applicant's language, audited), feature; the public page with channels, followers and games played
 * counted from the competition's results; the live switch; who may do what (another user gets a 404,
 * never a 500); the landing shows featured streamers live.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { pollTwitchLive } from "~/features/streamers/live-providers.server";
import { reconcile, reconciled, userBalances } from "~/features/wallet/ledger.server";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  competitionResults,
  ledgerAccounts,
  ledgerEntries,
  registrations,
  streamerChannels,
  streamerDonations,
  users,
  streamerFollows,
  streamers,
} from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { action as adminAction, loader as adminLoader } from "~/features/streamers/routes/admin-streamers";
import { action as applyAction, loader as applyLoader } from "~/features/streamers/routes/apply";
import { loader as meLoader } from "~/features/streamers/routes/me";
import { action as pageAction, loader as pageLoader } from "~/features/streamers/routes/streamer";
import { loader as listLoader } from "~/features/streamers/routes/streamers";
import { landingView } from "~/features/landing/landing.server";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import { BASE_URL, callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

type Answer = { ok: boolean; code?: string; field?: string; done?: string };

/** The application form as a browser sends it: games are repeated checkboxes. */
function applyRequest(fields: Record<string, string>, games: string[], cookie: string) {
  const body = new URLSearchParams(fields);
  for (const game of games) body.append("games", game);
  return new Request(`${BASE_URL}/streamers/apply`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE_URL, Cookie: cookie, "x-client-ip": "203.0.113.7" },
  });
}

const goodApplication = {
  handle: "Valkyria",
  bio: "Free Fire todas las noches",
  "channel-twitch": "https://www.twitch.tv/valkyria_ve",
  "channel-tiktok": "https://www.tiktok.com/@valkyria",
};

async function streamerIdOf(handleName: string) {
  const [row] = await handle.db.select({ id: streamers.id }).from(streamers).where(eq(streamers.handle, handleName));
  return row!.id;
}

const staffPost = (fields: Record<string, string>, cookie: string) =>
  callRoute<Answer>(adminAction, formRequest("/admin/streamers", fields, cookie));

describe("streamers", () => {
  it("a player applies, staff refuse with a reason, the player applies again and is approved; each decision mailed and audited", async () => {
    const player = await signInAs(handle.db, mailer, "valk@example.com", { name: "Valeria" });
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });

    // A channel link not in the platform's form is refused, naming the field.
    const wrong = await callRoute<Answer>(
      applyAction,
      applyRequest({ ...goodApplication, "channel-youtube": "https://www.youtube.com/watch?v=abc" }, ["free-fire"], player.jar.header()),
    );
    expect(wrong).toMatchObject({ status: 400, data: { ok: false, code: "CHANNEL_URL_INVALID", field: "channel-youtube" } });
    const noGames = await callRoute<Answer>(applyAction, applyRequest(goodApplication, [], player.jar.header()));
    expect(noGames.data).toMatchObject({ ok: false, code: "GAMES_REQUIRED" });

    const applied = await callRoute(applyAction, applyRequest(goodApplication, ["free-fire", "mobile-legends"], player.jar.header()));
    expect(applied.status).toBe(302);
    expect(applied.location).toBe("/streamers/apply?applied=1");
    const channels = await handle.db.select().from(streamerChannels);
    expect(channels.map((channel) => channel.platform).sort()).toEqual(["tiktok", "twitch"]);
    // Applying twice while under review is refused.
    const twice = await callRoute<Answer>(applyAction, applyRequest(goodApplication, ["free-fire"], player.jar.header()));
    expect(twice).toMatchObject({ status: 409, data: { code: "ALREADY_APPLIED" } });

    // Not public while under review.
    const hidden = await callRoute(pageLoader, getRequest("/streamers/valkyria"), { handle: "valkyria" });
    expect(hidden.status).toBe(404);

    const id = await streamerIdOf("valkyria");
    const queue = await callRoute<{ streamers: { id: string; status: string }[] }>(
      adminLoader,
      getRequest("/admin/streamers", staff.jar.header()),
    );
    expect(queue.data?.streamers).toMatchObject([{ id, status: "applied" }]);

    // A refusal needs a reason; the reason is mailed and shown to the player.
    const noReason = await staffPost({ intent: "refuse", streamerId: id, reason: " " }, staff.jar.header());
    expect(noReason.data).toMatchObject({ ok: false, code: "REASON_REQUIRED" });
    const refused = await staffPost({ intent: "refuse", streamerId: id, reason: "El canal no tiene transmisiones" }, staff.jar.header());
    expect(refused.data).toMatchObject({ ok: true, done: "refused" });
    const refusalMail = mailer.sent.find((mail) => mail.to === "valk@example.com" && mail.subject.includes("solicitud de streamer"));
    expect(refusalMail?.text).toContain("El canal no tiene transmisiones");
    const mine = await callRoute<{ mine: { status: string; refusalReason: string; mayApply: boolean } }>(
      applyLoader,
      getRequest("/streamers/apply", player.jar.header()),
    );
    expect(mine.data?.mine).toMatchObject({ status: "refused", refusalReason: "El canal no tiene transmisiones", mayApply: true });
    // Refused → approved is not a move of the table.
    const skip = await staffPost({ intent: "approve", streamerId: id }, staff.jar.header());
    expect(skip).toMatchObject({ status: 409, data: { code: "MOVE_NOT_ALLOWED" } });

    const again = await callRoute(
      applyAction,
      applyRequest(
        { ...goodApplication, "channel-tiktok": "", "channel-kick": "https://kick.com/valkyria" },
        ["free-fire"],
        player.jar.header(),
      ),
    );
    expect(again.status).toBe(302);
    // Applying again replaces the channels.
    expect((await handle.db.select().from(streamerChannels)).map((channel) => channel.platform).sort()).toEqual(["kick", "twitch"]);

    const approved = await staffPost({ intent: "approve", streamerId: id }, staff.jar.header());
    expect(approved.data).toMatchObject({ ok: true, done: "approved" });
    const approvalMail = mailer.sent.find((mail) => mail.to === "valk@example.com" && mail.subject.includes("Ya eres streamer"));
    expect(approvalMail?.text).toContain("/streamers/valkyria");

    const audits = await handle.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entity, "streamer"));
    expect(audits.map((row) => row.action)).toEqual(["streamer.refuse", "streamer.approve"]);
    expect(audits.every((row) => row.actorId === staff.userId)).toBe(true);

    const page = await callRoute<{ streamer: { handle: string; channels: { platform: string }[]; games: string[]; live: boolean } }>(
      pageLoader,
      getRequest("/streamers/valkyria"),
      { handle: "valkyria" },
    );
    expect(page.data?.streamer).toMatchObject({ handle: "valkyria", games: ["free-fire"], live: false });
    expect(page.data?.streamer.channels.map((channel) => channel.platform)).toEqual(["twitch", "kick"]);
    const me = await callRoute(meLoader, getRequest("/streamers/me", player.jar.header()));
    expect(me.location).toBe("/streamers/valkyria");
  });

  it("an applicant mailed in English gets the decision in English", async () => {
    const player = await signInAs(handle.db, mailer, "eng@example.com");
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    await handle.db.update(users).set({ language: "en" }).where(eq(users.id, player.userId));
    await callRoute(applyAction, applyRequest({ ...goodApplication, handle: "engstream" }, ["efootball"], player.jar.header()));
    await staffPost({ intent: "approve", streamerId: await streamerIdOf("engstream") }, staff.jar.header());
    expect(mailer.sent.find((mail) => mail.to === "eng@example.com" && mail.subject.includes("You are now a streamer"))).toBeTruthy();
  });

  it("the live switch, follows, games played from results, the list and the landing; nobody else may act (404, never 500)", async () => {
    const player = await signInAs(handle.db, mailer, "valk@example.com");
    const fan = await signInAs(handle.db, mailer, "fan@example.com");
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    await callRoute(applyAction, applyRequest(goodApplication, ["blood-strike"], player.jar.header()));
    const id = await streamerIdOf("valkyria");

    // Before approval: no switch (not there), no follow, cannot be featured.
    const early = await callRoute<Answer>(pageAction, formRequest("/streamers/valkyria", { intent: "live-on" }, player.jar.header()), {
      handle: "valkyria",
    });
    expect(early.status).toBe(404);
    const featureEarly = await staffPost({ intent: "feature", streamerId: id }, staff.jar.header());
    expect(featureEarly).toMatchObject({ status: 409, data: { code: "NOT_APPROVED" } });
    await staffPost({ intent: "approve", streamerId: id }, staff.jar.header());

    // Games played are counted from the competition's results of the streamer's registrations.
    await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: player.userId,
      email: "valk@example.com",
      registration: {
        teamName: "Valk duo",
        coachName: null,
        phone: "04141234567",
        paymentMethod: "binance",
        players: [
          { name: "Uno", ign: "valk-uno", phone: "04121234567" },
          { name: "Dos", ign: "valk-dos", phone: null },
        ],
      },
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [{ id: registrationId }] = (await handle.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.userId, player.userId))) as [{ id: string }];
    await handle.db.insert(competitionResults).values([
      {
        tournamentId: "blood-strike-duo-clash",
        matchId: 1,
        registration1: registrationId,
        registration2: "rival",
        score1: 2,
        score2: 0,
        source: "staff",
      },
      {
        tournamentId: "blood-strike-duo-clash",
        matchId: 2,
        registration1: "rival-2",
        registration2: registrationId,
        score1: 2,
        score2: 1,
        source: "staff",
      },
    ]);

    // Another user can neither flip the switch nor see it; the streamer can.
    const stranger = await callRoute<Answer>(pageAction, formRequest("/streamers/valkyria", { intent: "live-on" }, fan.jar.header()), {
      handle: "valkyria",
    });
    expect(stranger.status).toBe(404);
    const staffTry = await callRoute<Answer>(pageAction, formRequest("/streamers/valkyria", { intent: "live-on" }, staff.jar.header()), {
      handle: "valkyria",
    });
    expect(staffTry.status).toBe(404);
    expect((await handle.db.select({ live: streamers.live }).from(streamers))[0]?.live).toBe(false);
    const on = await callRoute(pageAction, formRequest("/streamers/valkyria", { intent: "live-on" }, player.jar.header()), {
      handle: "valkyria",
    });
    expect(on.status).toBe(302);
    const [live] = await handle.db.select({ live: streamers.live, liveSince: streamers.liveSince }).from(streamers);
    expect(live).toMatchObject({ live: true });
    expect(live?.liveSince).toBeInstanceOf(Date);

    // Following: a fan follows (twice is once), the streamer cannot follow themself, an unknown handle is a 404.
    for (let n = 0; n < 2; n += 1)
      await callRoute(pageAction, formRequest("/streamers/valkyria", { intent: "follow" }, fan.jar.header()), { handle: "valkyria" });
    expect(await handle.db.$count(streamerFollows)).toBe(1);
    const self = await callRoute<Answer>(pageAction, formRequest("/streamers/valkyria", { intent: "follow" }, player.jar.header()), {
      handle: "valkyria",
    });
    expect(self).toMatchObject({ status: 409, data: { code: "CANNOT_FOLLOW_SELF" } });
    const unknown = await callRoute(pageAction, formRequest("/streamers/nadie", { intent: "follow" }, fan.jar.header()), {
      handle: "nadie",
    });
    expect(unknown.status).toBe(404);
    const visitor = await callRoute(pageAction, formRequest("/streamers/valkyria", { intent: "follow" }), { handle: "valkyria" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/auth");

    const page = await callRoute<{
      streamer: { live: boolean; followers: number; gamesPlayed: number };
      following: boolean;
      entries: unknown[];
    }>(pageLoader, getRequest("/streamers/valkyria", fan.jar.header()), { handle: "valkyria" });
    expect(page.data).toMatchObject({ streamer: { live: true, followers: 1, gamesPlayed: 2 }, following: true });
    expect(page.data?.entries).toHaveLength(1);

    // The list puts live streamers first; the landing shows featured ones with the LIVE flag.
    const list = await callRoute<{ streamers: { handle: string; live: boolean }[] }>(listLoader, getRequest("/streamers"));
    expect(list.data?.streamers).toMatchObject([{ handle: "valkyria", live: true }]);
    const before = await landingView(getRequest("/"));
    expect(before.streamers).toEqual([]);
    const featured = await staffPost({ intent: "feature", streamerId: id }, staff.jar.header());
    expect(featured.data).toMatchObject({ ok: true, done: "featured" });
    const home = await landingView(getRequest("/"));
    expect(home.streamers).toEqual([{ handle: "valkyria", games: ["blood-strike"], live: true, followers: 1, gamesPlayed: 2 }]);

    // Off again; a withdrawn approval takes the streamer off the landing and off air.
    await callRoute(pageAction, formRequest("/streamers/valkyria", { intent: "live-off" }, player.jar.header()), { handle: "valkyria" });
    expect((await handle.db.select({ live: streamers.live }).from(streamers))[0]?.live).toBe(false);
    await staffPost({ intent: "refuse", streamerId: id, reason: "Conducta abusiva" }, staff.jar.header());
    const after = await landingView(getRequest("/"));
    expect(after.streamers).toEqual([]);
    expect(
      await handle.db.$count(streamers, and(eq(streamers.id, id), eq(streamers.featured, false), eq(streamers.status, "refused"))),
    ).toBe(1);
  });

  it("staff actions need staff; a malformed or unknown streamer is a 404", async () => {
    const player = await signInAs(handle.db, mailer, "p@example.com");
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const asPlayer = await staffPost({ intent: "approve", streamerId: "00000000-0000-4000-8000-000000000000" }, player.jar.header());
    expect(asPlayer.status).toBe(404);
    const unknown = await staffPost({ intent: "approve", streamerId: "00000000-0000-4000-8000-000000000000" }, staff.jar.header());
    expect(unknown).toMatchObject({ status: 404, data: { code: "NOT_FOUND" } });
    const malformed = await staffPost({ intent: "approve", streamerId: "x" }, staff.jar.header());
    expect(malformed.status).toBe(404);
  });

  it("a fan donates from their wallet: the ledger moves amount, net and fee and balances; once per key; opt-in supporters", async () => {
    const player = await signInAs(handle.db, mailer, "valk@example.com");
    const fan = await signInAs(handle.db, mailer, "fan@example.com");
    const shy = await signInAs(handle.db, mailer, "shy@example.com");
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    await handle.db.update(users).set({ handle: "fede" }).where(eq(users.id, fan.userId));
    await callRoute(applyAction, applyRequest(goodApplication, ["free-fire"], player.jar.header()));
    await staffPost({ intent: "approve", streamerId: await streamerIdOf("valkyria") }, staff.jar.header());
    await adjustWallet(handle.db, {
      staffId: staff.userId,
      userId: fan.userId,
      currency: "USD",
      amount: 2000,
      reason: "test",
      idempotencyKey: "t1",
    });
    await adjustWallet(handle.db, {
      staffId: staff.userId,
      userId: shy.userId,
      currency: "USD",
      amount: 500,
      reason: "test",
      idempotencyKey: "t2",
    });

    const donatePost = (cookie: string, fields: Record<string, string>) =>
      callRoute<Answer>(pageAction, formRequest("/streamers/valkyria", { intent: "donate", currency: "USD", ...fields }, cookie), {
        handle: "valkyria",
      });
    const key = "11111111-1111-4111-8111-111111111111";
    const badAmount = await donatePost(fan.jar.header(), { amount: "0", key });
    expect(badAmount.data).toMatchObject({ ok: false, code: "BAD_AMOUNT", field: "amount" });
    const tooMuch = await donatePost(fan.jar.header(), { amount: "25", key });
    expect(tooMuch).toMatchObject({ status: 409, data: { code: "INSUFFICIENT_FUNDS" } });
    const self = await donatePost(player.jar.header(), { amount: "1", key });
    expect(self).toMatchObject({ status: 409, data: { code: "CANNOT_DONATE_SELF" } });

    // 10.00 with the default 10 % fee: the streamer gets 9.00, the platform 1.00. The same form twice moves money once.
    for (let n = 0; n < 2; n += 1) {
      const done = await donatePost(fan.jar.header(), { amount: "10", message: "¡Vamos Valk!", public: "on", key });
      expect(done.status).toBe(302);
    }
    expect(await userBalances(handle.db, fan.userId)).toMatchObject({ USD: 1000 });
    expect(await userBalances(handle.db, player.userId)).toMatchObject({ USD: 900 });
    const [fees] = await handle.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, "donation_fees:USD"));
    expect(Number(fees?.balance)).toBe(100);
    expect(await handle.db.$count(streamerDonations)).toBe(1);

    // Staff change the fee to 5 %; a second donor does not opt in to the supporters list.
    const fee = await staffPost({ intent: "fee", fee: "5" }, staff.jar.header());
    expect(fee.data).toMatchObject({ ok: true, done: "fee" });
    await donatePost(shy.jar.header(), { amount: "5", message: "secreto", key: "22222222-2222-4222-8222-222222222222" });
    expect(await userBalances(handle.db, player.userId)).toMatchObject({ USD: 900 + 475 });
    expect(reconciled(await reconcile(handle.db))).toBe(true);
    const [sum] = await handle.db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries);
    expect(Number(sum?.total)).toBe(0);

    const page = await callRoute<{ supporters: { handle: string | null; amount: number; message: string }[] }>(
      pageLoader,
      getRequest("/streamers/valkyria"),
      { handle: "valkyria" },
    );
    expect(page.data?.supporters).toEqual([expect.objectContaining({ handle: "fede", amount: 1000, message: "¡Vamos Valk!" })]);
    expect(JSON.stringify(page.data)).not.toContain("fan@example.com");
  });

  it("the Twitch demo provider turns a streamer live and off again; a manual switch is left alone", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const demo = spawn("node", ["scripts/twitch-demo.mjs", "--port", String(port), "--client-id", "it", "--token", "it-token", "--quiet"], {
      stdio: "ignore",
    });
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
      const settings = { url, clientId: "it", token: "it-token" };
      const player = await signInAs(handle.db, mailer, "valk@example.com");
      const manual = await signInAs(handle.db, mailer, "manual@example.com");
      const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
      await callRoute(applyAction, applyRequest(goodApplication, ["free-fire"], player.jar.header()));
      await callRoute(
        applyAction,
        applyRequest({ handle: "manual", "channel-twitch": "https://www.twitch.tv/manual_one" }, ["free-fire"], manual.jar.header()),
      );
      for (const name of ["valkyria", "manual"])
        await staffPost({ intent: "approve", streamerId: await streamerIdOf(name) }, staff.jar.header());
      await callRoute(pageAction, formRequest("/streamers/manual", { intent: "live-on" }, manual.jar.header()), { handle: "manual" });
      const liveOf = async (name: string) =>
        (await handle.db.select({ live: streamers.live }).from(streamers).where(eq(streamers.handle, name)))[0]?.live;

      // Wrong credentials: the poll fails and changes nothing.
      await expect(pollTwitchLive(handle.db, { ...settings, token: "nope" })).rejects.toThrow("401");
      expect(await pollTwitchLive(handle.db, settings)).toBe(0);

      const viewersOf = async (name: string) =>
        (await handle.db.select({ viewers: streamers.liveViewers }).from(streamers).where(eq(streamers.handle, name)))[0]?.viewers;
      await fetch(`${url}/demo/live`, { method: "POST", body: JSON.stringify({ login: "valkyria_ve", live: true, viewers: 1234 }) });
      expect(await pollTwitchLive(handle.db, settings)).toBe(1);
      expect(await liveOf("valkyria")).toBe(true);
      // Twitch's viewer_count is kept with the live status, and follows it while the status stays; a manual switch has none.
      expect(await viewersOf("valkyria")).toBe(1234);
      expect(await viewersOf("manual")).toBeNull();
      await fetch(`${url}/demo/live`, { method: "POST", body: JSON.stringify({ login: "valkyria_ve", live: true, viewers: 2500 }) });
      expect(await pollTwitchLive(handle.db, settings)).toBe(0);
      expect(await viewersOf("valkyria")).toBe(2500);
      // Both live now: the one live longest (the manual switch) first.
      const list = await callRoute<{ streamers: { handle: string; live: boolean }[] }>(listLoader, getRequest("/streamers"));
      expect(list.data?.streamers.map((row) => [row.handle, row.live])).toEqual([
        ["manual", true],
        ["valkyria", true],
      ]);

      await fetch(`${url}/demo/live`, { method: "POST", body: JSON.stringify({ login: "valkyria_ve", live: false }) });
      expect(await pollTwitchLive(handle.db, settings)).toBe(1);
      expect(await liveOf("valkyria")).toBe(false);
      expect(await viewersOf("valkyria")).toBeNull();
      // The streamer who switched "I'm live" by hand stays live although Twitch says they are not.
      expect(await liveOf("manual")).toBe(true);
    } finally {
      demo.kill("SIGTERM");
    }
  });
});
