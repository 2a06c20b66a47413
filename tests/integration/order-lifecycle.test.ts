// Every kind of order × every move of the status table (app/features/orders/core/lifecycle.ts):
// what the move does to the order, to its history, and to what the kind holds (a tournament place).
// The paths and moves come from the table itself, so a new move or kind is tested without a new line here.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { orderStatusHistory, orders, paymentProofs, registrations, streamerDonations, streamers, tournaments, users } from "~/db/schema";
import { createPoolDeposit } from "~/features/wallet/prize-pools.server";
import { buySubscription } from "~/features/streamers/subscriptions.server";
import { buyDonation } from "~/features/streamers/donation-orders.server";
import { seedDemoData } from "~/db/seed";
import { ORDER_KINDS, ORDER_STATUSES, allMoves, type MoveActor, type OrderKind, type OrderStatus } from "~/features/orders/core/lifecycle";
import { handlerFor } from "~/features/orders/order-kind-registry.server";
import {
  OrderError,
  createOrder,
  decideOrder,
  expireUnpaidOrders,
  moveOrder,
  submitProof,
  cancelOrder,
} from "~/features/orders/orders.server";
import { findTournament, registerForTournament } from "~/features/tournaments/registrations.server";

import { deliverQueuedMail } from "./support/mail";
import { memoryMailer, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;
const buyer = { id: randomUUID(), email: "buyer@example.com" };
const staffMember = { id: randomUUID(), email: "staff@example.com" };
const TOURNAMENT = "blood-strike-duo-clash";

beforeEach(async () => {
  await seedDemoData(handle.db);
  await handle.db.insert(users).values([
    { id: buyer.id, email: buyer.email, name: "Compradora", age: 21 },
    { id: staffMember.id, email: staffMember.email, name: "Staff", age: 30, isStaff: true },
  ]);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

/** A new order of the kind, in `initiated`. */
async function newOrderOf(kind: OrderKind): Promise<string> {
  if (kind === "tournament") {
    const registration = await registerForTournament(handle.db, {
      tournamentId: TOURNAMENT,
      userId: buyer.id,
      email: buyer.email,
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() + 3_600_000),
      registration: {
        teamName: `Equipo ${randomUUID().slice(0, 6)}`,
        coachName: null,
        phone: "04141234567",
        paymentMethod: "binance",
        players: [
          { name: "Uno", ign: `uno-${randomUUID().slice(0, 8)}`, phone: "04121234567" },
          { name: "Dos", ign: `dos-${randomUUID().slice(0, 8)}`, phone: null },
        ],
      },
    });
    return registration.order!.id;
  }
  if (kind === "donation") {
    // A donation order names its streamer (docs/streamers.md): approving it credits them and puts the donation on stream.
    const [existing] = await handle.db.select({ id: streamers.id }).from(streamers).where(eq(streamers.handle, "lifecycle-tips"));
    if (!existing) {
      const streamerUser = randomUUID();
      await handle.db.insert(users).values({ id: streamerUser, email: "tips@example.com", name: "Streamer", age: 25 });
      await handle.db.insert(streamers).values({ id: randomUUID(), userId: streamerUser, handle: "lifecycle-tips", status: "approved" });
    }
    const order = await buyDonation(handle.db, {
      userId: buyer.id,
      email: buyer.email,
      phone: "04141234567",
      handle: "lifecycle-tips",
      method: "binance",
      what: { amountUsd: 500, label: "Donación" },
      message: "¡Vamos!",
      public: true,
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() + 3_600_000),
      idempotencyKey: null,
    });
    return order.id;
  }
  if (kind === "subscription") {
    // A subscription order names its streamer (docs/streamers.md): approving it credits them, refunding takes it back.
    const [existing] = await handle.db.select({ id: streamers.id }).from(streamers).where(eq(streamers.handle, "lifecycle"));
    if (!existing) {
      const streamerUser = randomUUID();
      await handle.db.insert(users).values({ id: streamerUser, email: "streamer@example.com", name: "Streamer", age: 25 });
      await handle.db
        .insert(streamers)
        .values({ id: randomUUID(), userId: streamerUser, handle: "lifecycle", status: "approved", subscriptionPriceUsd: 199 });
    }
    const order = await buySubscription(handle.db, {
      userId: buyer.id,
      email: buyer.email,
      phone: "04141234567",
      handle: "lifecycle",
      method: "binance",
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() + 3_600_000),
      label: "Suscripción",
      idempotencyKey: null,
    });
    return order.id;
  }
  if (kind === "prize_pool") {
    // An organizer's deposit into a tournament's prize pool: approving it fills the pool, refunding empties it.
    const id = `pool-${randomUUID().slice(0, 8)}`;
    await handle.db.insert(tournaments).values({
      id,
      title: "Copa con premio depositado",
      game: "free-fire",
      prize: "$1.99",
      prizeFunding: "organizer",
      players: ["8", "solo"],
      image: "/x.jpg",
      date: "2099-12-01",
      capacity: 8,
      registrationClosesAt: new Date("2099-11-30T00:00:00Z"),
      status: "draft",
    });
    const order = await createPoolDeposit(handle.db, {
      userId: buyer.id,
      email: buyer.email,
      phone: "04141234567",
      tournamentId: id,
      method: "binance",
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() + 3_600_000),
      label: "Premio",
      idempotencyKey: null,
    });
    return order.id;
  }
  const order = await createOrder(handle.db, {
    userId: buyer.id,
    kind,
    paymentMethod: "binance",
    currency: "USD",
    amount: 199,
    amountUsd: 199,
    exchangeRate: null,
    phone: "04141234567",
    email: buyer.email,
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ label: "341 Diamantes", unitAmount: 199, quantity: 1 }],
  });
  return order.id;
}

