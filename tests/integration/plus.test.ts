// Plus membership: bought as an order of its own kind, started by the staff's approval, extended,
// refunded, granted and ended by hand, mailed about; support messages from members come first.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, exchangeRates, membershipPeriods, orders, settings, tournaments } from "~/db/schema";
import { action as staffUserAction } from "~/features/admin/routes/user";
import { loader as staffUsersLoader } from "~/features/admin/routes/users";
import { seedDemoData } from "~/db/seed";
import { decideOrder, submitProof } from "~/features/orders/orders.server";
import { addMonths } from "~/features/plus/core/membership";
import { sendPlusMails } from "~/features/plus/plus-mail.server";
import { deliverQueuedMail } from "./support/mail";
import { endPlus, grantPlus, membershipOf } from "~/features/plus/plus.server";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import { action as buyAction, loader as plusLoader } from "~/features/plus/routes/plus";
import { action as adminSupportAction, loader as adminSupportLoader } from "~/features/support/routes/admin-support";
import { action as supportAction } from "~/features/support/routes/support";

import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;
type Person = Awaited<ReturnType<typeof signInAs>>;
let buyer: Person;
let staff: Person;
const staffActor = () => ({ userId: staff.userId, isStaff: true });

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  buyer = await signInAs(handle.db, mailer, "buyer@example.com", { name: "Bea Compradora" });
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  mailer.sent.length = 0;
});

/** Buys Plus through the page's form, sends proof and lets staff approve; returns the order id. */
async function buyAndApprove(method: "binance" | "pago_movil" = "binance") {
  const bought = await callRoute(buyAction, formRequest("/plus", { phone: "04141234567", paymentMethod: method }, buyer.jar.header()));
  expect(bought.status).toBe(302);
  const orderId = /\/orders\/([0-9a-f-]{36})\/pay\//.exec(bought.location ?? "")![1]!;
  const details =
    method === "binance"
      ? { method, transactionId: `TX-${orderId.slice(0, 8)}` }
      : { method, reference: orderId.replace(/\D/g, "").slice(0, 8).padEnd(6, "1"), bankCode: "0102", paidOn: "2026-11-20" };
  await submitProof(
    handle.db,
    orderId,
    { userId: buyer.userId, isStaff: false },
    details as never,
    method === "binance" ? { key: "x.png", type: "image/png", size: 10 } : { key: "y.png", type: "image/png", size: 10 },
  );
  await decideOrder(handle.db, orderId, staffActor(), { decision: "approve" });
  return orderId;
}

