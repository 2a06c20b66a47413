import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tournaments, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { dashboardFigures } from "~/features/admin/dashboard.server";
import { loader as dashboardLoader } from "~/features/admin/routes/dashboard";
import { useAuthSettings } from "~/features/auth/auth.server";
import { createOrder, decideOrder, submitProof } from "~/features/orders/orders.server";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { callRoute, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
const mailer = memoryMailer();

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  useAuthSettings(undefined);
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  useTestAuth(handle.db, mailer);
  await seedDemoData(handle.db);
});

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
