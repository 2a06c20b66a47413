import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { competitionReports, orderStatusHistory, tournaments, users } from "~/db/schema";
import { cashClose, dashboardFigures, workCounts } from "~/features/admin/dashboard.server";
import { loader as cashCloseCsv } from "~/features/admin/routes/cash-close-csv";
import { loader as tournamentsLoader } from "~/features/admin/routes/tournaments";
import { loader as queueLoader } from "~/features/admin/routes/orders-queue";
import { saveSupportMessage } from "~/features/support/support.server";
import { platformToday } from "~/domain/format";
import { loader as dashboardLoader } from "~/features/admin/routes/dashboard";
import { createOrder, decideOrder, submitProof } from "~/features/orders/orders.server";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import { callRoute, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest({ seed: true });

type Figures = {
  byStatus: { status: string; count: number }[];
  revenueUsd: { label: string; value: number }[];
  revenueVes: { label: string; value: number }[];
  topPackages: { label: string; quantity: number }[];
  registrationsByTournament: { title: string; live: number }[];
  queue: { waiting: number; oldest: string | Date | null };
};

describe("dashboard", () => {
  it("counts orders by status, revenue per day per currency, top packages, the queue and its oldest proof", async () => {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const owner = { userId: buyer.userId, isStaff: false };
    const make = (method: "paypal" | "pago_movil", amount: number) =>
      createOrder(handle.db, {
        userId: buyer.userId,
        kind: "store",
        paymentMethod: method,
        currency: method === "paypal" ? "USD" : "VES",
        amount,
        amountUsd: 100,
        exchangeRate: method === "paypal" ? null : "245.50",
        phone: "04141234567",
        email: "buyer@example.com",
        expiresAt: new Date(Date.now() + 3_600_000),
        items: [{ packageId: "free-fire-110", label: "Free Fire · 110 Diamantes", unitAmount: amount, quantity: 2 }],
      });
    const paid = await make("paypal", 500);
    await submitProof(handle.db, paid.id, owner, { method: "paypal", payerEmail: "payer@example.com" }, null);
    await decideOrder(handle.db, paid.id, { userId: staff.userId, isStaff: true }, { decision: "approve" });
    const waiting = await make("paypal", 300);
    await submitProof(handle.db, waiting.id, owner, { method: "paypal", payerEmail: "payer@example.com" }, null);
    await make("pago_movil", 24550);

    const answer = await callRoute<Figures>(dashboardLoader, getRequest("/admin", staff.jar.header()));
    const figures = answer.data!;
    expect(Object.fromEntries(figures.byStatus.map((row) => [row.status, row.count]))).toEqual({
      approved: 1,
      proof_submitted: 1,
      initiated: 1,
    });
    expect(figures.revenueUsd).toHaveLength(30);
    expect(figures.revenueUsd.reduce((total, day) => total + day.value, 0)).toBe(500);
    expect(figures.revenueVes.reduce((total, day) => total + day.value, 0)).toBe(0);
    expect(figures.topPackages).toEqual([{ label: "Free Fire · 110 Diamantes", quantity: 2 }]);
    expect(figures.queue.waiting).toBe(1);
    expect(figures.queue.oldest).not.toBeNull();
    expect(figures.registrationsByTournament.length).toBeGreaterThan(0);
  });
  it("counts a tournament's live registrations (a full one shows its capacity, not 0)", async () => {
    await handle.db.update(tournaments).set({ capacity: 2 }).where(eq(tournaments.id, "blood-strike-duo-clash"));
    for (const suffix of ["a", "b"]) {
      const id = randomUUID();
      await handle.db.insert(users).values({ id, email: `${id}@example.com`, name: "Jugador", age: 20 });
      await registerForTournament(handle.db, {
        tournamentId: "blood-strike-duo-clash",
        userId: id,
        email: `${id}@example.com`,
        registration: {
          teamName: `Equipo ${suffix}`,
          coachName: null,
          phone: "04141234567",
          paymentMethod: "binance",
          players: [
            { name: "Uno", ign: `uno-${suffix}`, phone: "04121234567" },
            { name: "Dos", ign: `dos-${suffix}`, phone: null },
          ],
        },
        exchangeRate: "245.50",
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    }
    const figures = await dashboardFigures(handle.db);
    const [title] = await handle.db
      .select({ title: tournaments.title })
      .from(tournaments)
      .where(eq(tournaments.id, "blood-strike-duo-clash"));
    expect(figures.registrationsByTournament.find((row) => row.title === title!.title)).toMatchObject({ capacity: 2, live: 2 });
    expect(figures.registrationsByTournament.filter((row) => row.title !== title!.title).every((row) => row.live === 0)).toBe(true);
  });
  it("counts days in the platform's calendar, also in the hours when UTC is already on the next day", async () => {
    // 00:30 UTC on the 22nd is 20:30 on the 21st in Caracas: the window ends on the 21st.
    const figures = await dashboardFigures(handle.db, new Date("2026-11-22T00:30:00Z"));
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)).toBe("2026-11-21");
    expect(figures.days[0]).toBe("2026-10-23");
  });
});

describe("the work row and the cash close", () => {
  async function setUp() {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const owner = { userId: buyer.userId, isStaff: false };
    const decider = { userId: staff.userId, isStaff: true };
    const make = async (kind: "store" | "plus", method: "paypal" | "pago_movil", amount: number) => {
      const order = await createOrder(handle.db, {
        userId: buyer.userId,
        kind,
        paymentMethod: method,
        currency: method === "paypal" ? "USD" : "VES",
        amount,
        amountUsd: 100,
        exchangeRate: method === "paypal" ? null : "245.50",
        phone: "04141234567",
        email: "buyer@example.com",
        expiresAt: new Date(Date.now() + 3_600_000),
        items: [{ label: "Free Fire · 110 Diamantes", unitAmount: amount, quantity: 1 }],
      });
      const proof =
        method === "paypal"
          ? { method, payerEmail: "payer@example.com" }
          : { method, reference: String(100000 + amount), bankCode: "0102", paidOn: platformToday() };
      await submitProof(
        handle.db,
        order.id,
        owner,
        proof,
        method === "paypal" ? null : { key: `${randomUUID()}.png`, type: "image/png", size: 10 },
      );
      return order;
    };
    return { staff, buyer, decider, make };
  }

  it("counts what waits for staff, and each count's link lists exactly those", async () => {
    const { staff, buyer, decider, make } = await setUp();
    await make("store", "paypal", 100); // to approve
    await make("store", "paypal", 200); // to approve
    const toDeliver = await make("store", "paypal", 300);
    await decideOrder(handle.db, toDeliver.id, decider, { decision: "approve" });
    const plus = await make("plus", "paypal", 400); // approved, but nothing to deliver by hand
    await decideOrder(handle.db, plus.id, decider, { decision: "approve" });
    const delivered = await make("store", "paypal", 500);
    await decideOrder(handle.db, delivered.id, decider, { decision: "approve" });
    await decideOrder(handle.db, delivered.id, decider, { decision: "fulfil" });

    await saveSupportMessage(handle.db, {
      userId: buyer.userId,
      email: "buyer@example.com",
      topic: "payment",
      message: "No llega mi recarga",
      priority: false,
    });
    const answered = await saveSupportMessage(handle.db, {
      userId: buyer.userId,
      email: "buyer@example.com",
      topic: "order",
      message: "Otra pregunta",
      priority: false,
    });
    const { supportMessages } = await import("~/db/schema");
    await handle.db.update(supportMessages).set({ status: "done" }).where(eq(supportMessages.id, answered.id));

    // Match 1: the two reports disagree (a dispute); match 2: they agree; match 3: one report only.
    const report = (matchId: number, team: string, score1: number, score2: number) => ({
      id: randomUUID(),
      tournamentId: "blood-strike-duo-clash",
      matchId,
      registrationId: team,
      userId: buyer.userId,
      score1,
      score2,
      screenshotKey: "x.png",
      screenshotType: "image/png",
    });
    await handle.db
      .insert(competitionReports)
      .values([
        report(1, "team-a", 2, 0),
        report(1, "team-b", 0, 2),
        report(2, "team-c", 2, 1),
        report(2, "team-d", 2, 1),
        report(3, "team-e", 2, 1),
      ]);

    // A cancelled tournament with a paid registration: its money has to go back.
    const id = randomUUID();
    await handle.db.insert(users).values({ id, email: `${id}@example.com`, name: "Jugador", age: 20 });
    const registered = await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: id,
      email: `${id}@example.com`,
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
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await submitProof(
      handle.db,
      registered.order!.id,
      { userId: id, isStaff: false },
      { method: "binance", transactionId: "TX123456" },
      null,
    );
    expect((await workCounts(handle.db)).refunds).toBe(0);
    await handle.db.update(tournaments).set({ status: "cancelled" }).where(eq(tournaments.id, "blood-strike-duo-clash"));

    expect(await workCounts(handle.db)).toEqual({ toApprove: 3, toDeliver: 1, disputes: 1, support: 1, refunds: 1 });

    const answer = await callRoute<{ work: Record<string, number> }>(dashboardLoader, getRequest("/admin", staff.jar.header()));
    expect(answer.data!.work).toEqual({ toApprove: 3, toDeliver: 1, disputes: 1, support: 1, refunds: 1 });

    const queue = await callRoute<{ orders: { id: string }[] }>(
      queueLoader,
      getRequest("/admin/orders?status=approved&method=all&kind=store", staff.jar.header()),
    );
    expect(queue.data!.orders.map((row) => row.id)).toEqual([toDeliver.id]);
    for (const work of ["disputes", "refunds"]) {
      const list = await callRoute<{ tournaments: { id: string }[] }>(
        tournamentsLoader,
        getRequest(`/admin/tournaments?work=${work}`, staff.jar.header()),
      );
      expect(list.data!.tournaments.map((row) => row.id)).toEqual(["blood-strike-duo-clash"]);
    }
  });

  it("adds the day's approved money per method and currency, in the platform's calendar, and exports it", async () => {
    const { staff, decider, make } = await setUp();
    const a = await make("store", "paypal", 1000);
    const b = await make("store", "paypal", 250);
    const c = await make("store", "pago_movil", 24550);
    const refunded = await make("store", "paypal", 7000);
    const otherDay = await make("store", "paypal", 9000);
    await make("store", "paypal", 3000); // proof only: not money yet
    for (const order of [a, b, c, refunded, otherDay]) await decideOrder(handle.db, order.id, decider, { decision: "approve" });
    await decideOrder(handle.db, b.id, decider, { decision: "fulfil" });
    await decideOrder(handle.db, refunded.id, decider, { decision: "refund", reason: "Sin stock", refundReference: "R-1" });
    // 00:30 UTC on the 22nd is 20:30 on the 21st in Caracas; 04:30 UTC on the 22nd is the 22nd there.
    const approvedAt = async (orderId: string, at: string) =>
      handle.db
        .update(orderStatusHistory)
        .set({ createdAt: new Date(at) })
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "approved")));
    for (const order of [a, b, c, refunded]) await approvedAt(order.id, "2026-11-22T00:30:00Z");
    await approvedAt(otherDay.id, "2026-11-22T04:30:00Z");

    expect(await cashClose(handle.db, "2026-11-21")).toEqual([
      { method: "pago_movil", currency: "VES", total: 24550, orders: 1 },
      { method: "paypal", currency: "USD", total: 1250, orders: 2 },
    ]);
    expect(await cashClose(handle.db, "2026-11-22")).toEqual([{ method: "paypal", currency: "USD", total: 9000, orders: 1 }]);
    expect(await cashClose(handle.db, "2026-11-20")).toEqual([]);

    const page = await callRoute<{ day: string; close: unknown[] }>(
      dashboardLoader,
      getRequest("/admin?day=2026-11-21", staff.jar.header()),
    );
    expect(page.data!.day).toBe("2026-11-21");
    expect(page.data!.close).toHaveLength(2);
    // A day that does not exist falls back to today rather than failing.
    const bad = await callRoute<{ day: string }>(dashboardLoader, getRequest("/admin?day=2026-02-30", staff.jar.header()));
    expect(bad.data!.day).toBe(platformToday());

    const csv = await cashCloseCsv({
      request: getRequest("/admin/cash-close.csv?day=2026-11-21", staff.jar.header()),
      params: {},
      context: {},
    } as never);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toContain("cierre-2026-11-21.csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs for accents
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n").slice(0, 3)).toEqual([
      "Día,Método,Moneda,Pedidos,Total",
      '2026-11-21,Pago Móvil,VES,1,"245,50"',
      '2026-11-21,PayPal,USD,2,"12,50"',
    ]);
  });
});
