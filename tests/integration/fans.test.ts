/**
 * Fans' subscriptions to streamers (docs/streamers.md): the streamer's price within limits,
 * the subscription sold as an order (paid by proof that staff approve, or from the wallet), the month
 * it adds and the streamer's credit through the ledger (no fee for a Plus subscriber), refunds as a
 * reversing movement, subscriber-only posts, the page's badge, and the renewal reminders.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ledgerAccounts, ledgerEntries, ledgerTransactions, orders, streamerSubscriptions, streamers } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { cancelOrder, decideOrder, submitProof } from "~/features/orders/orders.server";
import { grantPlus } from "~/features/plus/plus.server";
import { addMonths } from "~/features/plus/core/membership";
import { action as pageAction, loader as pageLoader } from "~/features/streamers/routes/streamer";
import { sendSubscriptionReminders } from "~/features/streamers/subscription-mail.server";
import { reconcile, reconciled, userBalances } from "~/features/wallet/ledger.server";
import { action as payOrderAction } from "~/features/wallet/routes/pay-order";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { deliverQueuedMail } from "./support/mail";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;
type Person = Awaited<ReturnType<typeof signInAs>>;
let streamer: Person;
let fan: Person;
let stranger: Person;
let staff: Person;

type Page = {
  subscriptions: { priceUsd: number | null; count: number; subscribed: boolean; until: string | null; plusMember: boolean };
  posts: Array<{ title: string; body: string | null }>;
  supporters: Array<{ handle: string | null; subscriber: boolean }>;
};

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  streamer = await signInAs(handle.db, mailer, "valk@example.com", { name: "Valeria" });
  fan = await signInAs(handle.db, mailer, "fan@example.com", { name: "Fede" });
  stranger = await signInAs(handle.db, mailer, "otro@example.com");
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  await handle.db.insert(streamers).values({ id: randomUUID(), userId: streamer.userId, handle: "valkyria", status: "approved" });
  mailer.sent.length = 0;
});

const pagePost = (cookie: string, fields: Record<string, string>) =>
  callRoute<{ ok: boolean; code?: string; field?: string; form?: string }>(pageAction, formRequest("/streamers/valkyria", fields, cookie), {
    handle: "valkyria",
  });
const pageFor = async (cookie = "") =>
  (await callRoute<Page>(pageLoader, getRequest("/streamers/valkyria", cookie), { handle: "valkyria" })).data!;
const orderIdOf = (location: string | null | undefined) => /\/orders\/([0-9a-f-]{36})\/pay\//.exec(location ?? "")![1]!;

async function subscribe(person: Person, method: "binance" | "pago_movil" | "paypal" = "binance") {
  const answer = await pagePost(person.jar.header(), { intent: "subscribe", phone: "04141234567", paymentMethod: method });
  expect(answer.status).toBe(302);
  return orderIdOf(answer.location);
}

async function approveByProof(person: Person, orderId: string) {
  await submitProof(
    handle.db,
    orderId,
    { userId: person.userId, isStaff: false },
    { method: "binance", transactionId: `TX-${orderId.slice(0, 8)}` },
    { key: "x.png", type: "image/png", size: 10 },
  );
  await decideOrder(handle.db, orderId, { userId: staff.userId, isStaff: true }, { decision: "approve" });
}

async function accountBalance(id: string) {
  const [row] = await handle.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return Number(row?.balance ?? 0);
}

async function ledgerSumsToZero() {
  expect(reconciled(await reconcile(handle.db))).toBe(true);
  const [sum] = await handle.db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries);
  expect(Number(sum?.total)).toBe(0);
}

const fund = (person: Person, amount: number, key: string) =>
  adjustWallet(handle.db, { staffId: staff.userId, userId: person.userId, currency: "USD", amount, reason: "test", idempotencyKey: key });

describe("subscriptions", () => {
  it("the streamer sets a price within $1–$20; only they may, and only then can fans subscribe", async () => {
    expect((await pagePost(fan.jar.header(), { intent: "subscribe", phone: "04141234567", paymentMethod: "binance" })).data).toMatchObject({
      ok: false,
      code: "NOT_OFFERED",
      form: "subscribe",
    });
    for (const price of ["0.50", "21", "abc", ""])
      expect((await pagePost(streamer.jar.header(), { intent: "price", price })).data, price).toMatchObject({
        ok: false,
        code: "BAD_PRICE",
        field: "price",
      });
    expect((await pagePost(fan.jar.header(), { intent: "price", price: "1" })).status).toBe(404);
    expect((await pagePost(streamer.jar.header(), { intent: "price", price: "4.50" })).status).toBe(302);
    expect((await pageFor()).subscriptions).toMatchObject({ priceUsd: 450, count: 0 });

    // The streamer cannot subscribe to themself; a bad phone is refused naming the field, nothing created.
    expect(
      (await pagePost(streamer.jar.header(), { intent: "subscribe", phone: "04141234567", paymentMethod: "binance" })).data,
    ).toMatchObject({
      code: "CANNOT_SUBSCRIBE_SELF",
    });
    expect((await pagePost(fan.jar.header(), { intent: "subscribe", phone: "123", paymentMethod: "binance" })).data).toMatchObject({
      code: "INVALID_PHONE",
      field: "phone",
    });
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it("a fan pays by proof, staff approve: a month, the streamer credited the price less the fee, the badge and the posts", async () => {
    await pagePost(streamer.jar.header(), { intent: "price", price: "5" });
    expect((await pagePost(streamer.jar.header(), { intent: "post", title: "", body: "x" })).data).toMatchObject({ code: "POST_TITLE" });
    expect((await pagePost(fan.jar.header(), { intent: "post", title: "Hola", body: "x" })).status).toBe(404);
    expect((await pagePost(streamer.jar.header(), { intent: "post", title: "Mi sensibilidad", body: "General 95, mira 80" })).status).toBe(
      302,
    );

    // Priced on the server: a Pago Móvil order is in Bs at the stored rate, whatever the form adds.
    const bsOrder = await subscribe(fan, "pago_movil");
    const [bs] = await handle.db.select().from(orders).where(eq(orders.id, bsOrder));
    expect(bs).toMatchObject({ kind: "subscription", currency: "VES", amountUsd: 500, amount: 122750 });
    // An unpaid order does not block another: the fan cancels it and pays in dollars instead.
    await cancelOrder(handle.db, bsOrder, { userId: fan.userId, isStaff: false });

    // Before: the post's title is the teaser, its text is not sent.
    const before = await pageFor(fan.jar.header());
    expect(before.posts).toEqual([expect.objectContaining({ title: "Mi sensibilidad", body: null })]);
    expect(JSON.stringify(before)).not.toContain("General 95");

    const orderId = await subscribe(fan);
    await approveByProof(fan, orderId);

    const [period] = await handle.db.select().from(streamerSubscriptions).where(eq(streamerSubscriptions.orderId, orderId));
    expect(period).toMatchObject({ userId: fan.userId, currency: "USD", amount: 500, fee: 50 });
    expect(period!.endsAt.getTime()).toBe(addMonths(period!.startsAt, 1).getTime());
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 450 });
    expect(await accountBalance("subscription_fees:USD")).toBe(50);
    expect(await accountBalance("orders_clearing:USD")).toBe(-500);
    await ledgerSumsToZero();

    const after = await pageFor(fan.jar.header());
    expect(after.subscriptions).toMatchObject({ subscribed: true, count: 1 });
    expect(after.posts).toEqual([expect.objectContaining({ body: "General 95, mira 80" })]);
    expect((await pageFor(streamer.jar.header())).posts[0]?.body).toBe("General 95, mira 80");
    expect((await pageFor(stranger.jar.header())).posts[0]?.body).toBeNull();
    expect((await pageFor()).posts[0]?.body).toBeNull();

    // Refunded: the month ends and the credit is reversed by a new movement (the first one stays).
    await decideOrder(handle.db, orderId, { userId: staff.userId, isStaff: true }, { decision: "refund", reason: "Error del fan" });
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 0 });
    expect(await accountBalance("subscription_fees:USD")).toBe(0);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "subscription"))).toBe(1);
    expect(await handle.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, "subscription_refund"))).toBe(1);
    expect((await pageFor(fan.jar.header())).subscriptions.subscribed).toBe(false);
    await ledgerSumsToZero();
  });

  it("a Plus member pays from the wallet: no fee, the streamer gets the whole price; a renewal starts where the month ends", async () => {
    await pagePost(streamer.jar.header(), { intent: "price", price: "3" });
    await grantPlus(handle.db, { userId: fan.userId, staffId: staff.userId, months: 1, note: "regalo" });
    await fund(fan, 1000, "f1");
    expect((await pageFor(fan.jar.header())).subscriptions.plusMember).toBe(true);

    const first = await subscribe(fan);
    const paid = await callRoute(payOrderAction, formRequest("/wallet/pay", { orderId: first }, fan.jar.header()));
    expect(paid.location).toBe(`/orders/${first}`);
    const second = await subscribe(fan);
    await callRoute(payOrderAction, formRequest("/wallet/pay", { orderId: second }, fan.jar.header()));

    expect(await userBalances(handle.db, fan.userId)).toMatchObject({ USD: 400 });
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 600 });
    expect(await accountBalance("subscription_fees:USD")).toBe(0);
    const periods = await handle.db.select().from(streamerSubscriptions).orderBy(streamerSubscriptions.startsAt);
    expect(periods.map((row) => row.fee)).toEqual([0, 0]);
    expect(periods[1]!.startsAt.getTime()).toBe(periods[0]!.endsAt.getTime());
    await ledgerSumsToZero();
  });

  it("approvals at the same time for one fan chain their months and credit the streamer once each", async () => {
    await pagePost(streamer.jar.header(), { intent: "price", price: "2" });
    await fund(fan, 2000, "f2");
    const orderIds: string[] = [];
    for (let n = 0; n < 6; n += 1) orderIds.push(await subscribe(fan));
    // Each pays twice at once: a doubled click never pays twice.
    await Promise.allSettled(
      orderIds.flatMap((orderId) => [0, 1].map(() => callRoute(payOrderAction, formRequest("/wallet/pay", { orderId }, fan.jar.header())))),
    );
    const periods = await handle.db.select().from(streamerSubscriptions).orderBy(streamerSubscriptions.startsAt);
    expect(periods).toHaveLength(6);
    for (let n = 1; n < periods.length; n += 1) expect(periods[n]!.startsAt.getTime()).toBe(periods[n - 1]!.endsAt.getTime());
    expect(await userBalances(handle.db, fan.userId)).toMatchObject({ USD: 2000 - 6 * 200 });
    expect(await userBalances(handle.db, streamer.userId)).toMatchObject({ USD: 6 * 180 });
    expect(await accountBalance("subscription_fees:USD")).toBe(6 * 20);
    await ledgerSumsToZero();
  });

  it("reminds a subscriber by mail three days before the month ends, once, in their language; not when renewed", async () => {
    await pagePost(streamer.jar.header(), { intent: "price", price: "2" });
    await approveByProof(fan, await subscribe(fan));
    await approveByProof(stranger, await subscribe(stranger));
    const [fanPeriod] = await handle.db.select().from(streamerSubscriptions).where(eq(streamerSubscriptions.userId, fan.userId));
    const day = 86_400_000;
    // The stranger renewed: their next month continues the first, so no reminder for it.
    await approveByProof(stranger, await subscribe(stranger));

    expect(await sendSubscriptionReminders(handle.db, new Date(fanPeriod!.endsAt.getTime() - 4 * day))).toBe(0);
    expect(await sendSubscriptionReminders(handle.db, new Date(fanPeriod!.endsAt.getTime() - 2 * day))).toBe(1);
    expect(await sendSubscriptionReminders(handle.db, new Date(fanPeriod!.endsAt.getTime() - 1 * day))).toBe(0);
    await deliverQueuedMail();
    const reminders = mailer.sent.filter((mail) => mail.subject.includes("@valkyria"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ to: "fan@example.com", subject: "Tu suscripción a @valkyria termina pronto" });
    expect(reminders[0]!.text).toContain("/streamers/valkyria");
  });
});
