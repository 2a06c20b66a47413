import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { competitionSettings } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import type { OrderOutcome } from "~/features/orders/core/outcome";
import { createOrder, decideOrder, submitProof } from "~/features/orders/orders.server";
import { loader as myOrdersLoader } from "~/features/orders/routes/my-orders";
import { loader as orderLoader } from "~/features/orders/routes/order";
import { loader as payLoader } from "~/features/orders/routes/pay";
import { buyPlus } from "~/features/plus/plus.server";
import { loader as plusLoader } from "~/features/plus/routes/plus";
import { registerForTournament } from "~/features/tournaments/registrations.server";

import { callRoute, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;
type Person = Awaited<ReturnType<typeof signInAs>>;
let buyer: Person;
let staff: { userId: string; isStaff: true };

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  buyer = await signInAs(handle.db, mailer, "buyer@example.com");
  staff = { userId: (await signInAs(handle.db, mailer, "staff@example.com", { staff: true })).userId, isStaff: true };
});

const later = () => new Date(Date.now() + 3_600_000);

/** Sends a proof and has staff approve it, as the back-office does. */
async function payAndApprove(orderId: string) {
  await submitProof(
    handle.db,
    orderId,
    { userId: buyer.userId, isStaff: false },
    { method: "binance", transactionId: `TX-${randomUUID()}` },
    { key: `${randomUUID()}.png`, type: "image/png", size: 10 },
  );
  await decideOrder(handle.db, orderId, staff, { decision: "approve" });
}

async function orderPage(orderId: string) {
  const page = await callRoute<{
    outcome: OrderOutcome;
    tracking: { kind: string; steps: Array<{ key: string; state: string }> };
    lastStep: string;
  }>(orderLoader, getRequest(`/orders/${orderId}`, buyer.jar.header()), { orderId });
  return page.data!;
}

async function listed(orderId: string) {
  const list = await callRoute<{ orders: Array<{ id: string; outcome: OrderOutcome }> }>(
    myOrdersLoader,
    getRequest("/orders", buyer.jar.header()),
  );
  return list.data!.orders.find((order) => order.id === orderId)!.outcome;
}

describe("the order page by kind of order", () => {
  it("ends an approved registration at 'registration confirmed' with the check-in time and the event's link, the same in the list", async () => {
    const startsAt = new Date(Date.now() + 2 * 86_400_000);
    await handle.db.insert(competitionSettings).values({ tournamentId: "blood-strike-duo-clash", format: "single_elimination", startsAt });
    const { order } = await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: buyer.userId,
      email: "buyer@example.com",
      registration: {
        teamName: "Equipo",
        coachName: null,
        phone: "04141234567",
        paymentMethod: "binance",
        players: [
          { name: "Uno", ign: "uno", phone: "04121234567" },
          { name: "Dos", ign: "dos", phone: null },
        ],
      },
      exchangeRate: "245.50",
      expiresAt: later(),
    });
    const before = await orderPage(order!.id);
    expect(before.outcome).toMatchObject({ headline: "status.initiated", tone: "waiting" });
    expect(before.lastStep).toBe("registered");

    await payAndApprove(order!.id);
    const page = await orderPage(order!.id);
    expect(page.outcome).toMatchObject({
      headline: "outcome.registrationConfirmed",
      sentence: "outcome.registrationConfirmedNext",
      tone: "done",
      link: { href: "/tournament?id=blood-strike-duo-clash" },
      values: { checkIn: { dateTime: new Date(startsAt.getTime() - 60 * 60_000).toISOString() } },
    });
    // Not "delivering" for ever: the last step is done.
    expect(page.tracking.steps.at(-1)).toMatchObject({ key: "delivered", state: "done" });
    expect(await listed(order!.id)).toEqual(page.outcome);
  });

  it("ends an approved Plus purchase at 'Plus active until …'", async () => {
    const order = await buyPlus(handle.db, {
      userId: buyer.userId,
      email: "buyer@example.com",
      phone: "04141234567",
      method: "binance",
      exchangeRate: "245.50",
      expiresAt: later(),
      label: "Plus",
    });
    await payAndApprove(order.id);
    const page = await orderPage(order.id);
    expect(page.outcome).toMatchObject({ headline: "outcome.plusActive", tone: "done", link: { href: "/plus" } });
    const until = (page.outcome.values.until as { date: string }).date;
    expect(new Date(until).getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    expect(await listed(order.id)).toEqual(page.outcome);
  });

  it("keeps a top-up 'delivering' until staff mark it fulfilled, then 'delivered' to the player ID and in-game name", async () => {
    const { id } = await createOrder(handle.db, {
      userId: buyer.userId,
      kind: "store",
      paymentMethod: "binance",
      currency: "USD",
      amount: 200,
      amountUsd: 200,
      exchangeRate: null,
      phone: "04141234567",
      email: "buyer@example.com",
      expiresAt: later(),
      gamerId: "123456789",
      gamerName: "ElRey",
      items: [{ label: "341 Diamantes", unitAmount: 200, quantity: 1 }],
    });
    await payAndApprove(id);
    expect((await orderPage(id)).outcome).toMatchObject({ headline: "status.approved", sentence: "next.approved", tone: "waiting" });
    await decideOrder(handle.db, id, staff, { decision: "fulfil" });
    const page = await orderPage(id);
    expect(page.outcome).toMatchObject({
      headline: "outcome.delivered",
      tone: "done",
      details: [
        { label: "outcome.playerId", value: "123456789" },
        { label: "outcome.gamerName", value: "ElRey" },
      ],
    });
    expect(page.lastStep).toBe("delivered");
    expect(await listed(id)).toEqual(page.outcome);
  });
});

