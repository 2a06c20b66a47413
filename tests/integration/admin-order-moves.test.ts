import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLog, orderStatusHistory, orders } from "~/db/schema";
import { action as moveAction, loader as moveLoader } from "~/features/admin/routes/order-staff-move";
import { loader as queueLoader } from "~/features/admin/routes/orders-queue";
import { useAuthSettings } from "~/features/auth/auth.server";
import { createOrder, decideOrder, submitProof } from "~/features/orders/orders.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { useMailer } from "~/lib/mail.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
const mailer = memoryMailer();
let staff: Awaited<ReturnType<typeof signInAs>>;
let buyer: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  handle = await openTestDatabase();
  useMailer(mailer);
});
afterAll(async () => {
  useMailer(undefined);
  useAuthSettings(undefined);
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  useTestAuth(handle.db, mailer);
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  buyer = await signInAs(handle.db, mailer, "buyer@example.com");
});

const today = new Date().toISOString().slice(0, 10);
async function order(gamerId = "555000111") {
  return createOrder(handle.db, {
    userId: buyer.userId,
    kind: "store",
    paymentMethod: "pago_movil",
    currency: "VES",
    amount: 24550,
    amountUsd: 100,
    exchangeRate: "245.50",
    phone: "04141234567",
    email: "Buyer@Example.com",
    gamerId,
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ label: "110 Diamantes", unitAmount: 24550, quantity: 1 }],
  });
}
async function paid(reference: string) {
  const created = await order();
  await submitProof(
    handle.db,
    created.id,
    { userId: buyer.userId, isStaff: false },
    { method: "pago_movil", reference, bankCode: "0102", paidOn: today },
    { key: "00000000-0000-4000-8000-000000000000.png", type: "image/png", size: 10 },
  );
  return created;
}
const move = (id: string, kind: "refund" | "cancel", fields: Record<string, string>) =>
  callRoute<{ ok: boolean; code?: string; field?: string }>(
    moveAction,
    formRequest(`/admin/orders/${id}/${kind}`, fields, staff.jar.header()),
    { orderId: id },
  );
const audits = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.id));

describe("order search", () => {
  it("finds by number, e-mail, payment reference and player ID", async () => {
    const first = await paid("778899");
    const second = await order("999888777");
    const search = async (q: string) => {
      const answer = await callRoute<{ orders: { id: string }[] }>(
        queueLoader,
        getRequest(`/admin/orders?q=${encodeURIComponent(q)}`, staff.jar.header()),
      );
      return answer.data!.orders.map((row) => row.id).sort();
    };
    expect(await search(`#${first.number}`)).toEqual([first.id]);
    expect(await search(String(second.number))).toEqual([second.id]);
    expect(await search("buyer@example.com")).toEqual([first.id, second.id].sort());
    expect(await search("778899")).toEqual([first.id]);
    expect(await search("999888777")).toEqual([second.id]);
    expect(await search("nobody@example.com")).toEqual([]);
  });
});

describe("order search by what staff are handed", () => {
  it("finds by a PayPal payer's e-mail, the provider's reference and the refund reference", async () => {
    const byPaypal = await createOrder(handle.db, {
      userId: buyer.userId,
      kind: "store",
      paymentMethod: "paypal",
      currency: "USD",
      amount: 100,
      amountUsd: 100,
      exchangeRate: "245.50",
      phone: "04141234567",
      email: "buyer@example.com",
      gamerId: "123456789",
      expiresAt: new Date(Date.now() + 3_600_000),
      items: [{ label: "110 Diamantes", unitAmount: 100, quantity: 1 }],
    });
    await submitProof(
      handle.db,
      byPaypal.id,
      { userId: buyer.userId, isStaff: false },
      { method: "paypal", payerEmail: "Paula.Pagadora@example.com" },
      { key: "00000000-0000-4000-8000-000000000001.png", type: "image/png", size: 10 },
    );
    const delivered = await order("444555666");
    await handle.db.update(orders).set({ providerReference: "TOPUP-77-ABC" }).where(eq(orders.id, delivered.id));
    const refunded = await paid("321321");
    await decideOrder(handle.db, refunded.id, { userId: staff.userId, isStaff: true }, { decision: "approve" });
    expect((await move(refunded.id, "refund", { reason: "Duplicado", refundReference: "DEV-9001" })).status).toBe(302);
    const search = async (q: string) => {
      const answer = await callRoute<{ orders: { id: string }[] }>(
        queueLoader,
        getRequest(`/admin/orders?q=${encodeURIComponent(q)}`, staff.jar.header()),
      );
      return answer.data!.orders.map((row) => row.id);
    };
    expect(await search("paula.pagadora@example.com")).toEqual([byPaypal.id]);
    expect(await search("TOPUP-77-ABC")).toEqual([delivered.id]);
    expect(await search("DEV-9001")).toEqual([refunded.id]);
  });
});

describe("refund and cancel", () => {
  it("refunds an approved order with a reason and the refund reference: history and audit", async () => {
    const created = await paid("123123");
    await decideOrder(handle.db, created.id, { userId: staff.userId, isStaff: true }, { decision: "approve" });
    const page = await callRoute<{ allowed: boolean; move: string }>(
      moveLoader,
      getRequest(`/admin/orders/${created.id}/refund`, staff.jar.header()),
      { orderId: created.id },
    );
    expect(page.data).toMatchObject({ allowed: true, move: "refund" });

    const missing = await move(created.id, "refund", { reason: "Duplicado" });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ ok: false, code: "REFERENCE_REQUIRED", field: "refundReference" });

    const done = await move(created.id, "refund", { reason: "Pago duplicado", refundReference: "REF-0042" });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/orders/${created.id}`);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row).toMatchObject({ status: "refunded", refundReference: "REF-0042", amount: 24550 });
    const history = await handle.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, created.id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: "approved",
      toStatus: "refunded",
      actorUserId: staff.userId,
      reason: "Pago duplicado",
    });
    const entry = (await audits()).at(-1);
    expect(entry).toMatchObject({
      actorId: staff.userId,
      action: "order.refund",
      entity: "order",
      entityId: created.id,
      before: { status: "approved" },
      after: { status: "refunded", reason: "Pago duplicado", refundReference: "REF-0042" },
    });

    const again = await move(created.id, "refund", { reason: "Otra vez", refundReference: "X" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, code: "NOT_ALLOWED_IN_STATE" });
  });

  it("cancels an unpaid order with a reason; a refund of an unpaid order is refused", async () => {
    const created = await order();
    const refused = await move(created.id, "refund", { reason: "x", refundReference: "y" });
    expect(refused.status).toBe(409);
    const page = await callRoute<{ allowed: boolean }>(moveLoader, getRequest(`/admin/orders/${created.id}/refund`, staff.jar.header()), {
      orderId: created.id,
    });
    expect(page.data!.allowed).toBe(false);

    const done = await move(created.id, "cancel", { reason: "Cliente lo pidió" });
    expect(done.status).toBe(302);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row!.status).toBe("cancelled");
    expect((await audits()).map((entry) => entry.action)).toEqual(["order.cancel"]);
  });

  it("an unknown order is a 404", async () => {
    const answer = await move("00000000-0000-4000-8000-000000000000", "cancel", { reason: "x" });
    expect(answer.status).toBe(404);
  });
});
