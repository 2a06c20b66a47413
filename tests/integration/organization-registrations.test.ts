/**
 * An organization's own registrations and its cancellation (docs/organizations.md "Registrations"
 * and "Cancelling"): the staff's list, CSV and removal mounted under /organizations/:slug/manage for
 * the organization's operators only; an organization cancels its tournament with a confirmation,
 * its paid orders refunded to the buyers' wallets, a deposited prize returned to its funder, the
 * ledger sound; refused once the event finished.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, competitionPrizes, mailOutbox, orders, registrations, tournaments } from "~/db/schema";
import { action as registrationsAction, loader as registrationsLoader } from "~/features/admin/routes/registrations";
import { loader as csvLoader } from "~/features/admin/routes/registrations-csv";
import { action as editAction, loader as editLoader } from "~/features/admin/routes/tournament-edit";
import { createOrder, moveOrder } from "~/features/orders/orders.server";
import { reconcile, reconciled } from "~/features/wallet/ledger.server";
import { createPoolDeposit, poolBalances } from "~/features/wallet/prize-pools.server";
import { adjustWallet, payOrderWithWallet, payTournamentPrizes, walletSummary } from "~/features/wallet/wallet.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { twoOrganizations } from "./support/organizations";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest();
type Jar = Awaited<ReturnType<typeof signInAs>>;
let staff: Jar;
let owner: Jar;
let orgStaff: Jar;
let otherOwner: Jar;
let player: Jar;
let orgId: string;

beforeEach(async () => {
  ({ staff, owner, orgStaff, otherOwner, player, orgId } = await twoOrganizations(handle.db, mailer));
});

async function newTournament(values: {
  funding?: "none" | "organizer" | "fees";
  prize?: string;
  fee?: number;
  organization?: string | null;
}) {
  const id = `cup-${randomUUID().slice(0, 8)}`;
  await handle.db.insert(tournaments).values({
    id,
    title: "Copa Liga",
    game: "free-fire",
    prize: values.prize ?? "Gloria",
    prizeFunding: values.funding ?? "none",
    prizeSplit: values.funding === "fees" ? ["100"] : [],
    feeAmount: values.fee ?? 0,
    feeCurrency: "USD",
    players: ["Equipos"],
    image: "/x.jpg",
    date: "2099-12-01",
    capacity: 16,
    registrationClosesAt: new Date("2099-11-30T00:00:00Z"),
    status: "published",
    organizationId: values.organization === undefined ? orgId : values.organization,
  });
  return id;
}

/** A registration of `jar` with its fee order, moved to `status`. */
async function register(tournamentId: string, jar: Jar, amount: number, status: "initiated" | "proof_submitted" | "approved" = "approved") {
  const order = await createOrder(handle.db, {
    userId: jar.userId,
    kind: "tournament",
    paymentMethod: "binance",
    currency: "USD",
    amount,
    amountUsd: amount,
    exchangeRate: null,
    phone: "04141234567",
    email: `${jar.userId}@example.com`,
    tournamentId,
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ label: "Inscripción", unitAmount: amount, quantity: 1 }],
  });
  const registrationId = randomUUID();
  await handle.db.insert(registrations).values({
    id: registrationId,
    tournamentId,
    userId: jar.userId,
    teamName: `Equipo ${registrationId.slice(0, 4)}`,
    phone: "04141234567",
    status: "pending_payment",
    orderId: order.id,
  });
  const system = { userId: null, role: "system" as const };
  if (status !== "initiated") await handle.db.transaction((tx) => moveOrder(tx, order.id, "proof_submitted", system));
  if (status === "approved") await handle.db.transaction((tx) => moveOrder(tx, order.id, "approved", system));
  return { registrationId, orderId: order.id };
}

const base = (id: string, slug = "liga") => `/organizations/${slug}/manage/tournaments/${id}`;
const orderStatus = async (id: string) =>
  (await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const tournamentStatus = async (id: string) =>
  (await handle.db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id)))[0]?.status;

async function expectLedgerSound() {
  const report = await reconcile(handle.db);
  expect(report.differences).toEqual([]);
  expect(reconciled(report)).toBe(true);
}

type Answer = { ok: boolean; code?: string; field?: string };

