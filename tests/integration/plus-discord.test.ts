// The Plus premium role on Discord (docs/plus.md): asked for through the notification outbox
// when a membership starts (purchase approved, staff grant), when Discord is linked later, and taken away
// when it ends (the routine, here with a fixed clock); delivered to the demo Discord API, retried when
// Discord rate-limits or is down.
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accounts, discordRoles, notificationOutbox } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { deliverDueNotices } from "~/features/notifications/notification-outbox.server";
import { decideOrder, submitProof } from "~/features/orders/orders.server";
import { discordRoleOf, retryDiscordRole, syncDiscordRoles } from "~/features/plus/discord-role.server";
import { action as retryAction } from "~/features/plus/routes/discord-role-retry";
import { endPlus, grantPlus, membershipOf } from "~/features/plus/plus.server";
import { action as buyAction, loader as plusLoader } from "~/features/plus/routes/plus";
import type { RetryPolicy } from "~/lib/mail-retry";
import { DEMO_GUILD_ID, DEMO_ROLE_ID, NOT_IN_SERVER_USER, startDiscordDemo } from "../../scripts/discord-demo.mjs";

import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

// The demo server and the settings that turn the role on: set before the app reads its environment.
const discord = await startDiscordDemo({ token: "bot-token", rate: 1000 });
process.env.DISCORD_API_URL = discord.url;
process.env.DISCORD_BOT_TOKEN = "bot-token";
process.env.DISCORD_GUILD_ID = DEMO_GUILD_ID;
process.env.DISCORD_PREMIUM_ROLE_ID = DEMO_ROLE_ID;

const handle = useTestDatabase();
const POLICY: RetryPolicy = { baseMs: 5000, maxMs: 60_000, maxAttempts: 15 };
const DISCORD_ID = "300000000000000003";
let clock = Date.now();
const deliver = () => deliverDueNotices(handle.db, { now: () => new Date(clock), policy: POLICY });
let mailer: ReturnType<typeof memoryMailer>;
type Person = Awaited<ReturnType<typeof signInAs>>;
let buyer: Person;
let staff: Person;

afterAll(() => discord.close());

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  buyer = await signInAs(handle.db, mailer, "buyer@example.com", { name: "Bea Compradora" });
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  discord.state.messages.length = 0;
  discord.state.roles.clear();
  discord.state.joined.clear();
  discord.state.down = false;
  discord.state.throttle = 0;
  // Rows are due from the database's now; the test's clock starts a moment after.
  clock = Date.now() + 1000;
});

const linkDiscord = (userId: string, discordId = DISCORD_ID) =>
  handle.db.insert(accounts).values({ id: randomUUID(), accountId: discordId, providerId: "discord", userId });

/** Buys Plus through the page's form, sends proof and lets staff approve. */
async function buyAndApprove() {
  const bought = await callRoute(buyAction, formRequest("/plus", { phone: "04141234567", paymentMethod: "binance" }, buyer.jar.header()));
  const orderId = /\/orders\/([0-9a-f-]{36})\/pay\//.exec(bought.location ?? "")![1]!;
  await submitProof(
    handle.db,
    orderId,
    { userId: buyer.userId, isStaff: false },
    { method: "binance", transactionId: `TX-${orderId.slice(0, 8)}` } as never,
    { key: "x.png", type: "image/png", size: 10 },
  );
  await decideOrder(handle.db, orderId, { userId: staff.userId, isStaff: true }, { decision: "approve" });
  return orderId;
}

const roleState = async (userId = buyer.userId) => discordRoleOf(handle.db, userId, (await membershipOf(handle.db, userId)).member);
const roleMessages = () => discord.state.messages.filter((message) => message.kind === "role");

