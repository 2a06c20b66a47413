import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderItems, orders, topupPackages } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { listCatalogue, refreshCatalogueFromPriceList } from "~/features/store/catalogue.server";
import { checkPlayerId } from "~/features/store/id-checker.server";
import { action as checkoutAction } from "~/features/store/routes/checkout";
import type { DatabaseHandle } from "~/lib/db.server";
import { json, startHttpStub } from "./support/http-stub";
import { callRoute, formRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
let mailer: ReturnType<typeof memoryMailer>;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

describe("catalogue", () => {
  it("shows the five store games with their packages and hides COD Mobile and Wild Rift", async () => {
    const games = await listCatalogue(handle.db);
    expect(games.map((game) => game.id)).toEqual(["free-fire", "blood-strike", "arena-breakout", "mobile-legends", "delta-force"]);
    expect(games[0]?.packages[0]).toEqual({ id: "free-fire-110", label: "110 Diamantes", priceUsd: 100, priceBs: 24550 });
    for (const game of games) expect(game.logo).toMatch(/^\/images\/games\//);
  });

  it("refreshes prices from the external price list, and keeps the catalogue when it fails", async () => {
    let answer: unknown = [
      { id: "free-fire", juego: "Free Fire", paquetes: [{ id: 110, label: "110 Diamantes", precio_usd: 1.1, precio_bs: 270.05 }] },
      { id: "unknown-game", juego: "?", paquetes: [] },
    ];
    const stub = await startHttpStub((_url, _req, res) => json(res, 200, answer));
    try {
      expect(await refreshCatalogueFromPriceList(handle.db, `${stub.baseUrl}/prices`)).toBe(1);
      const [row] = await handle.db.select().from(topupPackages).where(eq(topupPackages.id, "free-fire-110"));
      expect(row).toMatchObject({ priceUsd: 110, priceBs: 27005 });
      answer = "{not json";
      expect(await refreshCatalogueFromPriceList(handle.db, `${stub.baseUrl}/prices`)).toBe(0);
      expect((await handle.db.select().from(topupPackages).where(eq(topupPackages.id, "free-fire-110")))[0]?.priceUsd).toBe(110);
    } finally {
      await stub.close();
    }
    expect(await refreshCatalogueFromPriceList(handle.db, "http://127.0.0.1:9/down", 500)).toBe(0);
  });
});

describe("ID checker adapter", () => {
  it("answers valid, invalid, malformed and slow the way checkout needs", async () => {
    const stub = await startHttpStub((url, _req, res) => {
      const id = url.searchParams.get("id");
      if (id === "good") return json(res, 200, { error: false, status: 200, data: { username: "ZeroRush" }, msg: "ok" });
      if (id === "bad") return json(res, 200, { error: true, status: 404, data: null, msg: "Jugador no encontrado" });
      if (id === "malformed") return json(res, 200, "<html>oops");
      // "slow": never answers in time
    });
    const settings = { baseUrl: stub.baseUrl, key: "secret-key", timeoutMs: 300 };
    try {
      expect(await checkPlayerId(settings, "free-fire", "good", null)).toEqual({ status: "valid", username: "ZeroRush" });
      expect(stub.requests[0]?.url.pathname).toBe("/free-fire");
      expect(stub.requests[0]?.headers["x-api-key"]).toBe("secret-key");
      expect(await checkPlayerId(settings, "blood-strike", "bad", null)).toEqual({ status: "invalid", message: "Jugador no encontrado" });
      expect(await checkPlayerId(settings, "arena-breakout", "malformed", null)).toEqual({ status: "unreachable" });
      expect(await checkPlayerId(settings, "free-fire", "slow", null)).toEqual({ status: "unreachable" });
      await checkPlayerId(settings, "mobile-legends", "good", "2001");
      expect(stub.requests.at(-1)?.url.searchParams.get("server")).toBe("2001");
      // Games it does not cover, and no checker at all: skipped, never a made-up "valid".
      expect(await checkPlayerId(settings, "delta-force", "x", null)).toEqual({ status: "skipped" });
      expect(await checkPlayerId(null, "free-fire", "x", null)).toEqual({ status: "skipped" });
    } finally {
      await stub.close();
    }
  });
});

describe("checkout", () => {
  const items = (list: Array<[string, number, number]>) =>
    JSON.stringify(list.map(([packageId, quantity, shownUsd]) => ({ packageId, quantity, shownUsd })));
  const fields = { phone: "04121234567", gamerId: "123456789", paymentMethod: "pago_movil" };

  it("confirms, then creates the order priced by the server", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const cart = items([
      ["free-fire-110", 2, 100],
      ["free-fire-341", 1, 300],
    ]);
    const verify = await callRoute(
      checkoutAction,
      formRequest("/store/cart/checkout", { ...fields, items: cart, intent: "verify" }, buyer.jar.header()),
    );
    expect(verify.data).toEqual({ ok: true, step: "confirm", username: null, gamerId: "123456789" });
    expect(await handle.db.$count(orders)).toBe(0);
    const created = await callRoute<{ step: string; orderId: string; amount: number; currency: string }>(
      checkoutAction,
      formRequest("/store/cart/checkout", { ...fields, items: cart, intent: "create", amount: "1", total: "0.01" }, buyer.jar.header()),
    );
    expect(created.data).toMatchObject({ ok: true, step: "created", currency: "VES", amount: 2 * 24550 + 73650 });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, created.data!.orderId));
    expect(order).toMatchObject({
      kind: "store",
      status: "initiated",
      amountUsd: 500,
      exchangeRate: "245.50",
      gamerId: "123456789",
      phone: "04121234567",
    });
    expect(await handle.db.$count(orderItems, eq(orderItems.orderId, order!.id))).toBe(2);
  });

  it("reports a changed price or a vanished package instead of charging it", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    await handle.db.update(topupPackages).set({ active: false }).where(eq(topupPackages.id, "free-fire-341"));
    const answer = await callRoute(
      checkoutAction,
      formRequest(
        "/store/cart/checkout",
        {
          ...fields,
          items: items([
            ["free-fire-110", 1, 1],
            ["free-fire-341", 1, 300],
          ]),
          intent: "create",
        },
        buyer.jar.header(),
      ),
    );
    expect(answer.status).toBe(409);
    expect(answer.data).toEqual({
      ok: false,
      code: "CART_CHANGED",
      problems: [
        { packageId: "free-fire-110", problem: "PRICE_CHANGED", priceUsd: 100, priceBs: 24550 },
        { packageId: "free-fire-341", problem: "GONE" },
      ],
    });
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it("answers bad input with codes and creates nothing", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const good = items([["free-fire-110", 1, 100]]);
    const cases: Array<[Record<string, string>, string]> = [
      [{ items: "[]" }, "EMPTY_CART"],
      [{ items: "not json" }, "EMPTY_CART"],
      [{ items: items([["no-such-package", 1, 100]]) }, "CART_CHANGED"],
      [{ items: items([["free-fire-110", 0, 100]]) }, "CART_CHANGED"],
      [{ items: items([["free-fire-110", -3, 100]]) }, "CART_CHANGED"],
      [{ items: items([["free-fire-110", 1.5, 100]]) }, "CART_CHANGED"],
      [{ items: items([["free-fire-110", 1e9, 100]]) }, "CART_CHANGED"],
      [
        {
          items: items([
            ["free-fire-110", 1, 100],
            ["blood-strike-100", 1, 100],
          ]),
        },
        "ONE_GAME_ONLY",
      ],
      [{ items: items([["cod-mobile-80", 1, 99]]) }, "CART_CHANGED"],
      [{ items: good, phone: "04131234567" }, "INVALID_PHONE"],
      [{ items: good, phone: "0412123456" }, "INVALID_PHONE"],
      [{ items: good, gamerId: "  " }, "GAMER_ID_REQUIRED"],
      [{ items: good, paymentMethod: "" }, "PAYMENT_METHOD_REQUIRED"],
    ];
    for (const [change, code] of cases) {
      const answer = await callRoute<{ code: string }>(
        checkoutAction,
        formRequest("/store/cart/checkout", { ...fields, intent: "create", ...change }, buyer.jar.header()),
      );
      expect(answer.data?.code, JSON.stringify(change)).toBe(code);
    }
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it("needs a signed-in buyer", async () => {
    const answer = await callRoute(checkoutAction, formRequest("/store/cart/checkout", { ...fields, items: "[]" }));
    expect(answer.location).toMatch(/^\/auth\?redirectTo=/);
  });
});