describe("an organization's registrations", () => {
  it("are listed and exported for its operators only; another organization's address or a player gets a 404", async () => {
    const cup = await newTournament({ fee: 200 });
    await register(cup, player, 200);
    const reach = async (jar: Jar | null, slug = "liga") => {
      const cookie = jar?.jar.header() ?? "";
      const page = await callRoute<{ registrations: unknown[]; mover: string }>(
        registrationsLoader,
        getRequest(`${base(cup, slug)}/registrations`, cookie),
        { slug, tournamentId: cup },
      );
      const csv = await callRoute(csvLoader, getRequest(`${base(cup, slug)}/registrations.csv`, cookie), { slug, tournamentId: cup });
      return { page: page.status, csv: csv.status, rows: page.data?.registrations?.length, location: page.location };
    };
    expect(await reach(owner)).toMatchObject({ page: 200, csv: 200, rows: 1 });
    expect(await reach(orgStaff)).toMatchObject({ page: 200, csv: 200, rows: 1 });
    expect(await reach(staff)).toMatchObject({ page: 200, csv: 200 });
    expect(await reach(player)).toMatchObject({ page: 404, csv: 404 });
    expect(await reach(otherOwner)).toMatchObject({ page: 404, csv: 404 });
    expect(await reach(otherOwner, "otra")).toMatchObject({ page: 404, csv: 404 });
    expect(await reach(owner, "otra")).toMatchObject({ page: 404, csv: 404 });
    const visitor = await reach(null);
    expect(visitor.page).toBe(302);
    expect(visitor.location).toMatch(/^\/auth/);
    // A platform tournament is no organization's.
    const platformCup = await newTournament({ organization: null });
    const platform = await callRoute(registrationsLoader, getRequest(`${base(platformCup)}/registrations`, owner.jar.header()), {
      slug: "liga",
      tournamentId: platformCup,
    });
    expect(platform.status).toBe(404);
  });

  it("exports the same columns as the staff's CSV", async () => {
    const cup = await newTournament({ fee: 200 });
    await register(cup, player, 200);
    const read = async (request: Request, params: Record<string, string>) => {
      const response = await (csvLoader as unknown as (args: object) => Promise<Response>)({ request, params, context: {} });
      expect(response.status).toBe(200);
      return response.text();
    };
    const mine = await read(getRequest(`${base(cup)}/registrations.csv`, owner.jar.header()), { slug: "liga", tournamentId: cup });
    const staffs = await read(getRequest(`/admin/tournaments/${cup}/registrations.csv`, staff.jar.header()), { tournamentId: cup });
    expect(mine).toBe(staffs);
    expect(mine.split("\n")).toHaveLength(3);
  });

  it("an owner removes a paid team: the order is refunded to the buyer's wallet; org staff may not; a proof in review waits for the platform", async () => {
    const cup = await newTournament({ fee: 200 });
    const paid = await register(cup, player, 200);
    const reviewing = await register(cup, otherOwner, 200, "proof_submitted");
    const remove = (jar: Jar, registrationId: string, reason = "Trampa") =>
      callRoute<Answer>(
        registrationsAction,
        formRequest(`${base(cup)}/registrations`, { intent: "remove", registrationId, reason }, jar.jar.header()),
        { slug: "liga", tournamentId: cup },
      );
    expect((await remove(orgStaff, paid.registrationId)).status).toBe(404);
    expect((await remove(player, paid.registrationId)).status).toBe(404);
    expect(await orderStatus(paid.orderId)).toBe("approved");
    const noReason = await remove(owner, paid.registrationId, " ");
    expect(noReason.data).toMatchObject({ ok: false, code: "REASON_REQUIRED" });
    const done = await remove(owner, paid.registrationId);
    expect(done.data?.ok, JSON.stringify(done.data)).toBe(true);
    expect(await orderStatus(paid.orderId)).toBe("refunded");
    expect((await walletSummary(handle.db, player.userId)).USD.available).toBe(200);
    const waiting = await remove(owner, reviewing.registrationId);
    expect(waiting.data).toMatchObject({ ok: false, code: "PAYMENT_UNDER_REVIEW" });
    expect(await orderStatus(reviewing.orderId)).toBe("proof_submitted");
    // Another tournament's registration through this one's address: not there.
    const elsewhere = await newTournament({ fee: 0 });
    const foreign = await register(elsewhere, player, 100);
    expect((await remove(owner, foreign.registrationId)).status).toBe(404);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.remove"), eq(auditLog.entityId, paid.registrationId)));
    expect(audit?.actorId).toBe(owner.userId);
    await expectLedgerSound();
  });
});

