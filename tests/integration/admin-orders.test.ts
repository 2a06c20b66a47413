import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, orderStatusHistory, orders, paymentProofs, users } from "~/db/schema";
import type { PaymentMethod } from "~/domain/payment-methods";
import { action as reviewAction, loader as reviewLoader } from "~/features/admin/routes/order-review";
import { loader as queueLoader } from "~/features/admin/routes/orders-queue";
import { loader as auditLoader } from "~/features/admin/routes/audit";
import { useAuthSettings } from "~/features/auth/auth.server";
import { action as requestLink } from "~/features/auth/routes/auth";
import { createOrder, submitProof, type Actor } from "~/features/orders/orders.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createMailer } from "~/lib/mail.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { SIGN_IN_LINK, openSignInLink, useTestAuth } from "./support/sessions";
import { startSmtpSink } from "./support/smtp-sink";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  handle = await openTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  useAuthSettings(undefined);
  await smtp.close();
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  smtp.received.length = 0;
  useTestAuth(handle.db, createMailer({ smtpUrl: smtp.url, from: "Arena LATAM <no-reply@arena.test>", dataDir: "/nonexistent" }));
});

/** Signs in through the e-mail link, as a browser would; then gives the account a name and (maybe) staff rights. */
async function signIn(email: string, options: { name: string; staff?: boolean }) {
  const asked = await callRoute(requestLink, formRequest("/auth", { email, redirectTo: "/" }));
  expect(asked.status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && SIGN_IN_LINK.test(smtp.text(m)));
  smtp.received.splice(smtp.received.indexOf(mail), 1);
  const link = smtp.text(mail).match(SIGN_IN_LINK)![0];
  const { jar } = await openSignInLink(link);
  expect(jar.has("arena.session_token")).toBe(true);
  const [row] = await handle.db
    .update(users)
    .set({ name: options.name, isStaff: options.staff ?? false })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { jar, id: row!.id, actor: { userId: row!.id, isStaff: options.staff ?? false } satisfies Actor };
}

async function placeOrder(userId: string, method: PaymentMethod, email = "owner@example.com") {
  return createOrder(handle.db, {
    userId,
    kind: "store",
    paymentMethod: method,
    currency: method === "pago_movil" ? "VES" : "USD",
    amount: method === "pago_movil" ? 24550 : 100,
    amountUsd: 100,
    exchangeRate: method === "pago_movil" ? "245.50" : null,
    phone: "04141234567",
    email,
    gamerId: "123456789",
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    items: [{ label: "110 Diamantes", unitAmount: 100, quantity: 2 }],
  });
}

const today = new Date().toISOString().slice(0, 10);
const pagoMovil = (reference = "123456") => ({ method: "pago_movil" as const, reference, bankCode: "0102", paidOn: today });
const png = () => ({ key: `${randomUUID()}.png`, type: "image/png" as const, size: 1234 });
const pdf = () => ({ key: `${randomUUID()}.pdf`, type: "application/pdf" as const, size: 4321 });

/** An order with its proof sent, waiting in the queue. */
async function waitingOrder(owner: Actor, method: PaymentMethod = "pago_movil", reference?: string) {
  const order = await placeOrder(owner.userId, method);
  if (method === "pago_movil") await submitProof(handle.db, order.id, owner, pagoMovil(reference), png());
  if (method === "binance") await submitProof(handle.db, order.id, owner, { method, transactionId: "TX-998877" }, pdf());
  if (method === "paypal") await submitProof(handle.db, order.id, owner, { method, payerEmail: "payer@example.com" }, null);
  // The buyer's "proof received" mail is not what these tests look at.
  await smtp.waitFor((m) => /Recibimos tu comprobante/.test(smtp.text(m)));
  smtp.received.length = 0;
  return order;
}

// React Router hands the route its URL params; the shared helper sends none, so the review calls add them.
const review = (orderId: string) => (args: Parameters<typeof reviewLoader>[0]) => reviewLoader({ ...args, params: { orderId } });
const decide = (orderId: string) => (args: Parameters<typeof reviewAction>[0]) => reviewAction({ ...args, params: { orderId } });

