import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderStatusHistory, orders, paymentProofs, users } from "~/db/schema";
import {
  OrderError,
  cancelOrder,
  createOrder,
  decideOrder,
  expireUnpaidOrders,
  findOrderFor,
  listOrdersForStaff,
  listOrdersOfUser,
  submitProof,
  type Actor,
  type NewOrder,
} from "~/features/orders/orders.server";
import type { PaymentMethod } from "~/domain/payment-methods";

import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let owner: Actor;
let stranger: Actor;
let staff: Actor;

beforeEach(async () => {
  const make = async (email: string, isStaff = false): Promise<Actor> => {
    const id = randomUUID();
    await handle.db.insert(users).values({ id, email, name: email.split("@")[0]!, isStaff });
    return { userId: id, isStaff };
  };
  owner = await make("owner@example.com");
  stranger = await make("stranger@example.com");
  staff = await make("staff@example.com", true);
});

function newOrder(method: PaymentMethod = "pago_movil", overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    userId: owner.userId,
    kind: "store",
    paymentMethod: method,
    currency: method === "pago_movil" ? "VES" : "USD",
    amount: method === "pago_movil" ? 24550 : 100,
    amountUsd: 100,
    exchangeRate: method === "pago_movil" ? "245.50" : null,
    phone: "04141234567",
    email: "owner@example.com",
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    items: [{ label: "110 Diamantes", unitAmount: 100, quantity: 1 }],
    ...overrides,
  };
}

const pagoMovil = (reference = "123456", bankCode = "0102") => ({
  method: "pago_movil" as const,
  reference,
  bankCode,
  paidOn: "2026-11-20",
});
const receipt = { key: `${randomUUID()}.png`, type: "image/png" as const, size: 1234 };

async function statusOf(id: string) {
  const [row] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}

async function historyOf(id: string) {
  return handle.db
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      actor: orderStatusHistory.actorUserId,
      reason: orderStatusHistory.reason,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.id);
}

