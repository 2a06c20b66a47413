import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { games, orderItems, orders, paymentAccounts, savedPlayerIds, topupPackages } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { listCatalogue, refreshCatalogueFromPriceList } from "~/features/store/catalogue.server";
import { checkPlayerId } from "~/features/store/id-checker.server";
import { action as checkoutAction } from "~/features/store/routes/checkout";
import { action as gameAction, loader as gameLoader } from "~/features/store/routes/game";
import { action as checkIdAction } from "~/features/store/routes/check-id";

import { json, startHttpStub } from "./support/http-stub";
import { BASE_URL, callRoute, formRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

describe("catalogue", () => {
  it("shows the five store games with their packages and hides COD Mobile and Wild Rift", async () => {
    const games = await listCatalogue(handle.db);
    expect(games.map((game) => game.id)).toEqual(["free-fire", "blood-strike", "arena-breakout", "mobile-legends", "delta-force"]);
    expect(games[0]).toMatchObject({ name: "Free Fire", fromUsd: 100, packageCount: 5 });
    expect(games[2]).toMatchObject({ id: "arena-breakout", fromUsd: 99 });
    for (const game of games) {
      expect(game.logo).toMatch(/^\/images\/games\/[a-z-]+\.svg$/);
      expect(game.banner).toMatch(/^\/images\/games\/[a-z-]+-banner\.svg$/);
    }
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

  it("takes a package's English name from the price list, keeps staff's while the Spanish name stays, drops it when it changes", async () => {
    const englishOf = async (id: string) =>
      (await handle.db.select({ labelEn: topupPackages.labelEn }).from(topupPackages).where(eq(topupPackages.id, id)))[0]?.labelEn;
    let packages: object[] = [
      { id: 110, label: "110 Diamantes", label_en: "110 Diamonds", precio_usd: 1.1, precio_bs: 270.05 },
      { id: 220, label: "220 Diamantes", precio_usd: 2.2, precio_bs: 540.1 },
    ];
    const stub = await startHttpStub((_url, _req, res) => json(res, 200, [{ id: "free-fire", juego: "Free Fire", paquetes: packages }]));
    try {
      expect(await refreshCatalogueFromPriceList(handle.db, `${stub.baseUrl}/prices`)).toBe(2);
      expect(await englishOf("free-fire-110")).toBe("110 Diamonds");
      expect(await englishOf("free-fire-220")).toBeNull();
      // Staff name the second in English; the list, without English names, keeps it while its Spanish name is the same.
      await handle.db.update(topupPackages).set({ labelEn: "220 Diamonds" }).where(eq(topupPackages.id, "free-fire-220"));
      packages = [
        { id: 110, label: "110 Diamantes", precio_usd: 1.1, precio_bs: 270.05 },
        { id: 220, label: "230 Diamantes", precio_usd: 2.3, precio_bs: 564.65 },
      ];
      expect(await refreshCatalogueFromPriceList(handle.db, `${stub.baseUrl}/prices`)).toBe(2);
      expect(await englishOf("free-fire-110")).toBe("110 Diamonds");
      // Renamed in Spanish only: the old English name would be wrong, so English pages show the new Spanish one.
      expect(await englishOf("free-fire-220")).toBeNull();
    } finally {
      await stub.close();
    }
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
    const checked = (id: string) => ({ id, checksPlayerId: true, hasZoneField: false });
    try {
      expect(await checkPlayerId(settings, checked("free-fire"), "good", null)).toEqual({ status: "valid", username: "ZeroRush" });
      expect(stub.requests[0]?.url.pathname).toBe("/free-fire");
      expect(stub.requests[0]?.headers["x-api-key"]).toBe("secret-key");
      expect(await checkPlayerId(settings, checked("blood-strike"), "bad", null)).toEqual({
        status: "invalid",
        message: "PLAYER_NOT_FOUND",
      });
      expect(await checkPlayerId(settings, checked("arena-breakout"), "malformed", null)).toEqual({ status: "unreachable" });
      expect(await checkPlayerId(settings, checked("free-fire"), "slow", null)).toEqual({ status: "unreachable" });
      // The zone is sent only when the game's row has a zone field.
      await checkPlayerId(settings, { id: "mobile-legends", checksPlayerId: true, hasZoneField: true }, "good", "2001");
      expect(stub.requests.at(-1)?.url.searchParams.get("server")).toBe("2001");
      await checkPlayerId(settings, checked("free-fire"), "good", "2001");
      expect(stub.requests.at(-1)?.url.searchParams.has("server")).toBe(false);
      // A game whose row says "no check", and no checker at all: skipped, never a made-up "valid".
      const before = stub.requests.length;
      expect(await checkPlayerId(settings, { id: "delta-force", checksPlayerId: false, hasZoneField: false }, "x", null)).toEqual({
        status: "skipped",
      });
      expect(await checkPlayerId(settings, { id: "free-fire", checksPlayerId: false, hasZoneField: false }, "good", null)).toEqual({
        status: "skipped",
      });
      expect(stub.requests.length).toBe(before);
      expect(await checkPlayerId(null, checked("free-fire"), "x", null)).toEqual({ status: "skipped" });
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
    expect(verify.data).toMatchObject({
      ok: true,
      step: "confirm",
      username: null,
      gamerId: "123456789",
      total: { amount: 2 * 24550 + 73650, currency: "VES" },
    });
    expect(await handle.db.$count(orders)).toBe(0);
    const created = await callRoute(
      checkoutAction,
      formRequest("/store/cart/checkout", { ...fields, items: cart, intent: "create", amount: "1", total: "0.01" }, buyer.jar.header()),
    );
    expect(created.status).toBe(303);
    const orderId = /^\/store\/cart\/checkout\?order=([0-9a-f-]{36})$/.exec(created.location ?? "")?.[1];
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.id, orderId ?? ""));
    expect(order).toMatchObject({ amount: 2 * 24550 + 73650, currency: "VES" });
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
    expect(answer.data).toMatchObject({
      ok: false,
      code: "CART_CHANGED",
      problems: [
        { packageId: "free-fire-110", problem: "PRICE_CHANGED", priceUsd: 100, priceBs: 24550 },
        { packageId: "free-fire-341", problem: "GONE" },
      ],
    });
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it("reads the cart as the page sends it (the stored cart): a changed price comes back applied, with the label the buyer saw", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const line = (id: string, label: string, usd: number, bs: number, quantity: number) => ({
      id,
      label,
      precio_usd: usd,
      precio_bs: bs,
      quantity,
      game: "free-fire",
      gameImage: null,
    });
    const stored = { "free-fire-110": line("free-fire-110", "110 Diamantes", 50, 12000, 2) };
    const answer = await callRoute<{ code: string; changes: unknown; cart: unknown }>(
      checkoutAction,
      formRequest("/store/cart/checkout", { ...fields, items: JSON.stringify(stored), intent: "verify" }, buyer.jar.header()),
    );
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      code: "CART_CHANGED",
      changes: [{ problem: "PRICE_CHANGED", label: "110 Diamantes", priceUsd: 100 }],
      cart: { "free-fire-110": line("free-fire-110", "110 Diamantes", 100, 24550, 2) },
    });
    const fixed = JSON.stringify(answer.data!.cart);
    const created = await callRoute(
      checkoutAction,
      formRequest("/store/cart/checkout", { ...fields, items: fixed, intent: "create" }, buyer.jar.header()),
    );
    expect(created.location).toMatch(/^\/store\/cart\/checkout\?order=[0-9a-f-]{36}$/);
    // Two games in one stored cart are refused by the same rule as a list of lines.
    const mixed = { ...stored, "blood-strike-100": { ...line("blood-strike-100", "100 Gold", 100, 24550, 1), game: "blood-strike" } };
    mixed["free-fire-110"] = line("free-fire-110", "110 Diamantes", 100, 24550, 1);
    const refused = await callRoute<{ code: string }>(
      checkoutAction,
      formRequest("/store/cart/checkout", { ...fields, items: JSON.stringify(mixed), intent: "verify" }, buyer.jar.header()),
    );
    expect(refused.data?.code).toBe("ONE_GAME_ONLY");
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

describe("game page", () => {
  const page = (gameId: string, cookie = "", query = "") =>
    callRoute<Awaited<ReturnType<typeof gameLoader>>>(
      gameLoader,
      new Request(`${BASE_URL}/store/${gameId}${query}`, { headers: { Cookie: cookie } }),
      { gameId },
    );
  const buy = (gameId: string, fields: Record<string, string>, cookie: string) =>
    callRoute<{ ok: boolean; code?: string; field?: string }>(
      gameAction,
      formRequest(`/store/${gameId}`, { intent: "buy", ...fields }, cookie),
      {
        gameId,
      },
    );
  const good = { packageId: "free-fire-341", playerId: "123456789", phone: "04121234567" };

  it("shows a visible game with its packages and flags; a hidden or unknown game is a 404", async () => {
    const shown = await page("mobile-legends");
    expect(shown.status).toBe(200);
    expect(shown.data?.game).toMatchObject({ id: "mobile-legends", hasZoneField: true, checksPlayerId: true });
    expect(shown.data?.game.packages.map((item) => item.id)).toEqual([
      "mobile-legends-86",
      "mobile-legends-172",
      "mobile-legends-257",
      "mobile-legends-706",
    ]);
    expect(shown.data?.saved).toEqual([]);
    for (const hidden of ["cod-mobile", "wild-rift", "no-such-game", "../etc"]) expect((await page(hidden)).status, hidden).toBe(404);
    // Hidden by staff now: gone at once, and nothing can be bought there.
    await handle.db.update(games).set({ hiddenInStore: true }).where(eq(games.id, "free-fire"));
    expect((await page("free-fire")).status).toBe(404);
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    expect((await buy("free-fire", { ...good, paymentMethod: "paypal" }, buyer.jar.header())).status).toBe(404);
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it("prices every method on the server, whatever the form says", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const expected = {
      pago_movil: { currency: "VES", amount: 73650 },
      binance: { currency: "USD", amount: 300 },
      paypal: { currency: "USD", amount: 300 },
    };
    for (const [method, price] of Object.entries(expected)) {
      const answer = await buy(
        "free-fire",
        {
          ...good,
          paymentMethod: method,
          idempotencyKey: `key-${method}-0001`,
          amount: "1",
          price: "0.01",
          priceUsd: "1",
          priceBs: "1",
          total: "1",
        },
        buyer.jar.header(),
      );
      expect(answer.status, method).toBe(302);
      const orderId = answer.location!.match(/^\/orders\/([0-9a-f-]{36})\/pay\/(\w+)$/)!;
      expect(orderId[2]).toBe(method);
      const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId[1]!));
      expect(order, method).toMatchObject({ kind: "store", status: "initiated", amountUsd: 300, gamerId: "123456789", ...price });
      const items = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
      expect(items).toMatchObject([
        { packageId: "free-fire-341", quantity: 1, unitAmount: price.amount, label: "Free Fire · 341 Diamantes" },
      ]);
    }
    // The same form sent again (same key) gives back the same order.
    const again = await buy("free-fire", { ...good, paymentMethod: "paypal", idempotencyKey: "key-paypal-0001" }, buyer.jar.header());
    expect(again.status).toBe(302);
    expect(await handle.db.$count(orders)).toBe(3);
  });

  it("refuses a package of another game, a switched-off method and bad input, creating nothing", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    await handle.db
      .insert(paymentAccounts)
      .values({ method: "binance", enabled: false, details: { payId: "123" } })
      .onConflictDoUpdate({ target: paymentAccounts.method, set: { enabled: false } });
    const cases: Array<[string, Record<string, string>, string]> = [
      ["free-fire", { ...good, packageId: "blood-strike-100", paymentMethod: "paypal" }, "PACKAGE_GONE"],
      ["free-fire", { ...good, packageId: "", paymentMethod: "paypal" }, "PACKAGE_REQUIRED"],
      ["free-fire", { ...good, paymentMethod: "binance" }, "METHOD_DISABLED"],
      ["free-fire", { ...good, paymentMethod: "cash" }, "PAYMENT_METHOD_REQUIRED"],
      ["free-fire", { ...good, playerId: " ", paymentMethod: "paypal" }, "GAMER_ID_REQUIRED"],
      ["free-fire", { ...good, phone: "02121234567", paymentMethod: "paypal" }, "INVALID_PHONE"],
      ["mobile-legends", { ...good, packageId: "mobile-legends-86", paymentMethod: "paypal" }, "INVALID_SERVER"],
    ];
    for (const [gameId, fields, code] of cases) {
      const answer = await buy(gameId, fields, buyer.jar.header());
      expect(answer.data?.code, JSON.stringify(fields)).toBe(code);
    }
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it("sends a visitor to sign in and back to the game page with their choice", async () => {
    const answer = await buy("free-fire", { ...good, paymentMethod: "paypal" }, "");
    expect(answer.status).toBe(302);
    const back = decodeURIComponent(answer.location!.replace(/^\/auth\?redirectTo=/, ""));
    expect(back).toBe("/store/free-fire?package=free-fire-341&method=paypal&playerId=123456789");
    expect((await page("free-fire", "", "?package=free-fire-341&method=paypal&playerId=123456789")).data?.chosen).toMatchObject({
      packageId: "free-fire-341",
      method: "paypal",
      playerId: "123456789",
    });
  });

  it("remembers the player IDs a buyer used, most recent first, and shows them only to that buyer", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const other = await signInAs(handle.db, mailer, "other@example.com");
    await buy(
      "mobile-legends",
      { ...good, packageId: "mobile-legends-86", playerId: "111", zone: "2001", paymentMethod: "paypal" },
      buyer.jar.header(),
    );
    await buy(
      "mobile-legends",
      { ...good, packageId: "mobile-legends-86", playerId: "222-3003", paymentMethod: "paypal" },
      buyer.jar.header(),
    );
    await buy(
      "mobile-legends",
      { ...good, packageId: "mobile-legends-86", playerId: "111", zone: "2001", paymentMethod: "binance" },
      buyer.jar.header(),
    );
    expect(await handle.db.$count(savedPlayerIds)).toBe(2);
    const mine = await page("mobile-legends", buyer.jar.header());
    expect(mine.data?.saved).toEqual([
      { playerId: "111", zone: "2001", gamerName: null },
      { playerId: "222", zone: "3003", gamerName: null },
    ]);
    expect(mine.data?.chosen).toMatchObject({ playerId: "111", zone: "2001", phone: "04121234567" });
    expect((await page("mobile-legends", other.jar.header())).data?.saved).toEqual([]);
    expect((await page("mobile-legends")).data?.saved).toEqual([]);
    expect((await page("free-fire", buyer.jar.header())).data?.saved).toEqual([]);
  });

  it("checks an ID without a checker configured as not checked, and refuses a malformed one", async () => {
    const check = (gameId: string, fields: Record<string, string>) =>
      callRoute<{ ok: boolean; code?: string; username?: string | null }>(
        gameAction,
        formRequest(`/store/${gameId}`, { intent: "check", ...fields }),
        { gameId },
      );
    expect((await check("free-fire", { playerId: "123456789" })).data).toMatchObject({ ok: true, username: null });
    expect((await check("free-fire", { playerId: "" })).data).toMatchObject({ ok: false, code: "GAMER_ID_REQUIRED" });
    expect((await check("mobile-legends", { playerId: "123" })).data).toMatchObject({ ok: false, code: "INVALID_SERVER" });
    expect((await check("cod-mobile", { playerId: "123" })).status).toBe(404);
  });

  it("answers the page script's ID check as JSON, and a hidden game's as a 404", async () => {
    const check = async (gameId: string, fields: Record<string, string>) => {
      const response = (await checkIdAction({
        request: formRequest(`/store/${gameId}/check-id`, fields),
        params: { gameId },
      } as never)) as Response;
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await check("free-fire", { playerId: "123456789" })).toEqual({ status: 200, body: { ok: true, username: null } });
    expect(await check("mobile-legends", { playerId: "123", zone: "" })).toEqual({
      status: 400,
      body: { ok: false, code: "INVALID_SERVER", field: "zone" },
    });
    expect((await check("wild-rift", { playerId: "123" })).status).toBe(404);
  });
});