interface QueueData {
  orders: Array<{
    id: string;
    number: number;
    status: string;
    paymentMethod: string;
    userName: string;
    email: string;
    amount: number;
    currency: string;
  }>;
  previousHref: string | null;
  nextHref: string | null;
  filters: { status: string; method: string; done: number | null };
  messages: Record<string, unknown>;
}
type ReviewData = Awaited<ReturnType<typeof reviewLoader>>;
type ActionError = { ok: false; code: string; reason: string };

async function statusOf(id: string) {
  const [row] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}
const historyCount = (id: string) => handle.db.$count(orderStatusHistory, eq(orderStatusHistory.orderId, id));
const orderMails = () => smtp.received.filter((m) => !SIGN_IN_LINK.test(smtp.text(m)));

describe("staff order queue", () => {
  it("lists proofs waiting, oldest first, and filters by status and method with a GET query", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const first = await waitingOrder(owner.actor, "pago_movil");
    const second = await waitingOrder(owner.actor, "binance");
    const open = await placeOrder(owner.id, "paypal");

    const queue = await callRoute<QueueData>(queueLoader, getRequest("/admin/orders", staff.jar.header()));
    expect(queue.status).toBe(200);
    expect(queue.data!.filters).toMatchObject({ status: "proof_submitted", method: "all", done: null });
    expect(queue.data!.orders.map((o) => o.number)).toEqual([first.number, second.number]);
    expect(queue.data!.orders[0]).toMatchObject({
      userName: "Ana Pérez",
      email: "owner@example.com",
      amount: 24550,
      currency: "VES",
      paymentMethod: "pago_movil",
    });
    expect(queue.data!.nextHref).toBeNull();
    expect(queue.data!.previousHref).toBeNull();
    expect(queue.data!.messages).toHaveProperty("admin");

    const binance = await callRoute<QueueData>(
      queueLoader,
      getRequest("/admin/orders?status=proof_submitted&method=binance", staff.jar.header()),
    );
    expect(binance.data!.orders.map((o) => o.id)).toEqual([second.id]);
    const initiated = await callRoute<QueueData>(queueLoader, getRequest("/admin/orders?status=initiated&method=all", staff.jar.header()));
    expect(initiated.data!.orders.map((o) => o.id)).toEqual([open.id]);
    const everything = await callRoute<QueueData>(queueLoader, getRequest("/admin/orders?status=all&method=all", staff.jar.header()));
    expect(everything.data!.orders).toHaveLength(3);
    const none = await callRoute<QueueData>(queueLoader, getRequest("/admin/orders?status=approved&method=paypal", staff.jar.header()));
    expect(none.data!.orders).toEqual([]);

    // Nonsense in the query falls back to the defaults: never a 500.
    const odd = await callRoute<QueueData>(
      queueLoader,
      getRequest("/admin/orders?status=bogus&method=cash&page=-3&done=abc&kind=toString", staff.jar.header()),
    );
    expect(odd.status).toBe(200);
    expect(odd.data!.filters).toEqual({ status: "proof_submitted", method: "all", kind: "all", done: null });
    expect(odd.data!.orders).toHaveLength(2);
  });

  it("pages by cursor: every order once, forward and back, even when they all changed at the same instant", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const placed = [];
    for (let i = 0; i < 45; i += 1) placed.push((await placeOrder(owner.id, "binance")).id);
    // The worst case for a cursor: equal timestamps, told apart by the id alone.
    await handle.db.update(orders).set({ updatedAt: new Date("2026-01-02T03:04:05.678Z") });
    const open = (href: string) => callRoute<QueueData>(queueLoader, getRequest(`/admin/orders${href}`, staff.jar.header()));

    const pages: QueueData[] = [];
    let next: string | null = "?status=initiated";
    while (next) {
      const page: QueueData = (await open(next)).data!;
      pages.push(page);
      next = page.nextHref;
    }
    expect(pages.map((page) => page.orders.length)).toEqual([20, 20, 5]);
    const seen = pages.flatMap((page) => page.orders.map((o) => o.id));
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort()).toEqual([...placed].sort());
    expect(pages[0]!.previousHref).toBeNull();
    expect(pages[2]!.nextHref).toBeNull();
    // The filters travel with the cursor; there is no page number.
    expect(pages[0]!.nextHref).toMatch(/^\?status=initiated&method=all&after=[\w-]+$/);

    // Back from the last page: the same pages, in the same order.
    const back1 = (await open(pages[2]!.previousHref!)).data!;
    expect(back1.orders.map((o) => o.id)).toEqual(pages[1]!.orders.map((o) => o.id));
    const back0 = (await open(back1.previousHref!)).data!;
    expect(back0.orders.map((o) => o.id)).toEqual(pages[0]!.orders.map((o) => o.id));
    expect(back0.previousHref).toBeNull();

    // An order decided between two clicks leaves the queue without shifting the others.
    await handle.db.update(orders).set({ status: "expired" }).where(eq(orders.id, pages[1]!.orders[0]!.id));
    const again = (await open(pages[0]!.nextHref!)).data!;
    expect(again.orders.map((o) => o.id)).toEqual(
      pages[1]!.orders
        .slice(1)
        .map((o) => o.id)
        .concat(pages[2]!.orders[0]!.id),
    );

    // A forged or stale cursor shows the first page, never an error.
    const forged = await open("?status=initiated&after=bm9wZQ");
    expect(forged.status).toBe(200);
    expect(forged.data!.orders.map((o) => o.id)).toEqual(pages[0]!.orders.map((o) => o.id));
  });

  it("search results page by cursor too", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    for (let i = 0; i < 23; i += 1) await placeOrder(owner.id, "binance", "buyer@example.com");
    const first = (await callRoute<QueueData>(queueLoader, getRequest("/admin/orders?q=buyer@example.com", staff.jar.header()))).data!;
    expect(first.orders).toHaveLength(20);
    expect(first.nextHref).toContain("q=buyer%40example.com");
    const second = (await callRoute<QueueData>(queueLoader, getRequest(`/admin/orders${first.nextHref!}`, staff.jar.header()))).data!;
    expect(second.orders).toHaveLength(3);
    expect(new Set([...first.orders, ...second.orders].map((o) => o.id)).size).toBe(23);
  });
});