describe("buying Plus", () => {
  it("is an order priced on the server ($5, or Bs at the stored rate), whatever the form says", async () => {
    const usd = await callRoute(
      buyAction,
      formRequest("/plus", { phone: "04141234567", paymentMethod: "binance", amount: "1" }, buyer.jar.header()),
    );
    const usdId = /\/orders\/([0-9a-f-]{36})\//.exec(usd.location ?? "")![1]!;
    const bs = await callRoute(buyAction, formRequest("/plus", { phone: "04141234567", paymentMethod: "pago_movil" }, buyer.jar.header()));
    const bsId = /\/orders\/([0-9a-f-]{36})\//.exec(bs.location ?? "")![1]!;
    const [usdOrder] = await handle.db.select().from(orders).where(eq(orders.id, usdId));
    const [bsOrder] = await handle.db.select().from(orders).where(eq(orders.id, bsId));
    expect(usdOrder).toMatchObject({ kind: "plus", status: "initiated", currency: "USD", amount: 500, amountUsd: 500 });
    expect(bsOrder).toMatchObject({ kind: "plus", currency: "VES", amount: 122750, exchangeRate: "245.50" });
  });

  it("shows its page before staff have set any exchange rate: in dollars, without a Bs price", async () => {
    await handle.db.delete(exchangeRates);
    await handle.db.delete(settings).where(eq(settings.key, "exchange_rate_bs_per_usd"));
    const page = await callRoute<{ offer: { priceUsd: number; priceBs: number | null } }>(plusLoader, getRequest("/plus"));
    expect(page.status).toBe(200);
    expect(page.data?.offer).toMatchObject({ priceUsd: 500, priceBs: null });
  });

  it("refuses bad input with a translated code and creates nothing", async () => {
    for (const [fields, code] of [
      [{ phone: "123", paymentMethod: "binance" }, "INVALID_PHONE"],
      [{ phone: "04141234567", paymentMethod: "cash" }, "METHOD_REQUIRED"],
      [{}, "INVALID_PHONE"],
    ] as const) {
      const answer = await callRoute<{ ok: boolean; code: string }>(buyAction, formRequest("/plus", fields, buyer.jar.header()));
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, code });
    }
    expect(await handle.db.$count(orders)).toBe(0);
    // The page is the server's answer (no React on it): what was typed comes back to be shown again.
    const refused = await callRoute(
      buyAction,
      formRequest("/plus", { phone: "0414 123", paymentMethod: "zelle", amount: "1" }, buyer.jar.header()),
    );
    expect(refused.data).toMatchObject({ ok: false, code: "INVALID_PHONE", typed: { phone: "0414 123", paymentMethod: "zelle" } });
    expect((refused.data as { typed: object }).typed).not.toHaveProperty("amount");
    // Visitors are sent to sign in.
    expect((await callRoute(buyAction, formRequest("/plus", { phone: "04141234567", paymentMethod: "binance" }))).status).toBe(302);
  });

  it("starts when staff approve, mails the member, and shows on the page", async () => {
    const before = new Date();
    const orderId = await buyAndApprove();
    const membership = await membershipOf(handle.db, buyer.userId);
    expect(membership.member).toBe(true);
    expect(membership.periods).toHaveLength(1);
    expect(membership.periods[0]!.orderId).toBe(orderId);
    expect(membership.until!.getTime()).toBeGreaterThanOrEqual(addMonths(before, 1).getTime() - 1000);
    await deliverQueuedMail();
    expect(mailer.sent.at(-1)!.subject).toMatch(/Ya eres Plus|You are Plus/);
    const page = await callRoute<{ membership: { member: boolean; periods: unknown[] } }>(
      plusLoader,
      getRequest("/plus", buyer.jar.header()),
    );
    expect(page.data?.membership).toMatchObject({ member: true });
  });

  it("extends a running membership from its end, and a refund takes that month away again", async () => {
    await buyAndApprove();
    const first = await membershipOf(handle.db, buyer.userId);
    const second = await buyAndApprove("pago_movil");
    const extended = await membershipOf(handle.db, buyer.userId);
    expect(extended.until).toEqual(addMonths(first.until!, 1));
    await decideOrder(handle.db, second, staffActor(), { decision: "refund", reason: "Compra duplicada" });
    expect((await membershipOf(handle.db, buyer.userId)).until).toEqual(first.until);
  });

  it("takes price and length from the settings", async () => {
    await handle.db.insert(settings).values([
      { key: "plus_price_usd_cents", value: "1200" },
      { key: "plus_months", value: "3" },
    ]);
    const before = new Date();
    const orderId = await buyAndApprove();
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.amount).toBe(1200);
    const { until } = await membershipOf(handle.db, buyer.userId);
    expect(until!.getTime()).toBeGreaterThanOrEqual(addMonths(before, 3).getTime() - 1000);
  });
});