const userFor = (actor: MoveActor) => (actor === "system" ? null : actor === "staff" ? staffMember.id : buyer.id);

/** The shortest walk along the table from `initiated` to `target`. */
function pathTo(target: OrderStatus): Array<{ to: OrderStatus; actor: MoveActor }> {
  const queue: Array<{ at: OrderStatus; path: Array<{ to: OrderStatus; actor: MoveActor }> }> = [{ at: "initiated", path: [] }];
  const seen = new Set<OrderStatus>(["initiated"]);
  while (queue.length) {
    const { at, path } = queue.shift()!;
    if (at === target) return path;
    for (const move of allMoves().filter((candidate) => candidate.from === at && !seen.has(candidate.to))) {
      seen.add(move.to);
      queue.push({ at: move.to, path: [...path, { to: move.to, actor: move.actors[0]! }] });
    }
  }
  throw new Error(`${target} cannot be reached`);
}

async function move(orderId: string, to: OrderStatus, actor: MoveActor) {
  return handle.db.transaction((tx) =>
    moveOrder(tx, orderId, to, { userId: userFor(actor), role: actor }, actor === "system" ? null : "motivo"),
  );
}

async function orderState(orderId: string) {
  const [order] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  const [last] = await handle.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  const [registration] = await handle.db
    .select({ status: registrations.status })
    .from(registrations)
    .where(eq(registrations.orderId, orderId));
  const tournament = await findTournament(handle.db, TOURNAMENT);
  return {
    status: order?.status,
    last,
    registration: registration?.status ?? null,
    placesTaken: tournament!.capacity - tournament!.placesLeft,
  };
}

/** What a tournament registration must be once its order is in each status: written out, not derived from the code under test. */
const REGISTRATION_WHEN: Record<OrderStatus, "pending_payment" | "confirmed" | "released"> = {
  initiated: "pending_payment",
  proof_submitted: "pending_payment",
  approved: "confirmed",
  fulfilled: "confirmed",
  rejected: "released",
  cancelled: "released",
  expired: "released",
  refunded: "released",
};