describe("staff order review", () => {
  it("shows the customer, the order and every proof with its receipt, reference data and history", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor, "pago_movil", "445566");

    const page = await callRoute<ReviewData>(review(order.id), getRequest(`/admin/orders/${order.id}`, staff.jar.header()));
    expect(page.status).toBe(200);
    const view = page.data!;
    expect(view.owner).toEqual({ name: "Ana Pérez", email: "owner@example.com" });
    expect(view.order).toMatchObject({
      number: order.number,
      status: "proof_submitted",
      paymentMethod: "pago_movil",
      amount: 24550,
      currency: "VES",
      exchangeRate: "245.50",
      phone: "04141234567",
      email: "owner@example.com",
      gamerId: "123456789",
      items: [expect.objectContaining({ label: "110 Diamantes", quantity: 2 })],
    });
    expect(view.order.proofs).toHaveLength(1);
    const proof = view.order.proofs[0]!;
    expect(proof).toMatchObject({
      fileType: "image/png",
      bankCode: "0102",
      bankName: "Banco de Venezuela",
      reference: "445566",
      paidOn: today,
      live: true,
    });
    expect(proof.receiptUrl).toBe(`/orders/${order.id}/receipts/${proof.id}`);
    expect(JSON.stringify(view)).not.toMatch(/\.png/); // the storage key never leaves the server
    expect(view.order.history.map((line) => [line.from, line.to])).toEqual([
      [null, "initiated"],
      ["initiated", "proof_submitted"],
    ]);
    expect(view.people[owner.id]).toEqual({ name: "Ana Pérez", email: "owner@example.com" });

    const binance = await waitingOrder(owner.actor, "binance");
    const binancePage = await callRoute<ReviewData>(review(binance.id), getRequest(`/admin/orders/${binance.id}`, staff.jar.header()));
    expect(binancePage.data!.order.proofs[0]).toMatchObject({ fileType: "application/pdf", transactionId: "TX-998877", bankCode: null });
    const paypal = await waitingOrder(owner.actor, "paypal");
    const paypalPage = await callRoute<ReviewData>(review(paypal.id), getRequest(`/admin/orders/${paypal.id}`, staff.jar.header()));
    expect(paypalPage.data!.order.proofs[0]).toMatchObject({ payerEmail: "payer@example.com", receiptUrl: null });
  });

  it("approves, then fulfils: each moves the order, records who, mails the owner and goes back to the queue", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor);

    const approved = await callRoute(decide(order.id), formRequest(`/admin/orders/${order.id}`, { intent: "approve" }, staff.jar.header()));
    expect(approved.status).toBe(302);
    expect(approved.location).toBe(`/admin/orders?status=proof_submitted&done=${order.number}`);
    expect(await statusOf(order.id)).toBe("approved");
    const approvedMail = await smtp.waitFor((m) => /Verificamos tu pago del pedido/.test(smtp.text(m)));
    expect(approvedMail.to).toEqual(["owner@example.com"]);
    expect(smtp.text(approvedMail)).toContain(`#${order.number}`);

    const queue = await callRoute<QueueData>(queueLoader, getRequest(approved.location!, staff.jar.header()));
    expect(queue.data!.filters.done).toBe(order.number);
    expect(queue.data!.orders).toEqual([]);

    const fulfilled = await callRoute(decide(order.id), formRequest(`/admin/orders/${order.id}`, { intent: "fulfil" }, staff.jar.header()));
    expect(fulfilled.status).toBe(302);
    expect(await statusOf(order.id)).toBe("fulfilled");
    const fulfilledMail = await smtp.waitFor((m) => /fue entregado/.test(smtp.text(m)));
    expect(fulfilledMail.to).toEqual(["owner@example.com"]);

    const page = await callRoute<ReviewData>(review(order.id), getRequest(`/admin/orders/${order.id}`, staff.jar.header()));
    expect(page.data!.order.history.slice(-2)).toEqual([
      expect.objectContaining({ from: "proof_submitted", to: "approved", actorUserId: staff.id, reason: null }),
      expect.objectContaining({ from: "approved", to: "fulfilled", actorUserId: staff.id }),
    ]);
    expect(page.data!.people[staff.id]).toEqual({ name: "Sara Staff", email: "staff@example.com" });
  });

  it("marks a store order delivered with the provider's transaction id: who and when in the history, the id on the order and in the audit row", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor);
    const post = (fields: Record<string, string>) =>
      callRoute<ActionError & { field?: string; providerReference?: string }>(
        decide(order.id),
        formRequest(`/admin/orders/${order.id}`, fields, staff.jar.header()),
      );
    expect((await post({ intent: "approve" })).status).toBe(302);

    // Too long: refused with its code and field, what was typed comes back, nothing moves.
    const tooLong = await post({ intent: "fulfil", providerReference: "9".repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({ ok: false, code: "PROVIDER_REFERENCE_TOO_LONG", field: "providerReference" });
    expect(tooLong.data!.providerReference).toBe("9".repeat(101));
    expect(await statusOf(order.id)).toBe("approved");

    const before = Date.now();
    expect((await post({ intent: "fulfil", providerReference: "  GC-2026-889100  " })).status).toBe(302);
    expect(await statusOf(order.id)).toBe("fulfilled");
    const [row] = await handle.db.select({ providerReference: orders.providerReference }).from(orders).where(eq(orders.id, order.id));
    expect(row!.providerReference).toBe("GC-2026-889100");

    const page = await callRoute<ReviewData>(review(order.id), getRequest(`/admin/orders/${order.id}`, staff.jar.header()));
    expect(page.data!.order.providerReference).toBe("GC-2026-889100");
    const delivered = page.data!.order.history.at(-1)!;
    expect(delivered).toMatchObject({ from: "approved", to: "fulfilled", actorUserId: staff.id });
    expect(new Date(delivered.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entityId, order.id)).orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(["order.approve", "order.fulfil"]);
    expect(audit[1]).toMatchObject({
      actorId: staff.id,
      entity: "order",
      before: { status: "approved" },
      after: { status: "fulfilled", providerReference: "GC-2026-889100" },
    });

    // Delivered once: a second "delivered" is refused and the id stays.
    const again = await post({ intent: "fulfil", providerReference: "OTHER" });
    expect(again.status).toBe(409);
    const [still] = await handle.db.select({ providerReference: orders.providerReference }).from(orders).where(eq(orders.id, order.id));
    expect(still!.providerReference).toBe("GC-2026-889100");
  });

  it("marks delivered without a provider id too (it is optional)", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor);
    const steps: Record<string, string>[] = [{ intent: "approve" }, { intent: "fulfil", providerReference: "   " }];
    for (const fields of steps) {
      const answer = await callRoute(decide(order.id), formRequest(`/admin/orders/${order.id}`, fields, staff.jar.header()));
      expect(answer.status).toBe(302);
    }
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "fulfilled", providerReference: null });
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "order.fulfil"));
    expect(audit!.after).toEqual({ status: "fulfilled", reason: null });
  });

  it("rejects with a reason, which reaches the history and the owner's mail", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor);

    const rejected = await callRoute(
      decide(order.id),
      formRequest(`/admin/orders/${order.id}`, { intent: "reject", reason: "  El monto no coincide  " }, staff.jar.header()),
    );
    expect(rejected.status).toBe(302);
    expect(rejected.location).toBe(`/admin/orders?status=proof_submitted&done=${order.number}`);
    expect(await statusOf(order.id)).toBe("rejected");
    const [last] = await handle.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(orderStatusHistory.id)
      .limit(1)
      .offset(2);
    expect(last).toMatchObject({
      fromStatus: "proof_submitted",
      toStatus: "rejected",
      actorUserId: staff.id,
      reason: "El monto no coincide",
    });
    const mail = await smtp.waitFor((m) => /No pudimos validar tu pago/.test(smtp.text(m)));
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(smtp.text(mail)).toContain("Motivo: El monto no coincide");
    const [proof] = await handle.db.select({ live: paymentProofs.live }).from(paymentProofs).where(eq(paymentProofs.orderId, order.id));
    expect(proof!.live).toBe(false);
  });

  it("answers bad input with an error code and changes nothing", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor);
    const before = await historyCount(order.id);
    const post = (fields: Record<string, string>, id = order.id) =>
      callRoute<ActionError>(decide(id), formRequest(`/admin/orders/${id}`, fields, staff.jar.header()));

    const cases: Array<[Record<string, string>, string, number]> = [
      [{ intent: "reject" }, "REASON_REQUIRED", 400],
      [{ intent: "reject", reason: "   " }, "REASON_REQUIRED", 400],
      [{ intent: "reject", reason: "x".repeat(301) }, "REASON_TOO_LONG", 400],
      [{ intent: "delete" }, "UNKNOWN_INTENT", 400],
      [{}, "UNKNOWN_INTENT", 400],
      [{ intent: "fulfil" }, "NOT_ALLOWED_IN_STATE", 409],
    ];
    for (const [fields, code, status] of cases) {
      const answer = await post(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data?.code, JSON.stringify(fields)).toBe(code);
    }
    // The reason typed so far comes back, so a page without JavaScript keeps it.
    expect((await post({ intent: "reject", reason: "x".repeat(301) })).data?.reason).toHaveLength(301);
    // Exactly 300 characters is allowed.
    expect((await post({ intent: "reject", reason: "y".repeat(300) })).status).toBe(302);
    expect(await statusOf(order.id)).toBe("rejected");
    expect(await historyCount(order.id)).toBe(before + 1);
    await smtp.waitFor((m) => /No pudimos validar/.test(smtp.text(m)));
    smtp.received.length = 0;

    // Not allowed any more in the new state: nothing moves, nothing is mailed.
    for (const intent of ["approve", "reject", "fulfil"]) {
      const answer = await post({ intent, reason: "otra vez" });
      expect(answer.status, intent).toBe(409);
      expect(answer.data?.code).toBe("NOT_ALLOWED_IN_STATE");
    }
    expect(await statusOf(order.id)).toBe("rejected");
    expect(await historyCount(order.id)).toBe(before + 1);

    // Orders that do not exist.
    for (const id of [randomUUID(), "not-an-id"]) {
      const answer = await post({ intent: "approve" }, id);
      expect(answer.status).toBe(404);
      const page = await callRoute(review(id), getRequest(`/admin/orders/${id}`, staff.jar.header()));
      expect(page.status).toBe(404);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(orderMails()).toHaveLength(0);
  });
});