describe("an organization cancels its tournament", () => {
  const cancel = (jar: Jar, id: string, fields: Record<string, string>, slug = "liga") =>
    callRoute<Answer & { cancelSummary?: { walletRefunds: number; refundsDue: number } }>(
      editAction,
      formRequest(base(id, slug), { intent: "cancel", ...fields }, jar.jar.header()),
      { slug, tournamentId: id },
    );

  it("with a reason and a confirmation; paid fees go back to the wallets, the pool empties, players are told", async () => {
    const cup = await newTournament({ funding: "fees", prize: "Pozo", fee: 200 });
    const paid = await register(cup, player, 200);
    const unpaid = await register(cup, otherOwner, 200, "initiated");
    expect((await poolBalances(handle.db, cup)).USD).toBe(180);
    const page = await callRoute<{ mayCancel: boolean }>(editLoader, getRequest(base(cup), owner.jar.header()), {
      slug: "liga",
      tournamentId: cup,
    });
    expect(page.data?.mayCancel).toBe(true);
    expect((await cancel(owner, cup, { reason: "Lluvia", confirm: "" })).data).toMatchObject({ code: "CANCEL_NOT_CONFIRMED" });
    expect((await cancel(owner, cup, { reason: "", confirm: "yes" })).data).toMatchObject({ code: "CANCEL_REASON_REQUIRED" });
    expect((await cancel(orgStaff, cup, { reason: "Lluvia", confirm: "yes" })).status).toBe(404);
    expect((await cancel(otherOwner, cup, { reason: "Lluvia", confirm: "yes" }, "otra")).status).toBe(404);
    expect(await tournamentStatus(cup)).toBe("published");

    const done = await cancel(owner, cup, { reason: "Lluvia", confirm: "yes" });
    expect(done.data, JSON.stringify(done.data)).toMatchObject({ ok: true, cancelSummary: { walletRefunds: 1, refundsDue: 0 } });
    expect(await tournamentStatus(cup)).toBe("cancelled");
    expect(await orderStatus(paid.orderId)).toBe("refunded");
    expect(await orderStatus(unpaid.orderId)).toBe("cancelled");
    expect((await walletSummary(handle.db, player.userId)).USD.available).toBe(200);
    expect((await poolBalances(handle.db, cup)).USD).toBe(0);
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "registration.tournamentCancelled"));
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(["other@example.com", "player@example.com"]);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "tournament.cancel"), eq(auditLog.entityId, cup)));
    expect(audit?.actorId).toBe(owner.userId);
    expect(audit?.after).toMatchObject({ by: "organization", reason: "Lluvia" });
    // Cancelled is final.
    expect((await cancel(owner, cup, { reason: "Otra vez", confirm: "yes" })).data).toMatchObject({ code: "STATUS_NOT_ALLOWED" });
    await expectLedgerSound();
  });

  it("gives a deposited prize back to the organizer, and leaves a proof in review to platform staff", async () => {
    await adjustWallet(handle.db, {
      staffId: staff.userId,
      userId: owner.userId,
      currency: "USD",
      amount: 5_000,
      reason: "saldo",
      idempotencyKey: "k1",
    });
    const cup = await newTournament({ funding: "organizer", prize: "$50", fee: 100 });
    const depositOrder = await createPoolDeposit(handle.db, {
      userId: owner.userId,
      email: "owner@example.com",
      phone: "04141234567",
      tournamentId: cup,
      method: "binance",
      exchangeRate: "40.00",
      expiresAt: new Date(Date.now() + 3_600_000),
      label: "Premio",
      idempotencyKey: null,
    });
    await payOrderWithWallet(handle.db, owner.userId, depositOrder.id);
    expect((await walletSummary(handle.db, owner.userId)).USD.available).toBe(0);
    const reviewing = await register(cup, player, 100, "proof_submitted");
    const done = await cancel(owner, cup, { reason: "Sin sede", confirm: "yes" });
    expect(done.data, JSON.stringify(done.data)).toMatchObject({ ok: true, cancelSummary: { walletRefunds: 0, refundsDue: 1 } });
    expect((await walletSummary(handle.db, owner.userId)).USD.available).toBe(5_000);
    expect((await poolBalances(handle.db, cup)).USD).toBe(0);
    expect(await orderStatus(reviewing.orderId)).toBe("proof_submitted");
    const returned = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "wallet.poolCancelled"));
    expect(returned).toHaveLength(1);
    await expectLedgerSound();
  });

  it("is refused once the prizes are paid", async () => {
    const cup = await newTournament({ prize: "$10" });
    const winner = { registrationId: randomUUID() };
    await handle.db.insert(registrations).values({
      id: winner.registrationId,
      tournamentId: cup,
      userId: player.userId,
      teamName: "Campeones",
      phone: "04141234567",
      status: "confirmed",
    });
    await handle.db.insert(competitionPrizes).values({ tournamentId: cup, registrationId: winner.registrationId, place: 1, amount: "$10" });
    await payTournamentPrizes(handle.db, staff.userId, cup);
    const page = await callRoute<{ mayCancel: boolean }>(editLoader, getRequest(base(cup), owner.jar.header()), {
      slug: "liga",
      tournamentId: cup,
    });
    expect(page.data?.mayCancel).toBe(false);
    expect((await cancel(owner, cup, { reason: "Tarde", confirm: "yes" })).data).toMatchObject({ code: "EVENT_FINISHED" });
    expect(await tournamentStatus(cup)).toBe("published");
  });
});
