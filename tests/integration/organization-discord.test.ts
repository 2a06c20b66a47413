// An organization's Discord channel (docs/organizations.md "Discord announcements"): owners and admins
// set a webhook (Discord's hosts only, shown back masked); publishing the organization's tournament and
// recording its results are announced there through the notification outbox and the Discord demo
// server, unless the tournament has its own webhook, which wins.
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { competitionEntrants, competitionSettings, organizations, registrations, tournaments } from "~/db/schema";
import { action as editAction } from "~/features/admin/routes/tournament-edit";
import { savePrizes } from "~/features/competition/prizes.server";
import { deliverDueNotices } from "~/features/notifications/notification-outbox.server";
import { action as discordAction, loader as discordLoader } from "~/features/organizations/routes/discord";
import { startDiscordDemo } from "../../scripts/discord-demo.mjs";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { twoOrganizations } from "./support/organizations";
import { signInAs, useSignInTest } from "./support/sessions";

const discord = await startDiscordDemo({ token: "bot-token", rate: 1000 });
process.env.DISCORD_API_URL = discord.url;
process.env.DISCORD_BOT_TOKEN = "bot-token";
process.env.DISCORD_WEBHOOKS = "true";

const TOKEN = "o".repeat(60) + "SECRET";
const ORG_WEBHOOK = `https://discord.com/api/webhooks/111111111111111111/${TOKEN}`;
const OWN_WEBHOOK = `https://discord.com/api/webhooks/222222222222222222/${"t".repeat(68)}`;

const { handle, mailer } = useSignInTest();
type Jar = Awaited<ReturnType<typeof signInAs>>;
let staff: Jar;
let owner: Jar;
let orgStaff: Jar;
let otherOwner: Jar;
let player: Jar;
let orgId: string;

afterAll(async () => {
  await discord.close();
});
beforeEach(async () => {
  discord.state.messages.length = 0;
  ({ staff, owner, orgStaff, otherOwner, player, orgId } = await twoOrganizations(handle.db, mailer));
});

const deliver = () => deliverDueNotices(handle.db, { now: () => new Date(), policy: { baseMs: 1000, maxMs: 1000, maxAttempts: 3 } });
const webhooks = () =>
  discord.state.messages.filter((message: { kind: string }) => message.kind === "webhook") as Array<{ webhookId: string; content: string }>;
const setWebhook = (jar: Jar | null, fields: Record<string, string>, slug = "liga") =>
  callRoute<{ ok: boolean; code?: string; field?: string }>(
    discordAction,
    formRequest(`/organizations/${slug}/manage/discord`, fields, jar?.jar.header() ?? ""),
    {
      slug,
    },
  );
const storedWebhook = async () =>
  (await handle.db.select({ url: organizations.discordWebhookUrl }).from(organizations).where(eq(organizations.id, orgId)))[0]?.url;

async function draftCup(own: string | null = null) {
  const id = `cup-${randomUUID().slice(0, 8)}`;
  await handle.db.insert(tournaments).values({
    id,
    title: "Copa Liga",
    game: "free-fire",
    prize: "Gloria",
    players: ["Equipos"],
    image: "/x.jpg",
    date: "2099-12-01",
    capacity: 8,
    registrationClosesAt: new Date("2099-11-30T00:00:00Z"),
    status: "draft",
    organizationId: orgId,
    discordWebhookUrl: own,
  });
  return id;
}