describe.each(ORDER_KINDS)("a %s order", (kind) => {
  it("has a handler for its moves", () => {
    expect(handlerFor(kind).kind).toBe(kind);
  });

  describe.each(allMoves())("moving $from → $to", ({ from, to, actors }) => {
    it("changes the order, records who, and keeps what the kind holds in step", async () => {
      const orderId = await newOrderOf(kind);
      for (const step of pathTo(from)) await move(orderId, step.to, step.actor);
      const before = await orderState(orderId);
      expect(before.status).toBe(from);

      await move(orderId, to, actors[0]!);

      const after = await orderState(orderId);
      expect(after.status).toBe(to);
      expect(after.last).toMatchObject({ fromStatus: from, toStatus: to, actorUserId: userFor(actors[0]!) });
      if (kind === "donation") {
        // The donation exists once its order was approved (and stays, marked, after a refund); never before, never otherwise.
        const donations = await handle.db
          .select({ refundedAt: streamerDonations.refundedAt })
          .from(streamerDonations)
          .where(eq(streamerDonations.orderId, orderId));
        const paid = ["approved", "fulfilled", "refunded"].includes(to);
        expect(donations).toHaveLength(paid ? 1 : 0);
        if (paid) expect(donations[0]!.refundedAt !== null).toBe(to === "refunded");
      }
      if (kind === "tournament") {
        expect(after.registration).toBe(REGISTRATION_WHEN[to]);
        expect(after.placesTaken).toBe(REGISTRATION_WHEN[to] === "released" ? 0 : 1);
      } else {
        expect(after.registration).toBeNull();
        expect(after.placesTaken).toBe(0);
      }
    });

    it("is refused to anyone the table does not name, and changes nothing", async () => {
      const others = (["owner", "staff", "system"] as const).filter((actor) => !actors.includes(actor));
      const orderId = await newOrderOf(kind);
      for (const step of pathTo(from)) await move(orderId, step.to, step.actor);
      const before = await orderState(orderId);
      for (const actor of others) await expect(move(orderId, to, actor)).rejects.toMatchObject({ code: "NOT_ALLOWED_IN_STATE" });
      expect(await orderState(orderId)).toEqual(before);
    });
  });

  it("refuses every move the table does not have", async () => {
    const orderId = await newOrderOf(kind);
    const missing = ORDER_STATUSES.filter((to) => !allMoves().some((candidate) => candidate.from === "initiated" && candidate.to === to));
    for (const to of missing) {
      for (const actor of ["owner", "staff", "system"] as const) await expect(move(orderId, to, actor)).rejects.toBeInstanceOf(OrderError);
    }
    expect((await orderState(orderId)).status).toBe("initiated");
  });
});

describe("the order module's own rules", () => {
  it("reports a kind without a handler loudly", () => {
    expect(() => handlerFor("gift-card")).toThrow(/No handler registered for order kind "gift-card"/);
  });

  it("lets the buyer cancel before proof, but only staff after it (with a reason the buyer is mailed)", async () => {
    const orderId = await newOrderOf("store");
    await submitProof(handle.db, orderId, { userId: buyer.id, isStaff: false }, { method: "binance", transactionId: "TX-123456" }, null);
    await expect(cancelOrder(handle.db, orderId, { userId: buyer.id, isStaff: false })).rejects.toMatchObject({
      code: "NOT_ALLOWED_IN_STATE",
    });
    await decideOrder(handle.db, orderId, { userId: staffMember.id, isStaff: true }, { decision: "cancel", reason: "Pago duplicado" });
    expect((await orderState(orderId)).status).toBe("cancelled");
    await deliverQueuedMail();
    expect(mailer.sent.at(-1)).toMatchObject({ to: buyer.email });
    expect(mailer.sent.at(-1)!.text).toContain("Pago duplicado");
    const proofs = await handle.db.select({ live: paymentProofs.live }).from(paymentProofs).where(eq(paymentProofs.orderId, orderId));
    expect(proofs.every((proof) => !proof.live)).toBe(true);
  });

  it("refunds a paid registration: the place frees and the buyer gets the reason and reference", async () => {
    const orderId = await newOrderOf("tournament");
    const staff = { userId: staffMember.id, isStaff: true };
    await submitProof(handle.db, orderId, { userId: buyer.id, isStaff: false }, { method: "binance", transactionId: "TX-654321" }, null);
    await decideOrder(handle.db, orderId, staff, { decision: "approve" });
    await decideOrder(handle.db, orderId, staff, { decision: "fulfil" });
    expect((await orderState(orderId)).placesTaken).toBe(1);
    await decideOrder(handle.db, orderId, staff, { decision: "refund", reason: "Torneo suspendido", refundReference: "REF-0099" });
    const state = await orderState(orderId);
    expect(state).toMatchObject({ status: "refunded", registration: "released", placesTaken: 0 });
    await deliverQueuedMail();
    const mail = mailer.sent.at(-1)!;
    expect(mail.subject).toMatch(/Reembolso|Refund/);
    expect(mail.text).toContain("Torneo suspendido");
    expect(mail.text).toContain("REF-0099");
  });

  it("mails the buyer when an unpaid order expires", async () => {
    const orderId = await newOrderOf("store");
    await handle.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    expect(await expireUnpaidOrders(handle.db)).toEqual([orderId]);
    await deliverQueuedMail();
    expect(mailer.sent.at(-1)).toMatchObject({ to: buyer.email });
    expect(mailer.sent.at(-1)!.subject).toMatch(/venció|expired/);
  });
});
