// A refund to the buyer's wallet (decision 014): the refund's move and the ledger movement commit
// together, once; an order paid from the wallet can only be refunded there; the buyer is told where
// the money is.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox, orders, users } from "~/db/schema";
import type { Currency } from "~/domain/money";
import { OrderError, decideOrder } from "~/features/orders/orders.server";
import { reconcile, reconciled } from "~/features/wallet/ledger.server";
import { paidFromWallet, refundedToWallet } from "~/features/wallet/order-refund.server";
import { adjustWallet, payOrderWithWallet, walletSummary } from "~/features/wallet/wallet.server";
import { newPlayer, waitingPlusOrder } from "./support/orders";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
const staff = { userId: "staff-1", isStaff: true };

beforeEach(async () => {
  await handle.db.insert(users).values({ id: staff.userId, email: "staff@example.com", isStaff: true });
});

/** Money in the buyer's wallet to pay with (a staff credit, as the ledger's own tests do). */
async function fund(userId: string, amount: number) {
  await adjustWallet(handle.db, {
    staffId: staff.userId,
    userId,
    currency: "USD",
    amount,
    reason: "test",
    idempotencyKey: `fund:${userId}`,
  });
}

async function balance(userId: string, currency: Currency) {
  return (await walletSummary(handle.db, userId))[currency].available;
}

async function statusOf(orderId: string) {
  const [row] = await handle.db
    .select({ status: orders.status, refundReference: orders.refundReference })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

const refundToWallet = { decision: "refund" as const, reason: "El torneo se canceló", refundTo: "wallet" as const };

describe("refunding an order to the buyer's wallet", () => {
  it("credits the order's amount at once, says so in the mail and on the order, and keeps the books balanced", async () => {
    const userId = await newPlayer(handle.db, "buyer");
    const orderId = await waitingPlusOrder(handle.db, userId, "VES", 20_000);
    // Paid by Pago Móvil and approved (the receipt flow is tested elsewhere): the money is outside the ledger.
    await handle.db.update(orders).set({ status: "approved" }).where(eq(orders.id, orderId));

    await decideOrder(handle.db, orderId, staff, refundToWallet);

    expect(await statusOf(orderId)).toEqual({ status: "refunded", refundReference: null });
    expect(await balance(userId, "VES")).toBe(20_000);
    expect(await refundedToWallet(handle.db, orderId)).toBe(true);
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.refunded"));
    expect(mail?.text).toContain("billetera");
    expect(reconciled(await reconcile(handle.db))).toBe(true);
  });

  it("a refund made outside stays outside: its reference is kept and no wallet moves", async () => {
    const userId = await newPlayer(handle.db, "buyer");
    const orderId = await waitingPlusOrder(handle.db, userId, "USD", 500);
    await handle.db.update(orders).set({ status: "approved" }).where(eq(orders.id, orderId));
    await decideOrder(handle.db, orderId, staff, {
      decision: "refund",
      reason: "Duplicado",
      refundTo: "outside",
      refundReference: "BN-778",
    });
    expect(await statusOf(orderId)).toEqual({ status: "refunded", refundReference: "BN-778" });
    expect(await balance(userId, "USD")).toBe(0);
    expect(await refundedToWallet(handle.db, orderId)).toBe(false);
  });

  it("an order paid from the wallet is refunded only to the wallet: an outside refund is refused and changes nothing", async () => {
    const userId = await newPlayer(handle.db, "buyer");
    await fund(userId, 500);
    const orderId = await waitingPlusOrder(handle.db, userId, "USD", 500);
    await payOrderWithWallet(handle.db, userId, orderId);
    expect(await paidFromWallet(handle.db, orderId)).toBe(true);
    expect(await balance(userId, "USD")).toBe(0);

    const outside = decideOrder(handle.db, orderId, staff, {
      decision: "refund",
      reason: "x",
      refundTo: "outside",
      refundReference: "R-1",
    });
    await expect(outside).rejects.toMatchObject({ code: "REFUND_TO_WALLET_ONLY" });
    expect((await statusOf(orderId))?.status).toBe("approved");
    expect(await balance(userId, "USD")).toBe(0);

    await decideOrder(handle.db, orderId, staff, refundToWallet);
    expect(await balance(userId, "USD")).toBe(500);
    expect(reconciled(await reconcile(handle.db))).toBe(true);
  });

  it("a refund that names no destination (a team removed by staff) puts a wallet payment back in the wallet, and says so", async () => {
    const userId = await newPlayer(handle.db, "buyer");
    await fund(userId, 300);
    const orderId = await waitingPlusOrder(handle.db, userId, "USD", 300);
    await payOrderWithWallet(handle.db, userId, orderId);
    await decideOrder(handle.db, orderId, staff, { decision: "refund", reason: "Equipo retirado" });
    expect(await balance(userId, "USD")).toBe(300);
    expect(await refundedToWallet(handle.db, orderId)).toBe(true);
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.refunded"));
    expect(mail?.text).toContain("billetera");
  });

  it("two staff refunding the same order at once: one refund, one credit", async () => {
    const userId = await newPlayer(handle.db, "buyer");
    const orderId = await waitingPlusOrder(handle.db, userId, "USD", 700);
    await handle.db.update(orders).set({ status: "approved" }).where(eq(orders.id, orderId));

    const results = await Promise.allSettled([
      decideOrder(handle.db, orderId, staff, refundToWallet),
      decideOrder(handle.db, orderId, staff, refundToWallet),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason instanceof OrderError && refused.reason.code).toBe("NOT_ALLOWED_IN_STATE");
    expect(await balance(userId, "USD")).toBe(700);
    expect(reconciled(await reconcile(handle.db))).toBe(true);
  });
});