describe("the organization's webhook setting", () => {
  it("is the owners' and admins' (and platform staff's); others get a 404 and change nothing", async () => {
    for (const [jar, status] of [
      [owner, 200],
      [staff, 200],
      [orgStaff, 404],
      [player, 404],
      [otherOwner, 404],
    ] as const) {
      const page = await callRoute(discordLoader, getRequest("/organizations/liga/manage/discord", jar.jar.header()), { slug: "liga" });
      expect(page.status, jar.jar.header()).toBe(status);
    }
    const visitor = await callRoute(discordLoader, getRequest("/organizations/liga/manage/discord", ""), { slug: "liga" });
    expect(visitor.status).toBe(302);
    for (const jar of [orgStaff, player, otherOwner])
      expect((await setWebhook(jar, { intent: "save", webhook: ORG_WEBHOOK })).status).toBe(404);
    expect((await setWebhook(otherOwner, { intent: "save", webhook: ORG_WEBHOOK }, "otra")).data?.ok).toBe(true);
    expect(await storedWebhook()).toBeNull();
  });

  it("accepts Discord's webhook hosts only and shows the stored one masked", async () => {
    for (const bad of [
      "https://evil.example/api/webhooks/111111111111111111/abc",
      "http://discord.com/api/webhooks/111111111111111111/" + TOKEN,
      "https://discord.com.evil.example/api/webhooks/111111111111111111/" + TOKEN,
      "",
    ]) {
      const refused = await setWebhook(owner, { intent: "save", webhook: bad });
      expect(refused.data).toMatchObject({ ok: false, code: "WEBHOOK_INVALID", field: "webhook" });
    }
    expect(await storedWebhook()).toBeNull();
    expect((await setWebhook(owner, { intent: "save", webhook: ORG_WEBHOOK })).data?.ok).toBe(true);
    expect(await storedWebhook()).toBe(ORG_WEBHOOK);
    const page = await callRoute<{ webhook: string }>(discordLoader, getRequest("/organizations/liga/manage/discord", owner.jar.header()), {
      slug: "liga",
    });
    expect(JSON.stringify(page.data)).not.toContain(TOKEN.slice(0, 20));
    expect(page.data?.webhook).toContain("111111111111111111");
    expect((await setWebhook(owner, { intent: "remove" })).data?.ok).toBe(true);
    expect(await storedWebhook()).toBeNull();
  });
});

describe("announcements", () => {
  const publish = (id: string) =>
    callRoute<{ ok: boolean }>(
      editAction,
      formRequest(`/organizations/liga/manage/tournaments/${id}`, { intent: "publish" }, owner.jar.header()),
      {
        slug: "liga",
        tournamentId: id,
      },
    );

  it("publishing the organization's tournament is announced on its channel; the tournament's own webhook wins", async () => {
    await setWebhook(owner, { intent: "save", webhook: ORG_WEBHOOK });
    const cup = await draftCup();
    expect((await publish(cup)).data?.ok).toBe(true);
    await deliver();
    expect(webhooks()).toEqual([expect.objectContaining({ webhookId: "111111111111111111" })]);
    expect(webhooks()[0]!.content).toContain("Copa Liga");
    expect(webhooks()[0]!.content).toContain(`/tournament?id=${cup}`);

    const own = await draftCup(OWN_WEBHOOK);
    expect((await publish(own)).data?.ok).toBe(true);
    await deliver();
    expect(webhooks().map((message) => message.webhookId)).toEqual(["111111111111111111", "222222222222222222"]);
  });

  it("without any webhook nothing is posted", async () => {
    const cup = await draftCup();
    expect((await publish(cup)).data?.ok).toBe(true);
    await deliver();
    expect(webhooks()).toEqual([]);
  });

  it("the first recorded results post the podium", async () => {
    await setWebhook(owner, { intent: "save", webhook: ORG_WEBHOOK });
    const cup = await draftCup();
    await handle.db.update(tournaments).set({ status: "published" }).where(eq(tournaments.id, cup));
    await handle.db
      .insert(competitionSettings)
      .values({ tournamentId: cup, format: "single_elimination", startsAt: new Date(), startedAt: new Date() });
    const teams = ["Alfa", "Bravo"];
    const ids: string[] = [];
    const captains = [player, otherOwner];
    for (const [index, name] of teams.entries()) {
      const id = randomUUID();
      ids.push(id);
      await handle.db
        .insert(registrations)
        .values({ id, tournamentId: cup, userId: captains[index]!.userId, teamName: name, phone: "04141234567", status: "confirmed" });
      await handle.db
        .insert(competitionEntrants)
        .values({ tournamentId: cup, registrationId: id, seed: index + 1, participantId: index, name });
    }
    const prizes = ids.map((registrationId, index) => ({ registrationId, place: index + 1, amount: "" }));
    await savePrizes(handle.db, { tournamentId: cup, prizes, actorUserId: owner.userId });
    // A correction later is not announced again.
    await savePrizes(handle.db, { tournamentId: cup, prizes: prizes.slice(0, 1), actorUserId: owner.userId });
    await deliver();
    expect(webhooks()).toHaveLength(1);
    expect(webhooks()[0]!.content).toMatch(/1\. Alfa\n2\. Bravo/);
  });
});