describe("who may use the back-office", () => {
  it("is a 404 for a signed-in user who is not staff, who cannot decide either", async () => {
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor);
    const before = await historyCount(order.id);

    expect((await callRoute(queueLoader, getRequest("/admin/orders", owner.jar.header()))).status).toBe(404);
    expect((await callRoute(review(order.id), getRequest(`/admin/orders/${order.id}`, owner.jar.header()))).status).toBe(404);
    for (const intent of ["approve", "reject", "fulfil"]) {
      const answer = await callRoute(
        decide(order.id),
        formRequest(`/admin/orders/${order.id}`, { intent, reason: "no" }, owner.jar.header()),
      );
      expect(answer.status, intent).toBe(404);
    }
    expect(await statusOf(order.id)).toBe("proof_submitted");
    expect(await historyCount(order.id)).toBe(before);
    expect(orderMails()).toHaveLength(0);
  });

  it("is a 404 for visitors, who learn nothing of the back-office", async () => {
    const id = randomUUID();
    const queue = await callRoute(queueLoader, getRequest("/admin/orders?status=all"));
    expect(queue.status).toBe(404);
    const page = await callRoute(review(id), getRequest(`/admin/orders/${id}`));
    expect(page.status).toBe(404);
    const post = await callRoute(decide(id), formRequest(`/admin/orders/${id}`, { intent: "approve" }));
    expect(post.status).toBe(404);
  });

  it("loses access as soon as staff rights are revoked", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    expect((await callRoute(queueLoader, getRequest("/admin/orders", staff.jar.header()))).status).toBe(200);
    // A write from outside this process (an admin script, another instance): the database's notice
    // reaches the session cache a moment after the commit, so the next requests see it.
    await handle.db.update(users).set({ isStaff: false }).where(eq(users.id, staff.id));
    await expect
      .poll(async () => (await callRoute(queueLoader, getRequest("/admin/orders", staff.jar.header()))).status, { timeout: 5_000 })
      .toBe(404);
  });
});

