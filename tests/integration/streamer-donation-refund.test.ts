/**
 * Staff refund a donation paid from the fan's wallet (docs/streamers.md): one ledger reversal
 * (the streamer's share and the fee back to the fan), posted once however often staff press, refused
 * with nothing changed when the streamer's wallet no longer holds their share; audited; on the same
 * staff page that hides messages.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, ledgerTransactions, streamerDonations, streamers } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { action as adminAction, loader as adminLoader } from "~/features/streamers/routes/admin-streamers";
import { action as pageAction } from "~/features/streamers/routes/streamer";
import { platformBalances, reconcile, reconciled, userBalances } from "~/features/wallet/ledger.server";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

type Answer = { ok: boolean; code?: string; done?: string };

async function setUp() {
  const player = await signInAs(handle.db, mailer, "valk@example.com");
  const fan = await signInAs(handle.db, mailer, "fan@example.com");
  const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  await handle.db.insert(streamers).values({ id: crypto.randomUUID(), userId: player.userId, handle: "valkyria", status: "approved" });
  await adjustWallet(handle.db, {
    staffId: staff.userId,
    userId: fan.userId,
    currency: "USD",
    amount: 2000,
    reason: "test",
    idempotencyKey: "fan",
  });
  const donated = await callRoute(
    pageAction,
    formRequest(
      "/streamers/valkyria",
      { intent: "donate", currency: "USD", amount: "10.00", message: "", key: crypto.randomUUID() },
      fan.jar.header(),
    ),
    { handle: "valkyria" },
  );
  expect(donated.status).toBe(302);
  const [donation] = await handle.db.select().from(streamerDonations);
  const refund = (cookie: string) =>
    callRoute<Answer>(adminAction, formRequest("/admin/streamers", { intent: "refund-donation", donationId: donation!.id }, cookie));
  return { player, fan, staff, donation: donation!, refund };
}

const feeBalance = async () =>
  (await platformBalances(handle.db)).find((row) => row.kind === "donation_fees" && row.currency === "USD")?.balance ?? 0;

describe("refunding a wallet donation", () => {
  it("moves the streamer's share and the fee back to the fan once, however often staff press; audited; only staff", async () => {
    const { player, fan, staff, donation, refund } = await setUp();
    expect(await userBalances(handle.db, fan.userId)).toMatchObject({ USD: 1000 });
    expect(await userBalances(handle.db, player.userId)).toMatchObject({ USD: 900 });
    expect(await feeBalance()).toBe(100);

    // Staff see it with a refund control; a player cannot use it.
    const admin = await callRoute<{ donationMessages: { id: string; paidByOrder: boolean; refunded: boolean }[] }>(
      adminLoader,
      getRequest("/admin/streamers", staff.jar.header()),
    );
    expect(admin.data!.donationMessages).toEqual([expect.objectContaining({ id: donation.id, paidByOrder: false, refunded: false })]);
    expect((await refund(fan.jar.header())).status).toBe(404);
    expect(await userBalances(handle.db, fan.userId)).toMatchObject({ USD: 1000 });

    const first = await refund(staff.jar.header());
    expect(first).toMatchObject({ status: 200, data: { ok: true, done: "refunded" } });
    const second = await refund(staff.jar.header());
    expect(second).toMatchObject({ status: 200, data: { ok: true, done: "refunded" } });
    expect(await userBalances(handle.db, fan.userId)).toMatchObject({ USD: 2000 });
    expect(await userBalances(handle.db, player.userId)).toMatchObject({ USD: 0 });
    expect(await feeBalance()).toBe(0);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "donation_refund"))).toBe(1);
    const [row] = await handle.db.select({ refundedAt: streamerDonations.refundedAt }).from(streamerDonations);
    expect(row?.refundedAt).toBeInstanceOf(Date);
    expect(await handle.db.$count(auditLog, and(eq(auditLog.action, "streamer.donation_refund"), eq(auditLog.entityId, donation.id)))).toBe(
      1,
    );
    expect(reconciled(await reconcile(handle.db))).toBe(true);
  });

  it("is refused, changing nothing, when the streamer's wallet no longer holds their share", async () => {
    const { player, fan, staff, refund } = await setUp();
    // The streamer's share has left their wallet (a staff debit here stands for a withdrawal).
    await adjustWallet(handle.db, {
      staffId: staff.userId,
      userId: player.userId,
      currency: "USD",
      amount: -500,
      reason: "test",
      idempotencyKey: "spent",
    });
    const refused = await refund(staff.jar.header());
    expect(refused).toMatchObject({ status: 409, data: { ok: false, code: "DONATION_SPENT" } });
    expect(await userBalances(handle.db, fan.userId)).toMatchObject({ USD: 1000 });
    expect(await userBalances(handle.db, player.userId)).toMatchObject({ USD: 400 });
    expect(await feeBalance()).toBe(100);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "donation_refund"))).toBe(0);
    const [row] = await handle.db.select({ refundedAt: streamerDonations.refundedAt }).from(streamerDonations);
    expect(row?.refundedAt).toBeNull();
    expect(await handle.db.$count(auditLog, eq(auditLog.action, "streamer.donation_refund"))).toBe(0);
  });
});