describe("the Discord premium role", () => {
  it("is asked for when staff approve the purchase, delivered to Discord, and shown on the Plus page", async () => {
    await linkDiscord(buyer.userId);
    await buyAndApprove();
    expect(await roleState()).toBe("pending");
    expect(await deliver()).toMatchObject({ sent: 1, failed: 0 });
    expect(roleMessages()).toEqual([{ kind: "role", action: "grant", userId: DISCORD_ID, roleId: DEMO_ROLE_ID }]);
    expect([...discord.state.roles]).toEqual([DISCORD_ID]);
    const page = await callRoute<{ discordRole: string }>(plusLoader, getRequest("/plus", buyer.jar.header()));
    expect(page.data?.discordRole).toBe("granted");
    // Approving a renewal while the role is held asks nothing more.
    await buyAndApprove();
    expect(await handle.db.$count(notificationOutbox, eq(notificationOutbox.channel, "discord_role"))).toBe(1);
  });

  it("says to link Discord while none is linked, and arrives when it is linked later (the routine)", async () => {
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    expect(await roleState()).toBe("unlinked");
    expect(await handle.db.$count(notificationOutbox, eq(notificationOutbox.channel, "discord_role"))).toBe(0);
    await linkDiscord(buyer.userId);
    expect(await syncDiscordRoles(handle.db)).toBe(1);
    // Once asked, the routine does not ask again.
    expect(await syncDiscordRoles(handle.db)).toBe(0);
    await deliver();
    expect([...discord.state.roles]).toEqual([DISCORD_ID]);
    expect(await roleState()).toBe("granted");
  });

  it("is retried when Discord rate-limits (429 with retry_after) or is down, and arrives once", async () => {
    await linkDiscord(buyer.userId);
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    discord.state.throttle = 1;
    expect(await deliver()).toMatchObject({ sent: 0, retried: 1 });
    discord.state.down = true;
    clock += 10_000;
    expect(await deliver()).toMatchObject({ sent: 0, retried: 1 });
    expect(await roleState()).toBe("pending");
    discord.state.down = false;
    clock += 60_000;
    expect(await deliver()).toMatchObject({ sent: 1, retried: 0 });
    expect(roleMessages()).toHaveLength(1);
    expect(await roleState()).toBe("granted");
  });

  it("is taken away by the routine when the membership ends by itself, and by staff ending it", async () => {
    await linkDiscord(buyer.userId);
    const period = await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    await deliver();
    // A second before the end: still a member, nothing to do.
    expect(await syncDiscordRoles(handle.db, new Date(period.endsAt.getTime() - 1000))).toBe(0);
    // At the end (a fixed clock, as the routine runs it): the removal is queued once and delivered.
    expect(await syncDiscordRoles(handle.db, period.endsAt)).toBe(1);
    expect(await syncDiscordRoles(handle.db, new Date(period.endsAt.getTime() + 60_000))).toBe(0);
    clock = period.endsAt.getTime() + 1000;
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(roleMessages().map((message) => message.kind === "role" && message.action)).toEqual(["grant", "remove"]);
    expect(discord.state.roles.size).toBe(0);
    const [row] = await handle.db.select().from(discordRoles).where(eq(discordRoles.userId, buyer.userId));
    expect(row).toMatchObject({ granted: false, discordUserId: DISCORD_ID });

    // Staff end a running membership: the removal goes in the same transaction.
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "otra vez" });
    await endPlus(handle.db, { userId: buyer.userId });
    const asks = await handle.db
      .select({ kind: notificationOutbox.kind, status: notificationOutbox.status })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.channel, "discord_role"))
      .orderBy(notificationOutbox.seq);
    // The new grant still waiting was replaced by the removal (never delivered after it).
    expect(asks.slice(-2)).toEqual([
      { kind: "plusRole.grant", status: "failed" },
      { kind: "plusRole.remove", status: "pending" },
    ]);
  });

  it("says so when Discord refuses it (the person has not joined the server)", async () => {
    await linkDiscord(buyer.userId, NOT_IN_SERVER_USER);
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    expect(await deliver()).toMatchObject({ sent: 0, failed: 1 });
    expect(await roleState()).toBe("failed");
  });

  it('is asked again with "Reintentar" once the person joined the server, and only after a refusal', async () => {
    await linkDiscord(buyer.userId, NOT_IN_SERVER_USER);
    // Nothing was refused yet: nothing to ask again.
    expect(await retryDiscordRole(handle.db, buyer.userId)).toBe(false);
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    expect(await deliver()).toMatchObject({ sent: 0, failed: 1 });
    const page = await callRoute<{ discordRole: string }>(plusLoader, getRequest("/plus", buyer.jar.header()));
    expect(page.data?.discordRole).toBe("failed");
    // The person joins the community server, then presses the button on the Plus page.
    discord.state.joined.add(NOT_IN_SERVER_USER);
    const retried = await callRoute(retryAction, formRequest("/plus/discord-role", { redirectTo: "/plus" }, buyer.jar.header()));
    expect(retried.status).toBe(302);
    expect(retried.location).toBe("/plus");
    expect(await roleState()).toBe("pending");
    // A second press while the ask waits queues nothing more.
    expect(await retryDiscordRole(handle.db, buyer.userId)).toBe(false);
    clock += 1000;
    expect(await deliver()).toMatchObject({ sent: 1, failed: 0 });
    expect(await roleState()).toBe("granted");
    expect([...discord.state.roles]).toEqual([NOT_IN_SERVER_USER]);
    // Someone else's press touches only their own (absent) role; a visitor is sent to sign in.
    const visitor = await callRoute(retryAction, formRequest("/plus/discord-role", {}, ""));
    expect(visitor.location).toMatch(/^\/auth/);
  });
});