describe("orders", () => {
  it("are created initiated, with items and a first history line", async () => {
    const { id, number } = await createOrder(handle.db, newOrder());
    expect(number).toBeGreaterThan(0);
    expect(await statusOf(id)).toBe("initiated");
    expect(await historyOf(id)).toEqual([{ from: null, to: "initiated", actor: owner.userId, reason: null }]);
  });

  it("walk the happy path with every move recorded: proof, approval, fulfilment", async () => {
    const { id } = await createOrder(handle.db, newOrder());
    await submitProof(handle.db, id, owner, pagoMovil(), receipt);
    await decideOrder(handle.db, id, staff, { decision: "approve" });
    await decideOrder(handle.db, id, staff, { decision: "fulfil" });
    expect(await historyOf(id)).toEqual([
      { from: null, to: "initiated", actor: owner.userId, reason: null },
      { from: "initiated", to: "proof_submitted", actor: owner.userId, reason: null },
      { from: "proof_submitted", to: "approved", actor: staff.userId, reason: null },
      { from: "approved", to: "fulfilled", actor: staff.userId, reason: null },
    ]);
  });

  it("can be rejected with a reason and get new proof, even with the same reference", async () => {
    const { id } = await createOrder(handle.db, newOrder());
    await submitProof(handle.db, id, owner, pagoMovil("777777"), receipt);
    await decideOrder(handle.db, id, staff, { decision: "reject", reason: "Monto incompleto" });
    expect(await statusOf(id)).toBe("rejected");
    expect((await historyOf(id)).at(-1)).toMatchObject({ to: "rejected", reason: "Monto incompleto" });
    await submitProof(handle.db, id, owner, pagoMovil("777777"), receipt);
    expect(await statusOf(id)).toBe("proof_submitted");
    expect(await handle.db.$count(paymentProofs)).toBe(2);
  });

  it("refuse the same bank + reference on a second order", async () => {
    const first = await createOrder(handle.db, newOrder());
    const second = await createOrder(handle.db, newOrder());
    await submitProof(handle.db, first.id, owner, pagoMovil("555555", "0134"), receipt);
    await expect(submitProof(handle.db, second.id, owner, pagoMovil("555555", "0134"), receipt)).rejects.toMatchObject({
      code: "REFERENCE_USED",
    });
    expect(await statusOf(second.id)).toBe("initiated");
    // The same number from another bank is another payment.
    await submitProof(handle.db, second.id, owner, pagoMovil("555555", "0102"), receipt);
    expect(await statusOf(second.id)).toBe("proof_submitted");
  });

  it("make one proof and one move of a double submit", async () => {
    const { id } = await createOrder(handle.db, newOrder("binance"));
    const details = { method: "binance" as const, transactionId: "TX123456" };
    const results = await Promise.allSettled([
      submitProof(handle.db, id, owner, details, receipt),
      submitProof(handle.db, id, owner, details, receipt),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "NOT_ALLOWED_IN_STATE" });
    expect(await handle.db.$count(paymentProofs)).toBe(1);
    expect((await historyOf(id)).filter((line) => line.to === "proof_submitted")).toHaveLength(1);
  });

  it("refuse proof for another method, from another user, or in a closed state", async () => {
    const { id } = await createOrder(handle.db, newOrder("paypal"));
    await expect(submitProof(handle.db, id, owner, pagoMovil(), receipt)).rejects.toMatchObject({ code: "WRONG_METHOD" });
    await expect(submitProof(handle.db, id, stranger, { method: "paypal", payerEmail: "x@example.com" }, null)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await cancelOrder(handle.db, id, owner);
    await expect(submitProof(handle.db, id, owner, { method: "paypal", payerEmail: "x@example.com" }, null)).rejects.toMatchObject({
      code: "NOT_ALLOWED_IN_STATE",
    });
    expect(await handle.db.$count(paymentProofs)).toBe(0);
  });

  it("are cancelled only by their owner and only before verification", async () => {
    const open = await createOrder(handle.db, newOrder());
    await expect(cancelOrder(handle.db, open.id, stranger)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancelOrder(handle.db, open.id, staff)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await cancelOrder(handle.db, open.id, owner);
    expect(await statusOf(open.id)).toBe("cancelled");

    const approved = await createOrder(handle.db, newOrder());
    await submitProof(handle.db, approved.id, owner, pagoMovil("99999"), receipt);
    await decideOrder(handle.db, approved.id, staff, { decision: "approve" });
    await expect(cancelOrder(handle.db, approved.id, owner)).rejects.toMatchObject({ code: "NOT_ALLOWED_IN_STATE" });
    expect(await statusOf(approved.id)).toBe("approved");
  });

  it("are verified only by staff, along the table", async () => {
    const { id } = await createOrder(handle.db, newOrder());
    await expect(decideOrder(handle.db, id, owner, { decision: "approve" })).rejects.toBeInstanceOf(OrderError);
    await expect(decideOrder(handle.db, id, staff, { decision: "approve" })).rejects.toMatchObject({ code: "NOT_ALLOWED_IN_STATE" });
    await expect(decideOrder(handle.db, id, staff, { decision: "fulfil" })).rejects.toMatchObject({ code: "NOT_ALLOWED_IN_STATE" });
    expect(await statusOf(id)).toBe("initiated");
  });

  it("expire when left unpaid past their time", async () => {
    const stale = await createOrder(handle.db, newOrder("pago_movil", { expiresAt: new Date(Date.now() - 1000) }));
    const paid = await createOrder(handle.db, newOrder("pago_movil", { expiresAt: new Date(Date.now() - 1000) }));
    await submitProof(handle.db, paid.id, owner, pagoMovil("31337"), receipt);
    const fresh = await createOrder(handle.db, newOrder());
    expect(await expireUnpaidOrders(handle.db)).toEqual([stale.id]);
    expect(await statusOf(stale.id)).toBe("expired");
    expect(await statusOf(paid.id)).toBe("proof_submitted");
    expect(await statusOf(fresh.id)).toBe("initiated");
    expect((await historyOf(stale.id)).at(-1)).toMatchObject({ from: "initiated", to: "expired", actor: null, reason: "unpaid" });
  });

  it("are visible to their owner and staff only", async () => {
    const { id } = await createOrder(handle.db, newOrder());
    expect(await findOrderFor(handle.db, id, owner)).toMatchObject({ id, status: "initiated", items: [{ label: "110 Diamantes" }] });
    expect(await findOrderFor(handle.db, id, staff)).toMatchObject({ id });
    expect(await findOrderFor(handle.db, id, stranger)).toBeNull();
    expect(await findOrderFor(handle.db, "not-a-uuid", owner)).toBeNull();
    expect((await listOrdersOfUser(handle.db, stranger.userId)).rows).toEqual([]);
    expect((await listOrdersOfUser(handle.db, owner.userId)).rows).toMatchObject([{ id, items: "110 Diamantes × 1" }]);
  });

  it("are listed to their owner newest first, page by page (cursor), each once even with equal times", async () => {
    const placed: string[] = [];
    for (let i = 0; i < 25; i += 1) placed.push((await createOrder(handle.db, newOrder("binance"))).id);
    // Twenty share one instant to the microsecond; five are older.
    await handle.db.update(orders).set({ createdAt: new Date("2026-03-01T10:00:00.000Z") });
    for (const id of placed.slice(0, 5))
      await handle.db
        .update(orders)
        .set({ createdAt: new Date("2026-02-01T10:00:00.000Z") })
        .where(eq(orders.id, id));
    const first = await listOrdersOfUser(handle.db, owner.userId);
    expect(first.rows).toHaveLength(20);
    expect(first.previous).toBeNull();
    const second = await listOrdersOfUser(handle.db, owner.userId, { cursor: first.next, toward: "next" });
    expect(second.rows.map((row) => row.id).sort()).toEqual(placed.slice(0, 5).sort());
    expect(second.next).toBeNull();
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(25);
    const back = await listOrdersOfUser(handle.db, owner.userId, { cursor: second.previous, toward: "previous" });
    expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
    expect(back.previous).toBeNull();
    // Another user's orders never appear, whatever the cursor.
    expect((await listOrdersOfUser(handle.db, stranger.userId, { cursor: first.next, toward: "next" })).rows).toEqual([]);
  });

  it("fill the staff queue, filtered by status and method", async () => {
    const a = await createOrder(handle.db, newOrder("pago_movil"));
    const b = await createOrder(handle.db, newOrder("binance"));
    await submitProof(handle.db, a.id, owner, pagoMovil("1111"), receipt);
    await submitProof(handle.db, b.id, owner, { method: "binance", transactionId: "BIN-123456" }, receipt);
    expect((await listOrdersForStaff(handle.db, { status: "proof_submitted" })).rows.map((row) => row.id)).toEqual([a.id, b.id]);
    expect((await listOrdersForStaff(handle.db, { status: "proof_submitted", method: "binance" })).rows.map((row) => row.id)).toEqual([
      b.id,
    ]);
    expect((await listOrdersForStaff(handle.db, { status: "approved" })).rows).toEqual([]);
  });
});