describe("staff and time", () => {
  it("grant months as a gift and end a membership now", async () => {
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 2, note: "Premio del torneo" });
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "Otro regalo" });
    const granted = await membershipOf(handle.db, buyer.userId);
    expect(granted.member).toBe(true);
    expect(granted.periods).toHaveLength(2);
    expect(await endPlus(handle.db, { userId: buyer.userId })).toEqual({ ended: 1, removed: 1 });
    expect((await membershipOf(handle.db, buyer.userId)).member).toBe(false);
  });

  it("grant and end by hand from the back-office, each with its audit row; never for non-staff", async () => {
    const post = (fields: Record<string, string>, jar: string) =>
      callRoute<{ ok: boolean; code?: string }>(staffUserAction, formRequest(`/admin/users/${buyer.userId}`, fields, jar), {
        userId: buyer.userId,
      });
    expect((await post({ intent: "plus-grant", months: "2", note: "Premio" }, buyer.jar.header())).status).toBe(404);
    expect((await post({ intent: "plus-grant", months: "0", note: "Premio" }, staff.jar.header())).data).toMatchObject({
      ok: false,
      code: "MONTHS_INVALID",
    });
    expect((await post({ intent: "plus-grant", months: "2", note: " " }, staff.jar.header())).data).toMatchObject({
      ok: false,
      code: "REASON_REQUIRED",
    });
    expect((await membershipOf(handle.db, buyer.userId)).member).toBe(false);
    expect((await post({ intent: "plus-grant", months: "2", note: "Premio del torneo" }, staff.jar.header())).data).toMatchObject({
      ok: true,
    });
    expect((await membershipOf(handle.db, buyer.userId)).member).toBe(true);
    // Staff lists mark members.
    const list = await callRoute<{ users: { email: string; plus: boolean }[] }>(
      staffUsersLoader,
      getRequest("/admin/users?q=example.com", staff.jar.header()),
    );
    expect(list.data!.users.find((user) => user.email === "buyer@example.com")?.plus).toBe(true);
    expect(list.data!.users.find((user) => user.email === "staff@example.com")?.plus).toBe(false);
    expect((await post({ intent: "plus-end", note: "Reembolsado por Binance" }, staff.jar.header())).data).toMatchObject({ ok: true });
    expect((await membershipOf(handle.db, buyer.userId)).member).toBe(false);
    const audit = await handle.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, buyer.userId));
    expect(audit).toEqual([
      { action: "plus.grant", actorId: staff.userId },
      { action: "plus.end", actorId: staff.userId },
    ]);
  });

  it("mail a reminder three days before the end and a note when it ended, once each", async () => {
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    const [period] = await handle.db.select().from(membershipPeriods).where(eq(membershipPeriods.userId, buyer.userId));
    const ends = period!.endsAt;
    const fourDaysBefore = new Date(ends.getTime() - 4 * 86_400_000);
    expect(await sendPlusMails(handle.db, fourDaysBefore)).toBe(0);
    const twoDaysBefore = new Date(ends.getTime() - 2 * 86_400_000);
    expect(await sendPlusMails(handle.db, twoDaysBefore)).toBe(1);
    expect(await sendPlusMails(handle.db, twoDaysBefore)).toBe(0);
    await deliverQueuedMail();
    expect(mailer.sent.at(-1)!.subject).toMatch(/termina pronto|ends soon/);
    const after = new Date(ends.getTime() + 60_000);
    expect(await sendPlusMails(handle.db, after)).toBe(1);
    await deliverQueuedMail();
    expect(mailer.sent.at(-1)!.subject).toMatch(/terminó|has ended/);
    expect(await sendPlusMails(handle.db, after)).toBe(0);
  });

  it("send no reminder when a renewal continues the membership", async () => {
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "uno" });
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "dos" });
    const [first] = await handle.db.select().from(membershipPeriods).where(eq(membershipPeriods.note, "uno"));
    expect(await sendPlusMails(handle.db, new Date(first!.endsAt.getTime() - 86_400_000))).toBe(0);
  });
});

