/**
 * Donations paid as orders (docs/streamers.md "Donations"): the page's form creates an order
 * of kind `donation` priced on the server; staff approving it credit the streamer the amount less the
 * fee and put the donation (message, opt-in) on the page and the overlay in the same transaction; a
 * rejected or expired order makes none; a refund reverses the credit (refused once the streamer
 * withdrew it); the same order approved twice at once credits once. Staff hide an abusive message
 * (audited), and the streamer's "test alert" reaches only their own overlay, moving no money.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  orderItems,
  orders,
  streamerDonationOrders,
  streamerDonations,
  streamerGifts,
  streamers,
} from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import type { OrderOutcome } from "~/features/orders/core/outcome";
import { decideOrder, expireUnpaidOrders, submitProof } from "~/features/orders/orders.server";
import { loader as orderLoader } from "~/features/orders/routes/order";
import { alertKeyOf, donationAlertsAfter, testAlertsAfter } from "~/features/streamers/alerts.server";
import { donationSplit } from "~/features/streamers/core/donations";
import { buyDonation } from "~/features/streamers/donation-orders.server";
import { action as adminAction, loader as adminLoader } from "~/features/streamers/routes/admin-streamers";
import { action as alertsAction } from "~/features/streamers/routes/alerts-settings";
import { action as pageAction, loader as pageLoader } from "~/features/streamers/routes/streamer";
import { saveDonationFee } from "~/features/streamers/streamers.server";
import { reconcile, reconciled, userBalances } from "~/features/wallet/ledger.server";
import { action as payOrderAction } from "~/features/wallet/routes/pay-order";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;
type Person = Awaited<ReturnType<typeof signInAs>>;
let streamer: Person;
let fan: Person;
let staff: Person;
let streamerId: string;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  streamer = await signInAs(handle.db, mailer, "valk@example.com", { name: "Valeria" });
  fan = await signInAs(handle.db, mailer, "fan@example.com", { name: "Fede" });
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  streamerId = randomUUID();
  await handle.db.insert(streamers).values({ id: streamerId, userId: streamer.userId, handle: "valkyria", status: "approved" });
  mailer.sent.length = 0;
});

type Page = { supporters: Array<{ handle: string | null; message: string; amount: number }> };

const pagePost = (cookie: string, fields: Record<string, string>) =>
  callRoute<{ ok: boolean; code?: string; field?: string; form?: string }>(pageAction, formRequest("/streamers/valkyria", fields, cookie), {
    handle: "valkyria",
  });
const pageFor = async (cookie = "") =>
  (await callRoute<Page>(pageLoader, getRequest("/streamers/valkyria", cookie), { handle: "valkyria" })).data!;
const orderIdOf = (location: string | null | undefined) => /\/orders\/([0-9a-f-]{36})\/pay\//.exec(location ?? "")![1]!;

async function donateByOrder(
  person: Person,
  fields: Partial<Record<"amount" | "message" | "public" | "paymentMethod" | "idempotencyKey", string>> = {},
) {
  const answer = await pagePost(person.jar.header(), {
    intent: "donate-order",
    amount: "10",
    message: "¡Vamos Valk!",
    public: "on",
    phone: "04141234567",
    paymentMethod: "binance",
    ...fields,
  });
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  return orderIdOf(answer.location);
}

async function sendProof(orderId: string, method = "binance") {
  await submitProof(
    handle.db,
    orderId,
    { userId: fan.userId, isStaff: false },
    method === "pago_movil"
      ? { method: "pago_movil", reference: `${Date.now()}`.slice(-8), bankCode: "0102", paidOn: new Date().toISOString().slice(0, 10) }
      : { method: "binance", transactionId: `TX-${orderId.slice(0, 8)}` },
    { key: `${randomUUID()}.png`, type: "image/png", size: 10 },
  );
}

const staffDecides = (orderId: string, decision: "approve" | "reject" | "refund", reason?: string) =>
  decideOrder(handle.db, orderId, { userId: staff.userId, isStaff: true }, { decision, ...(reason ? { reason } : {}) } as never);

async function accountBalance(id: string) {
  const [row] = await handle.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return Number(row?.balance ?? 0);
}

async function ledgerSumsToZero() {
  expect(reconciled(await reconcile(handle.db))).toBe(true);
  const [sum] = await handle.db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries);
  expect(Number(sum?.total)).toBe(0);
}

async function orderPage(orderId: string) {
  return (await callRoute<{ outcome: OrderOutcome }>(orderLoader, getRequest(`/orders/${orderId}`, fan.jar.header()), { orderId })).data!;
}

describe("donations paid as orders", () => {
  it("the form makes an order priced on the server; bad input, the streamer themself and a visitor make none", async () => {
    for (const amount of ["0", "1000.01", "abc", ""])
      expect(
        (await pagePost(fan.jar.header(), { intent: "donate-order", amount, phone: "04141234567", paymentMethod: "binance" })).data,
        amount,
      ).toMatchObject({
        ok: false,
        code: "BAD_AMOUNT",
        field: "amount",
        form: "donate-order",
      });
    expect(
      (
        await pagePost(fan.jar.header(), {
          intent: "donate-order",
          amount: "5",
          message: "x".repeat(141),
          phone: "04141234567",
          paymentMethod: "binance",
        })
      ).data,
    ).toMatchObject({ code: "MESSAGE_LENGTH" });
    expect(
      (await pagePost(fan.jar.header(), { intent: "donate-order", amount: "5", phone: "123", paymentMethod: "binance" })).data,
    ).toMatchObject({
      code: "INVALID_PHONE",
      field: "phone",
    });
    expect((await pagePost(fan.jar.header(), { intent: "donate-order", amount: "5", phone: "04141234567" })).data).toMatchObject({
      code: "METHOD_REQUIRED",
    });
    expect(
      (await pagePost(streamer.jar.header(), { intent: "donate-order", amount: "5", phone: "04141234567", paymentMethod: "binance" })).data,
    ).toMatchObject({ code: "CANNOT_DONATE_SELF" });
    const visitor = await callRoute(pageAction, formRequest("/streamers/valkyria", { intent: "donate-order", amount: "5" }), {
      handle: "valkyria",
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth/);
    expect(await handle.db.$count(orders)).toBe(0);

    // Pago Móvil is priced in Bs at the stored rate, whatever the form adds; the same form posted twice is one order.
    const key = randomUUID();
    const bsOrder = await donateByOrder(fan, { amount: "5", paymentMethod: "pago_movil", idempotencyKey: key });
    expect(await donateByOrder(fan, { amount: "5", paymentMethod: "pago_movil", idempotencyKey: key })).toBe(bsOrder);
    const [bs] = await handle.db.select().from(orders).where(eq(orders.id, bsOrder));
    expect(bs).toMatchObject({ kind: "donation", currency: "VES", amountUsd: 500, amount: 122750, status: "initiated" });
    // Nothing on the page or in the ledger until it is paid.
    expect(await handle.db.$count(streamerDonations)).toBe(0);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "donation_order"))).toBe(0);
  });

  it("staff approve a Pago Móvil receipt: the streamer gets the amount less the fee, the page and the overlay show it, the order says so", async () => {
    const key = await alertKeyOf(handle.db, streamer.userId);
    expect(key).not.toBeNull();
    const orderId = await donateByOrder(fan, { amount: "10", paymentMethod: "pago_movil", message: "¡Fuerza desde Maracay!" });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ currency: "VES", amount: 245500 });
    await sendProof(orderId, "pago_movil");
    await staffDecides(orderId, "approve");

    const { fee, net } = donationSplit(245500, 1000);
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ VES: net });
    expect(await accountBalance("donation_fees:VES")).toBe(fee);
    expect(await handle.db.select().from(streamerDonations)).toEqual([
      expect.objectContaining({
        orderId,
        donorUserId: fan.userId,
        currency: "VES",
        amount: 245500,
        fee,
        message: "¡Fuerza desde Maracay!",
        public: true,
      }),
    ]);
    expect((await pageFor()).supporters).toEqual([expect.objectContaining({ message: "¡Fuerza desde Maracay!", amount: 245500 })]);
    const alerts = await donationAlertsAfter(handle.db, streamerId, null, "es");
    expect(alerts.map((row) => row.alert)).toEqual([{ who: null, amount: "Bs. 2.455,00", message: "¡Fuerza desde Maracay!" }]);
    expect((await orderPage(orderId)).outcome).toMatchObject({
      headline: "outcome.donated",
      tone: "done",
      values: { handle: { text: "@valkyria" } },
    });
    await ledgerSumsToZero();
  });

  it("paid from the wallet on the pay page, it is approved at once: the fan pays the amount, the streamer gets it less the fee", async () => {
    await adjustWallet(handle.db, {
      staffId: staff.userId,
      userId: fan.userId,
      currency: "USD",
      amount: 1500,
      reason: "test",
      idempotencyKey: "fan",
    });
    const orderId = await donateByOrder(fan, { amount: "10", public: "" });
    const paid = await callRoute(payOrderAction, formRequest("/wallet/pay", { orderId }, fan.jar.header()));
    expect(paid.location).toBe(`/orders/${orderId}`);
    expect(await userBalances(handle.db, fan.userId)).toMatchObject({ USD: 500 });
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 900 });
    expect(await handle.db.select({ public: streamerDonations.public }).from(streamerDonations)).toEqual([{ public: false }]);
    // Not shown among the supporters (the fan did not agree); the overlay names nobody.
    expect((await pageFor()).supporters).toEqual([]);
    expect((await donationAlertsAfter(handle.db, streamerId, null, "en"))[0]?.alert).toMatchObject({ who: null, amount: "$10.00" });
    await ledgerSumsToZero();
  });

  it("a rejected or expired order makes no donation and moves no money", async () => {
    const rejected = await donateByOrder(fan);
    await sendProof(rejected);
    await staffDecides(rejected, "reject", "La captura no corresponde");
    const expired = await donateByOrder(fan, { amount: "3" });
    await handle.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, expired));
    await expireUnpaidOrders(handle.db);
    expect((await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, expired)))[0]?.status).toBe("expired");
    expect(await handle.db.$count(streamerDonations)).toBe(0);
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 0, VES: 0 });
    expect((await orderPage(rejected)).outcome.tone).not.toBe("done");
  });

  it("a refund reverses the credit by a new movement; once the streamer withdrew the money it is refused and changes nothing", async () => {
    const refunded = await donateByOrder(fan, { amount: "10" });
    await sendProof(refunded);
    await staffDecides(refunded, "approve");
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 900 });
    await staffDecides(refunded, "refund", "Donación por error");
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 0 });
    expect(await accountBalance("donation_fees:USD")).toBe(0);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "donation_order"))).toBe(1);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "donation_refund"))).toBe(1);
    expect((await handle.db.select().from(streamerDonations))[0]?.refundedAt).not.toBeNull();
    expect((await pageFor()).supporters).toEqual([]);

    // The second donation's money left the streamer's wallet (taken out here as staff would for a withdrawal).
    const spent = await donateByOrder(fan, { amount: "20" });
    await sendProof(spent);
    await staffDecides(spent, "approve");
    await adjustWallet(handle.db, {
      staffId: staff.userId,
      userId: streamer.userId,
      currency: "USD",
      amount: -1800,
      reason: "retiro",
      idempotencyKey: "out",
    });
    await expect(staffDecides(spent, "refund", "Tarde")).rejects.toMatchObject({ code: "NOT_ALLOWED_IN_STATE" });
    expect((await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, spent)))[0]?.status).toBe("approved");
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "donation_refund"))).toBe(1);
    await ledgerSumsToZero();
  });

  it("the same order approved twice at once credits the streamer once", async () => {
    const orderIds: string[] = [];
    for (let n = 0; n < 4; n += 1) {
      const orderId = await donateByOrder(fan, { amount: `${n + 1}` });
      await sendProof(orderId);
      orderIds.push(orderId);
    }
    const results = await Promise.allSettled(orderIds.flatMap((orderId) => [0, 1, 2].map(() => staffDecides(orderId, "approve"))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(4);
    expect(await handle.db.$count(streamerDonations)).toBe(4);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "donation_order"))).toBe(4);
    const expected = [100, 200, 300, 400].reduce((sum, amount) => sum + donationSplit(amount, 1000).net, 0);
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: expected });
    await ledgerSumsToZero();
  });

  it("whatever the amount and the fee, the approval makes and loses no money (property)", async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 5000 }), async (amount, bp) => {
        round += 1;
        await saveDonationFee(handle.db, staff.userId, bp);
        const before = await userBalances(handle.db, streamer.userId);
        const feesBefore = await accountBalance("donation_fees:USD");
        // Straight to the repository: the page's form would meet the order-creation rate limit after a few rounds.
        const { id: orderId } = await buyDonation(handle.db, {
          userId: fan.userId,
          email: "fan@example.com",
          phone: "04141234567",
          handle: "valkyria",
          method: "binance",
          what: { amountUsd: amount, label: "Donación" },
          message: "",
          public: false,
          exchangeRate: "245.50",
          expiresAt: new Date(Date.now() + 3_600_000),
          idempotencyKey: `${round}`,
        });
        await sendProof(orderId);
        await staffDecides(orderId, "approve");
        const after = await userBalances(handle.db, streamer.userId);
        const fee = (await accountBalance("donation_fees:USD")) - feesBefore;
        expect(after.USD - before.USD + fee).toBe(amount);
        expect(fee).toBe(Math.floor((amount * bp) / 10_000));
        const [row] = await handle.db.select().from(streamerDonations).where(eq(streamerDonations.orderId, orderId));
        expect(row).toMatchObject({ amount, fee });
      }),
      { numRuns: 12 },
    );
    await ledgerSumsToZero();
  });
});

describe("abusive messages and test alerts", () => {
  it("staff hide a message: audited, gone from the page and the overlay, the money untouched; others cannot", async () => {
    const orderId = await donateByOrder(fan, { message: "insulto feo" });
    await sendProof(orderId);
    await staffDecides(orderId, "approve");
    const [donation] = await handle.db.select({ id: streamerDonations.id }).from(streamerDonations);
    const admin = await callRoute<{ donationMessages: Array<{ id: string; message: string; hidden: boolean }> }>(
      adminLoader,
      getRequest("/admin/streamers", staff.jar.header()),
    );
    expect(admin.data!.donationMessages).toEqual([expect.objectContaining({ id: donation!.id, message: "insulto feo", hidden: false })]);

    const byFan = await callRoute(
      adminAction,
      formRequest("/admin/streamers", { intent: "hide-message", donationId: donation!.id }, fan.jar.header()),
    );
    expect(byFan.status).toBe(404);
    const hidden = await callRoute(
      adminAction,
      formRequest("/admin/streamers", { intent: "hide-message", donationId: donation!.id }, staff.jar.header()),
    );
    expect(hidden.data).toMatchObject({ ok: true, done: "hidden" });
    expect(
      (
        await callRoute(
          adminAction,
          formRequest("/admin/streamers", { intent: "hide-message", donationId: randomUUID() }, staff.jar.header()),
        )
      ).data,
    ).toMatchObject({ ok: false, code: "NOT_FOUND" });

    expect((await pageFor()).supporters).toEqual([expect.objectContaining({ message: "", amount: 1000 })]);
    expect(JSON.stringify(await pageFor())).not.toContain("insulto");
    expect((await donationAlertsAfter(handle.db, streamerId, null, "es"))[0]?.alert.message).toBe("");
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 900 });
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "streamer.donation_message_hide"), eq(auditLog.entityId, donation!.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: staff.userId });
  });

  it("the streamer's test alert reaches their own overlay only, marked as a test, and moves no money", async () => {
    const movements = await handle.db.$count(ledgerTransactions);
    const test = (person: Person) => callRoute(alertsAction, formRequest("/streamers/alerts", { intent: "test" }, person.jar.header()));
    // Someone who is no streamer is sent to apply; nothing is written.
    expect((await test(fan)).location).toBe("/streamers/apply");
    expect((await test(streamer)).location).toBe("/streamers/alerts?tested=1");
    const found = await testAlertsAfter(handle.db, streamerId, null, "es", "Alerta de prueba");
    expect(found.map((row) => row.alert)).toEqual([{ who: null, amount: "$5,00", message: "Alerta de prueba", test: true }]);
    expect(await handle.db.$count(streamerDonations)).toBe(0);
    expect(await handle.db.$count(ledgerTransactions)).toBe(movements);
  });
});

describe("gifts (catalogue items paid as donation orders)", () => {
  async function giftByOrder(person: Person, fields: Record<string, string> = {}) {
    return pagePost(person.jar.header(), {
      intent: "gift-order",
      giftId: "gift-corona",
      quantity: "3",
      message: "¡Coronada!",
      public: "on",
      phone: "04141234567",
      paymentMethod: "binance",
      ...fields,
    });
  }

  it("is priced from the catalogue (a price in the form is ignored); an item switched off and a bad quantity are refused", async () => {
    const answer = await giftByOrder(fan, { price: "0.01", amount: "0.01", unitAmount: "1" });
    expect(answer.status, JSON.stringify(answer.data)).toBe(302);
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.id, orderIdOf(answer.location)));
    expect(order).toMatchObject({ kind: "donation", currency: "USD", amount: 6000, amountUsd: 6000 });
    expect(await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))).toEqual([
      expect.objectContaining({ unitAmount: 2000, quantity: 3, label: "Corona para @valkyria" }),
    ]);
    expect(await handle.db.select().from(streamerDonationOrders).where(eq(streamerDonationOrders.orderId, order!.id))).toEqual([
      expect.objectContaining({ giftId: "gift-corona", giftQuantity: 3, message: "¡Coronada!", public: true }),
    ]);
    // Pago Móvil: the same catalogue price in Bs at the stored rate.
    const bs = await giftByOrder(fan, { giftId: "gift-rosa", quantity: "2", paymentMethod: "pago_movil" });
    expect(
      (
        await handle.db
          .select()
          .from(orders)
          .where(eq(orders.id, orderIdOf(bs.location)))
      )[0],
    ).toMatchObject({
      currency: "VES",
      amountUsd: 200,
      amount: 49100,
    });

    const before = await handle.db.$count(orders);
    await handle.db.update(streamerGifts).set({ active: false }).where(eq(streamerGifts.id, "gift-diamante"));
    expect((await giftByOrder(fan, { giftId: "gift-diamante" })).data).toMatchObject({
      ok: false,
      code: "GIFT_UNAVAILABLE",
      form: "gift-order",
    });
    expect((await giftByOrder(fan, { giftId: "no-such-gift" })).data).toMatchObject({ ok: false, code: "GIFT_UNAVAILABLE" });
    // A few only: each attempt counts towards the order-creation limit (the rule itself is core/gifts.test.ts's).
    for (const quantity of ["0", "51", "x"])
      expect((await giftByOrder(fan, { quantity })).data, quantity).toMatchObject({ ok: false, code: "BAD_QUANTITY", form: "gift-order" });
    // 50 crowns are 1 000.00 (the most one donation may be); the item's price makes the limit, never the form.
    await handle.db.update(streamerGifts).set({ priceUsd: 2001 }).where(eq(streamerGifts.id, "gift-corona"));
    expect((await giftByOrder(fan, { quantity: "50" })).data).toMatchObject({ ok: false, code: "BAD_QUANTITY" });
    expect((await giftByOrder(streamer)).data).toMatchObject({ ok: false, code: "CANNOT_DONATE_SELF" });
    expect(await handle.db.$count(orders)).toBe(before);
    // Only a fan sees the active items on the page, in their language.
    const page = (
      await callRoute<{ gifts: { items: Array<{ id: string; name: string }> } }>(
        pageLoader,
        getRequest("/streamers/valkyria", fan.jar.header()),
        { handle: "valkyria" },
      )
    ).data!;
    expect(page.gifts.items.map((item) => item.id)).toEqual(["gift-rosa", "gift-corona"]);
  });

  it("approved, the streamer gets price × quantity less the fee, named in their wallet, on the page and the overlay; a refund reverses it", async () => {
    const answer = await giftByOrder(fan);
    const orderId = orderIdOf(answer.location);
    await sendProof(orderId);
    await staffDecides(orderId, "approve");
    const { fee, net } = donationSplit(6000, 1000);
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: net });
    expect(await accountBalance("donation_fees:USD")).toBe(fee);
    expect(
      await handle.db.select({ kind: ledgerTransactions.kind, reason: ledgerTransactions.reason }).from(ledgerTransactions),
    ).toContainEqual({
      kind: "gift_order",
      reason: "3 × Corona",
    });
    expect((await pageFor()).supporters).toEqual([expect.objectContaining({ gift: "👑 3 × Corona", amount: 6000, message: "¡Coronada!" })]);
    expect((await donationAlertsAfter(handle.db, streamerId, null, "en")).map((row) => row.alert)).toEqual([
      { who: null, amount: "$60.00", message: "¡Coronada!", gift: "👑 3 × Crown" },
    ]);

    await staffDecides(orderId, "refund", "Regalo por error");
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 0 });
    expect(await accountBalance("donation_fees:USD")).toBe(0);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "gift_refund"))).toBe(1);
    expect((await pageFor()).supporters).toEqual([]);
    expect(await donationAlertsAfter(handle.db, streamerId, null, "es")).toEqual([]);
    await ledgerSumsToZero();
  });

  it("staff add and change items (audited); anyone else gets a 404 and bad input changes nothing", async () => {
    const save = (person: Person, fields: Record<string, string>) =>
      callRoute<{ ok: boolean; code?: string; field?: string }>(
        adminAction,
        formRequest("/admin/streamers", { intent: "gift-save", position: "4", ...fields }, person.jar.header()),
      );
    const star = { giftId: "new", nameEs: "Estrella", nameEn: "Star", price: "2.50", icon: "⭐", active: "on" };
    expect((await save(fan, star)).status).toBe(404);
    expect((await save(staff, { ...star, icon: "<b>" })).data).toMatchObject({ ok: false, code: "GIFT_ICON", field: "icon" });
    expect((await save(staff, { ...star, price: "0" })).data).toMatchObject({ ok: false, code: "GIFT_PRICE" });
    expect((await save(staff, { ...star, giftId: "no-such-gift" })).data).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await handle.db.$count(streamerGifts)).toBe(3);
    expect((await save(staff, star)).data).toMatchObject({ ok: true, done: "gift" });
    const [added] = await handle.db.select().from(streamerGifts).where(eq(streamerGifts.nameEs, "Estrella"));
    expect(added).toMatchObject({ nameEn: "Star", priceUsd: 250, icon: "⭐", active: true, position: 4 });
    // Switched off: no longer offered.
    expect((await save(staff, { ...star, giftId: added!.id, active: "" })).data).toMatchObject({ ok: true });
    expect((await handle.db.select().from(streamerGifts).where(eq(streamerGifts.id, added!.id)))[0]?.active).toBe(false);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.entityId, added!.id));
    expect(audits.map((row) => row.action).sort()).toEqual(["streamer.gift_create", "streamer.gift_update"]);
    expect(audits.find((row) => row.action === "streamer.gift_update")).toMatchObject({
      actorId: staff.userId,
      before: expect.objectContaining({ active: true }),
      after: expect.objectContaining({ active: false }),
    });
  });
});