describe("the payment page", () => {
  it("shows what is being paid for, the account of a top-up, and the time left from the server's clock", async () => {
    const expiresAt = later();
    const { id } = await createOrder(handle.db, {
      userId: buyer.userId,
      kind: "store",
      paymentMethod: "binance",
      currency: "USD",
      amount: 200,
      amountUsd: 200,
      exchangeRate: null,
      phone: "04141234567",
      email: "buyer@example.com",
      expiresAt,
      gamerId: "123456789",
      gamerName: "ElRey",
      items: [{ label: "341 Diamantes", unitAmount: 200, quantity: 1 }],
    });
    const page = await callRoute<{
      order: { items: Array<{ label: string; quantity: number }>; gamerId: string; expiresAt: string };
      now: string;
    }>(payLoader, getRequest(`/orders/${id}/pay/binance`, buyer.jar.header()), { orderId: id, method: "binance" });
    expect(page.data!.order).toMatchObject({
      items: [{ label: "341 Diamantes", quantity: 1 }],
      gamerId: "123456789",
      expiresAt: expiresAt.toISOString(),
    });
    expect(Math.abs(Date.parse(page.data!.now) - Date.now())).toBeLessThan(60_000);
  });
});

describe("Plus with a purchase under way", () => {
  it("links to the unpaid or checked order instead of offering to buy again, and offers it again once that order is done", async () => {
    const fresh = await callRoute<{ inProgress: unknown }>(plusLoader, getRequest("/plus", buyer.jar.header()));
    expect(fresh.data?.inProgress).toBeNull();
    const order = await buyPlus(handle.db, {
      userId: buyer.userId,
      email: "buyer@example.com",
      phone: "04141234567",
      method: "binance",
      exchangeRate: "245.50",
      expiresAt: later(),
      label: "Plus",
    });
    const unpaid = await callRoute<{ inProgress: { id: string; status: string } }>(plusLoader, getRequest("/plus", buyer.jar.header()));
    expect(unpaid.data?.inProgress).toMatchObject({ id: order.id, status: "initiated" });
    await payAndApprove(order.id);
    const after = await callRoute<{ inProgress: unknown }>(plusLoader, getRequest("/plus", buyer.jar.header()));
    expect(after.data?.inProgress).toBeNull();
  });
});