describe("the queue goes on after a decision", () => {
  it("opens the next proof waiting, oldest first, after an approval or a rejection; the queue when none is left", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const first = await waitingOrder(owner.actor, "pago_movil", "111111");
    const newest = await waitingOrder(owner.actor, "pago_movil", "222222");
    const oldest = await waitingOrder(owner.actor, "pago_movil", "333333");
    const setUpdated = (id: string, at: string) =>
      handle.db
        .update(orders)
        .set({ updatedAt: new Date(at) })
        .where(eq(orders.id, id));
    await setUpdated(first.id, "2026-11-20T10:00:00Z");
    await setUpdated(newest.id, "2026-11-20T12:00:00Z");
    await setUpdated(oldest.id, "2026-11-20T09:00:00Z");
    const post = (id: string, fields: Record<string, string>) =>
      callRoute(decide(id), formRequest(`/admin/orders/${id}`, fields, staff.jar.header()));

    // Deciding the second oldest opens the oldest; then the newest; then the queue, empty.
    const approved = await post(first.id, { intent: "approve" });
    expect(approved.status).toBe(302);
    expect(approved.location).toBe(`/admin/orders/${oldest.id}?done=${first.number}`);
    const nextPage = await callRoute<ReviewData>(review(oldest.id), getRequest(approved.location!, staff.jar.header()));
    expect(nextPage.data!.done).toBe(first.number);

    const rejected = await post(oldest.id, { intent: "reject", reason: "El comprobante no se lee" });
    expect(rejected.location).toBe(`/admin/orders/${newest.id}?done=${oldest.number}`);
    const last = await post(newest.id, { intent: "approve" });
    expect(last.location).toBe(`/admin/orders?status=proof_submitted&done=${newest.number}`);
    expect(await statusOf(oldest.id)).toBe("rejected");
  });

  it("approves and delivers a store order in one step: two moves of the table, two audit rows, one mail, then the next order", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor, "pago_movil", "444444");
    const post = (id: string, fields: Record<string, string>) =>
      callRoute<ActionError>(decide(id), formRequest(`/admin/orders/${id}`, fields, staff.jar.header()));

    const page = await callRoute<ReviewData>(review(order.id), getRequest(`/admin/orders/${order.id}`, staff.jar.header()));
    expect(page.data!.order.kind).toBe("store");

    // A reference too long: refused, nothing moves (not even the approval).
    const tooLong = await post(order.id, { intent: "approve_deliver", providerReference: "9".repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(await statusOf(order.id)).toBe("proof_submitted");

    const done = await post(order.id, { intent: "approve_deliver", providerReference: " GC-77 " });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/orders?status=proof_submitted&done=${order.number}`);
    expect(await statusOf(order.id)).toBe("fulfilled");
    const history = await handle.db
      .select({ from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus, actor: orderStatusHistory.actorUserId })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(orderStatusHistory.id);
    expect(history.slice(-2)).toEqual([
      { from: "proof_submitted", to: "approved", actor: staff.id },
      { from: "approved", to: "fulfilled", actor: staff.id },
    ]);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entityId, order.id)).orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["order.approve", { status: "proof_submitted" }, { status: "approved", reason: null }],
      ["order.fulfil", { status: "approved" }, { status: "fulfilled", reason: null, providerReference: "GC-77" }],
    ]);
    const [row] = await handle.db.select({ providerReference: orders.providerReference }).from(orders).where(eq(orders.id, order.id));
    expect(row!.providerReference).toBe("GC-77");
    await smtp.waitFor((m) => /fue entregado/.test(smtp.text(m)));
    expect(smtp.received.filter((m) => /Verificamos tu pago/.test(smtp.text(m)))).toEqual([]);

    // The audit log tells each move as a sentence about order #N, linked to the order.
    const log = await callRoute<{ entries: { action: string; actorEmail: string; target: { label: string; to: string } }[] }>(
      auditLoader,
      getRequest("/admin/audit?entity=order", staff.jar.header()),
    );
    expect(log.data!.entries.map((entry) => [entry.action, entry.actorEmail, entry.target])).toEqual([
      ["order.fulfil", "staff@example.com", { label: `#${order.number}`, to: `/admin/orders/${order.id}` }],
      ["order.approve", "staff@example.com", { label: `#${order.number}`, to: `/admin/orders/${order.id}` }],
    ]);

    // Once delivered, "approve and deliver" again is refused and nothing changes.
    const again = await post(order.id, { intent: "approve_deliver" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, code: "NOT_ALLOWED_IN_STATE" });
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.entityId, order.id))).toHaveLength(2);
  });

  it("refuses approve-and-deliver for an order that is not a store order (nothing to deliver by hand)", async () => {
    const staff = await signIn("staff@example.com", { name: "Sara Staff", staff: true });
    const owner = await signIn("owner@example.com", { name: "Ana Pérez" });
    const order = await waitingOrder(owner.actor, "pago_movil", "555555");
    await handle.db.update(orders).set({ kind: "plus" }).where(eq(orders.id, order.id));
    const answer = await callRoute<ActionError>(
      decide(order.id),
      formRequest(`/admin/orders/${order.id}`, { intent: "approve_deliver" }, staff.jar.header()),
    );
    expect(answer.status).toBe(409);
    expect(await statusOf(order.id)).toBe("proof_submitted");
  });
});
