import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { games, orders, savedPlayerIds } from "~/db/schema";
import { action as checkoutAction } from "~/features/store/routes/checkout";
import { action as checkIdAction } from "~/features/store/routes/check-id";
import { action as gameAction } from "~/features/store/routes/game";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { json, startHttpStub } from "./support/http-stub";
import { callRoute, formRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

// The store with an ID checker configured (a stub on loopback): set before the app reads its environment.
const stub = await startHttpStub((url, _req, res) => {
  const id = url.searchParams.get("id");
  const server = url.searchParams.get("server");
  if (id === "123456789") return json(res, 200, { error: false, status: 200, data: { username: "ZeroRushFF" }, msg: "ok" });
  if (id === "12345678" && server === "2001") return json(res, 200, { error: false, status: 200, data: { username: "MLKing" }, msg: "ok" });
  json(res, 200, { error: true, status: 404, data: null, msg: "Jugador no encontrado" });
});
process.env.ID_CHECKER_URL = stub.baseUrl;
process.env.ID_CHECKER_KEY = "k";

const { handle, mailer } = useSignInTest({ seed: true });

afterAll(async () => {
  await stub.close();
});

const buy = (gameId: string, fields: Record<string, string>, cookie: string) =>
  callRoute<{ ok: boolean; code?: string; message?: string }>(
    gameAction,
    formRequest(`/store/${gameId}`, { intent: "buy", phone: "04121234567", paymentMethod: "paypal", ...fields }, cookie),
    { gameId },
  );
const check = async (gameId: string, fields: Record<string, string>, ip = "198.51.100.1") => {
  const response = (await checkIdAction({
    request: formRequest(`/store/${gameId}/check-id`, fields, "", ip),
    params: { gameId },
  } as never)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("store with a player-ID checker", () => {
  it("shows the in-game name, and a wrong ID stops the purchase with the checker's message", async () => {
    expect(await check("free-fire", { playerId: "123456789" })).toEqual({ status: 200, body: { ok: true, username: "ZeroRushFF" } });
    expect(await check("free-fire", { playerId: "000" })).toEqual({
      status: 400,
      body: { ok: false, code: "ID_INVALID", field: "playerId", message: "PLAYER_NOT_FOUND" },
    });
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const refused = await buy("free-fire", { packageId: "free-fire-110", playerId: "000" }, buyer.jar.header());
    expect(refused.data).toMatchObject({ ok: false, code: "ID_INVALID", message: "PLAYER_NOT_FOUND" });
    expect(await handle.db.$count(orders)).toBe(0);
    const bought = await buy("free-fire", { packageId: "free-fire-110", playerId: "123456789" }, buyer.jar.header());
    expect(bought.status).toBe(302);
    const [order] = await handle.db.select().from(orders);
    expect(order).toMatchObject({ gamerId: "123456789", gamerName: "ZeroRushFF" });
    expect(await handle.db.select({ name: savedPlayerIds.gamerName }).from(savedPlayerIds)).toEqual([{ name: "ZeroRushFF" }]);
  });

  it("follows the game's flags as staff set them, at once (game page, JSON check and cart checkout)", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    await handle.db.update(games).set({ checksPlayerId: false }).where(eq(games.id, "free-fire"));
    const before = stub.requests.length;
    expect(await check("free-fire", { playerId: "000" })).toEqual({ status: 200, body: { ok: true, username: null } });
    const items = JSON.stringify([{ packageId: "free-fire-110", quantity: 1, shownUsd: 100 }]);
    const verify = await callRoute(
      checkoutAction,
      formRequest(
        "/store/cart/checkout",
        { phone: "04121234567", gamerId: "000", paymentMethod: "paypal", items, intent: "verify" },
        buyer.jar.header(),
      ),
    );
    expect(verify.data).toMatchObject({ ok: true, step: "confirm", username: null });
    expect(stub.requests.length).toBe(before);
    // Delta Force switched to checked, with a zone: the checker is asked, with the zone.
    await handle.db.update(games).set({ checksPlayerId: true, hasZoneField: true }).where(eq(games.id, "delta-force"));
    expect((await check("delta-force", { playerId: "12345678" })).body).toMatchObject({ code: "INVALID_SERVER" });
    expect((await check("delta-force", { playerId: "12345678", zone: "2001" })).body).toEqual({ ok: true, username: "MLKing" });
    expect(stub.requests.at(-1)?.url.pathname).toBe("/delta-force");
  });

  it("bounds the checks a network may ask for", async () => {
    for (let i = 0; i < RATE_LIMITS.playerIdCheck.max; i++)
      expect((await check("free-fire", { playerId: "123456789" }, "198.51.100.9")).status).toBe(200);
    expect(await check("free-fire", { playerId: "123456789" }, "198.51.100.9")).toEqual({
      status: 429,
      body: { ok: false, code: "RATE_LIMITED" },
    });
    expect((await check("free-fire", { playerId: "123456789" }, "198.51.100.10")).status).toBe(200);
  });
});