describe("support", () => {
  it("stores messages, flags members' and lists them first for staff only", async () => {
    const other = await signInAs(handle.db, mailer, "other@example.com");
    expect(
      (
        await callRoute(
          supportAction,
          formRequest("/support", { topic: "order", message: "Mi recarga no llegó todavía" }, other.jar.header()),
        )
      ).data,
    ).toMatchObject({ ok: true, priority: false });
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    expect(
      (
        await callRoute(
          supportAction,
          formRequest("/support", { topic: "payment", message: "Pagué dos veces el mismo pedido" }, buyer.jar.header()),
        )
      ).data,
    ).toMatchObject({ ok: true, priority: true });
    const bad = await callRoute<{ code: string }>(
      supportAction,
      formRequest("/support", { topic: "payment", message: "hola" }, buyer.jar.header()),
    );
    expect(bad).toMatchObject({
      status: 400,
      data: { code: "MESSAGE_TOO_SHORT", field: "message", typed: { topic: "payment", message: "hola" } },
    });

    const list = await callRoute<{ rows: { email: string; priority: boolean; id: string }[] }>(
      adminSupportLoader,
      getRequest("/admin/support", staff.jar.header()),
    );
    expect(list.data!.rows.map((row) => [row.email, row.priority])).toEqual([
      ["buyer@example.com", true],
      ["other@example.com", false],
    ]);
    expect((await callRoute(adminSupportLoader, getRequest("/admin/support", buyer.jar.header()))).status).toBe(404);
    expect(
      (await callRoute(adminSupportAction, formRequest("/admin/support", { id: list.data!.rows[0]!.id }, buyer.jar.header()))).status,
    ).toBe(404);
    await callRoute(adminSupportAction, formRequest("/admin/support", { id: list.data!.rows[0]!.id }, staff.jar.header()));
    const open = await callRoute<{ rows: unknown[] }>(adminSupportLoader, getRequest("/admin/support", staff.jar.header()));
    expect(open.data!.rows).toHaveLength(1);
  });
});

describe("early access", () => {
  const opens = new Date(Date.now() + 2 * 86_400_000);
  const second = 1000;
  const minutes = (n: number) => n * 60_000;

  async function register(userId: string, email: string, now: Date, suffix: string) {
    return registerForTournament(handle.db, {
      tournamentId: "copa-free-fire-solo",
      userId,
      email,
      exchangeRate: "245.50",
      expiresAt: new Date(now.getTime() + 3_600_000),
      now,
      registration: {
        teamName: null,
        coachName: null,
        phone: "04141234567",
        paymentMethod: null,
        players: [{ name: "Jugador", ign: `ign-${suffix}`, phone: null }],
      },
    });
  }

  beforeEach(async () => {
    await handle.db
      .update(tournaments)
      .set({ registrationOpensAt: opens, registrationClosesAt: new Date(opens.getTime() + 86_400_000) })
      .where(eq(tournaments.id, "copa-free-fire-solo"));
  });

  it("opens for everyone else at the opening time, not a second before", async () => {
    await expect(register(buyer.userId, "buyer@example.com", new Date(opens.getTime() - second), "a")).rejects.toMatchObject({
      code: "NOT_OPEN_YET",
    });
    await expect(register(buyer.userId, "buyer@example.com", opens, "a")).resolves.toMatchObject({ order: null });
  });

  it("opens for a member 15 minutes before, not 15 minutes and a second before", async () => {
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    await expect(register(buyer.userId, "buyer@example.com", new Date(opens.getTime() - minutes(15) - second), "b")).rejects.toMatchObject({
      code: "NOT_OPEN_YET",
    });
    await expect(register(buyer.userId, "buyer@example.com", new Date(opens.getTime() - minutes(15)), "b")).resolves.toMatchObject({
      order: null,
    });
  });

  it("shows each person their own opening time on the tournament page", async () => {
    const { loader: tournamentLoader } = await import("~/features/tournaments/routes/tournament");
    const page = (jar: string) =>
      callRoute<{ opensForMe: string | null; member: boolean }>(tournamentLoader, getRequest("/tournament?id=copa-free-fire-solo", jar));
    expect((await page(buyer.jar.header())).data).toMatchObject({ member: false, opensForMe: opens.toISOString() });
    await grantPlus(handle.db, { userId: buyer.userId, staffId: staff.userId, months: 1, note: "regalo" });
    expect((await page(buyer.jar.header())).data).toMatchObject({
      member: true,
      opensForMe: new Date(opens.getTime() - minutes(15)).toISOString(),
    });
  });
});
