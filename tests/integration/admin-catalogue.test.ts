import { beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLog, orders, topupPackages } from "~/db/schema";
import { action as gamesAction } from "~/features/admin/routes/catalogue";
import { action as packagesAction, loader as packagesLoader } from "~/features/admin/routes/catalogue-game";
import { createOrder } from "~/features/orders/orders.server";
import { listCatalogue } from "~/features/store/catalogue.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest({ seed: true });
let staff: Awaited<ReturnType<typeof signInAs>>;

beforeEach(async () => {
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
});

const audits = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
const post = (fn: unknown, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  callRoute<{ ok: boolean; code?: string; field?: string; packageId?: string; priceBs?: number }>(
    fn as never,
    formRequest(path, fields, staff.jar.header()),
    params,
  );

describe("catalogue", () => {
  it("hiding a game takes it out of the store, audited with before and after", async () => {
    expect((await listCatalogue(handle.db)).map((game) => game.id)).toContain("free-fire");
    const answer = await post(gamesAction, "/admin/catalogue", {
      gameId: "free-fire",
      name: "Free Fire",
      logo: "/images/games/free-fire.png",
      sortOrder: "1",
      hiddenInStore: "on",
      checksPlayerId: "on",
    });
    expect(answer.data).toEqual({ ok: true, gameId: "free-fire" });
    expect((await listCatalogue(handle.db)).map((game) => game.id)).not.toContain("free-fire");
    const [entry] = await audits();
    expect(entry).toMatchObject({
      action: "game.update",
      entity: "game",
      entityId: "free-fire",
      before: { hiddenInStore: false },
      after: { hiddenInStore: true, checksPlayerId: true },
    });
  });

  it("a new package priced from the rate; a price change leaves existing orders alone", async () => {
    const created = await post(
      packagesAction,
      "/admin/catalogue/free-fire",
      { label: "Pase Élite", amount: "1", bonus: "0", priceUsd: "4.99", bsFollowsRate: "on", sortOrder: "9", active: "on" },
      { gameId: "free-fire" },
    );
    expect(created.data).toMatchObject({ ok: true, priceBs: Math.round(499 * 245.5) });
    const packageId = created.data!.packageId!;
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const order = await createOrder(handle.db, {
      userId: buyer.userId,
      kind: "store",
      paymentMethod: "paypal",
      currency: "USD",
      amount: 499,
      amountUsd: 499,
      exchangeRate: null,
      phone: "04141234567",
      email: "buyer@example.com",
      expiresAt: new Date(Date.now() + 3_600_000),
      items: [{ packageId, label: "Pase Élite", unitAmount: 499, quantity: 1 }],
    });
    const updated = await post(
      packagesAction,
      "/admin/catalogue/free-fire",
      { packageId, label: "Pase Élite", priceUsd: "5.49", priceBs: "1500,00", sortOrder: "9", active: "on" },
      { gameId: "free-fire" },
    );
    expect(updated.data).toMatchObject({ ok: true, priceBs: 150000 });
    const [pkg] = await handle.db.select().from(topupPackages).where(eq(topupPackages.id, packageId));
    expect(pkg).toMatchObject({ priceUsd: 549, priceBs: 150000, bsFollowsRate: false });
    const [kept] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.amount).toBe(499);
    expect((await audits()).map((entry) => [entry.action, entry.entityId])).toEqual([
      ["package.create", packageId],
      ["package.update", packageId],
    ]);
    const page = await callRoute<{ packages: { id: string }[] }>(
      packagesLoader,
      getRequest("/admin/catalogue/free-fire", staff.jar.header()),
      { gameId: "free-fire" },
    );
    expect(page.data!.packages.map((row) => row.id)).toContain(packageId);
  });

  it.each([
    [{ priceUsd: "-2" }, "PRICE_USD_NOT_POSITIVE"],
    [{ priceUsd: "0" }, "PRICE_USD_NOT_POSITIVE"],
    [{ priceUsd: "diez" }, "PRICE_USD_INVALID"],
    [{ priceUsd: "100000" }, "PRICE_USD_TOO_LARGE"],
  ])("refuses a package %o with %s", async (change, code) => {
    const answer = await post(
      packagesAction,
      "/admin/catalogue/free-fire",
      { label: "X", bsFollowsRate: "on", active: "on", ...change },
      { gameId: "free-fire" },
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, code, field: "priceUsd" });
    expect(await audits()).toEqual([]);
  });

  it("a package for a game that does not exist is a 404", async () => {
    const answer = await post(
      packagesAction,
      "/admin/catalogue/nope",
      { label: "X", priceUsd: "1", bsFollowsRate: "on" },
      { gameId: "nope" },
    );
    expect(answer.status).toBe(404);
  });
});
