import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLog, exchangeRates, orders, settings, topupPackages } from "~/db/schema";
import { action as rateAction, loader as rateLoader } from "~/features/admin/routes/exchange-rate";
import { action as payToAction } from "~/features/admin/routes/payment-methods";
import { currentExchangeRate, currentExchangeRateInfo } from "~/features/orders/exchange-rate.server";
import { createOrder } from "~/features/orders/orders.server";
import { enabledPaymentMethods, payToDetails } from "~/features/orders/payment-accounts.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest({ seed: true });

const audits = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.id));

describe("exchange rate", () => {
  it("starts from the seeded rate, with its history row", async () => {
    expect(await currentExchangeRate(handle.db)).toBe("245.50");
    expect((await handle.db.select().from(exchangeRates)).length).toBe(1);
  });

  it("a new rate is kept in the history, reprices packages that follow it, leaves orders alone and is audited", async () => {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const [fixed] = await handle.db
      .update(topupPackages)
      .set({ bsFollowsRate: false, priceBs: 12345 })
      .where(eq(topupPackages.id, "free-fire-110"))
      .returning();
    expect(fixed).toBeDefined();
    const order = await createOrder(handle.db, {
      userId: buyer.userId,
      kind: "store",
      paymentMethod: "pago_movil",
      currency: "VES",
      amount: 24550,
      amountUsd: 100,
      exchangeRate: "245.50",
      phone: "04141234567",
      email: "buyer@example.com",
      gamerId: "123456789",
      expiresAt: new Date(Date.now() + 3_600_000),
      items: [{ label: "110 Diamantes", unitAmount: 24550, quantity: 1 }],
    });

    // 245,50 → 300,25 is 22% more: refused until confirmed, and nothing saved meanwhile.
    const asked = await callRoute<{ ok: boolean; code: string; confirm: { rate: string; current: string } }>(
      rateAction,
      formRequest("/admin/exchange-rate", { rate: "300,25", effectiveOn: "", source: "BCV" }, staff.jar.header()),
    );
    expect(asked.status).toBe(409);
    expect(asked.data).toMatchObject({ ok: false, code: "RATE_CHANGE_CONFIRM", confirm: { rate: "300.25" } });
    expect((await currentExchangeRateInfo(handle.db)).rate).not.toBe("300.25");
    const answer = await callRoute<{ ok: boolean; rate: string; packagesRepriced: number }>(
      rateAction,
      formRequest("/admin/exchange-rate", { rate: "300.25", effectiveOn: "", source: "BCV", confirmed: "yes" }, staff.jar.header()),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, rate: "300.25" });

    const info = await currentExchangeRateInfo(handle.db);
    expect(info).toMatchObject({ rate: "300.25", source: "BCV" });
    expect(info.effectiveOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [setting] = await handle.db.select().from(settings).where(eq(settings.key, "exchange_rate_bs_per_usd"));
    expect(setting!.value).toBe("300.25");

    const packages = await handle.db.select().from(topupPackages);
    for (const pkg of packages) {
      if (pkg.id === "free-fire-110") expect(pkg.priceBs).toBe(12345);
      else expect(pkg.priceBs).toBe(Math.round((pkg.priceUsd * 30025) / 100));
    }
    expect(answer.data!.packagesRepriced).toBe(packages.length - 1);

    const [kept] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ amount: 24550, exchangeRate: "245.50" });

    const [entry] = await audits();
    expect(entry).toMatchObject({
      actorId: staff.userId,
      action: "exchange_rate.set",
      entity: "exchange_rate",
      before: { rate: "245.50" },
    });
    expect(entry!.after).toMatchObject({ rate: "300.25", source: "BCV", packagesRepriced: packages.length - 1 });

    const page = await callRoute<{ history: { rate: string }[] }>(rateLoader, getRequest("/admin/exchange-rate", staff.jar.header()));
    expect(page.data!.history.map((row) => row.rate)).toEqual(["300.25", "245.50"]);
  });

  it.each([
    [{ rate: "-5" }, "RATE_NOT_POSITIVE"],
    [{ rate: "0" }, "RATE_NOT_POSITIVE"],
    [{ rate: "doce" }, "RATE_INVALID"],
    [{ rate: "999999999" }, "RATE_TOO_LARGE"],
    [{ rate: "250", effectiveOn: "2999-01-01" }, "DATE_IN_FUTURE"],
  ])("refuses %o with %s and changes nothing", async (fields, code) => {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const answer = await callRoute(rateAction, formRequest("/admin/exchange-rate", fields, staff.jar.header()));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, code });
    expect(await currentExchangeRate(handle.db)).toBe("245.50");
    expect(await audits()).toEqual([]);
  });
});

describe("pay-to details", () => {
  it("start from the environment, then follow what staff save; a method switched off is not offered", async () => {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    expect((await payToDetails(handle.db)).binance.payId).toBe("123456789");
    expect(await enabledPaymentMethods(handle.db)).toEqual(["pago_movil", "binance", "paypal"]);

    const saved = await callRoute(
      payToAction,
      formRequest("/admin/payment-methods", { method: "binance", payId: "55554444" }, staff.jar.header()),
    );
    expect(saved.data).toEqual({ ok: true, method: "binance" });
    expect((await payToDetails(handle.db)).binance.payId).toBe("55554444");
    expect(await enabledPaymentMethods(handle.db)).toEqual(["pago_movil", "paypal"]);

    const [entry] = await audits();
    expect(entry).toMatchObject({
      action: "payment_account.save",
      entity: "payment_account",
      entityId: "binance",
      actorId: staff.userId,
      before: { enabled: true, details: { payId: "123456789" } },
      after: { enabled: false, details: { payId: "55554444" } },
    });

    await callRoute(
      payToAction,
      formRequest(
        "/admin/payment-methods",
        { method: "pago_movil", bankCode: "0102", phone: "04241112233", id: "V-12345678", enabled: "on" },
        staff.jar.header(),
      ),
    );
    expect((await payToDetails(handle.db)).pago_movil).toEqual({ bankCode: "0102", phone: "04241112233", id: "V-12345678" });
  });

  it("refuses bad details, naming the field, and changes nothing", async () => {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const answer = await callRoute(
      payToAction,
      formRequest(
        "/admin/payment-methods",
        { method: "pago_movil", bankCode: "0102", phone: "123", id: "V-12345678", enabled: "on" },
        staff.jar.header(),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, code: "PHONE_INVALID", field: "phone" });
    const unknown = await callRoute(payToAction, formRequest("/admin/payment-methods", { method: "zelle" }, staff.jar.header()));
    expect(unknown.data).toMatchObject({ ok: false, code: "UNKNOWN_METHOD" });
    expect(await audits()).toEqual([]);
    expect((await payToDetails(handle.db)).pago_movil.phone).toBe("04141234567");
  });
});
