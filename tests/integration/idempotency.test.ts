import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderItems, orderStatusHistory, orders, registrations } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { action as checkoutAction, loader as checkoutLoader } from "~/features/store/routes/checkout";
import { action as registerAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { action as plusAction, loader as plusLoader } from "~/features/plus/routes/plus";
import { RATE_LIMITS } from "~/lib/rate-limit.server";

import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

type Created = {
  ok: boolean;
  step?: string;
  orderId?: string;
  amount?: number;
  currency?: string;
  outcome?: string;
  order?: { id: string; amount: number };
};

const cart = JSON.stringify([{ packageId: "free-fire-110", quantity: 2, shownUsd: 100 }]);
const storeForm = (key: string) => ({
  phone: "04121234567",
  gamerId: "123456789",
  paymentMethod: "pago_movil",
  items: cart,
  intent: "create",
  idempotencyKey: key,
});
const duoForm = (key: string) => ({
  tournamentId: "blood-strike-duo-clash",
  teamName: "Tigres",
  player1Name: "Uno",
  player1Ign: "t-uno",
  player1Phone: "04121234567",
  player2Name: "Dos",
  player2Ign: "t-dos",
  phone: "04141234567",
  paymentMethod: "binance",
  idempotencyKey: key,
});

describe("order creation is idempotent", () => {
  it("a store checkout sent twice, or five times at once, with the form's key creates one order", async () => {
    const buyer = await signInAs(handle.db, mailer, "buyer@example.com");
    const page = await callRoute<{ idempotencyKey: string }>(checkoutLoader, getRequest("/store/cart/checkout", buyer.jar.header()));
    const key = page.data!.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // A created order answers 303 to the checkout page naming it (which writes the order keys and goes to payment).
    const orderOf = (answer: { status: number; location?: string | null }) =>
      answer.status === 303 ? /^\/store\/cart\/checkout\?order=([0-9a-f-]{36})$/.exec(answer.location ?? "")?.[1] : undefined;
    const first = await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(key), buyer.jar.header()));
    const retry = await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(key), buyer.jar.header()));
    expect(orderOf(first)).toBeTruthy();
    expect(orderOf(retry)).toBe(orderOf(first));
    const created = await callRoute<{ created: { orderId: string; method: string; amount: number } | null }>(
      checkoutLoader,
      getRequest(first.location!, buyer.jar.header()),
    );
    expect(created.data?.created).toMatchObject({ orderId: orderOf(first), method: "pago_movil", amount: 2 * 24550 });
    expect(await handle.db.$count(orders)).toBe(1);
    expect(await handle.db.$count(orderItems)).toBe(1);
    expect(await handle.db.$count(orderStatusHistory)).toBe(1);

    const burstKey = crypto.randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(burstKey), buyer.jar.header())),
      ),
    );
    expect(new Set(burst.map(orderOf)).size).toBe(1);
    expect(burst.every((answer) => orderOf(answer))).toBe(true);
    expect(await handle.db.$count(orders)).toBe(2);

    // A new form (a new key) is a new order; another user's same key is theirs alone.
    await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(crypto.randomUUID()), buyer.jar.header()));
    const other = await signInAs(handle.db, mailer, "other@example.com");
    const theirs = await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(key), other.jar.header()));
    expect(orderOf(theirs)).toBeTruthy();
    expect(orderOf(theirs)).not.toBe(orderOf(first));
    // Nobody else's order is shown as created on their checkout page.
    const peek = await callRoute<{ created: unknown }>(checkoutLoader, getRequest(first.location!, other.jar.header()));
    expect(peek.data?.created).toBeNull();
    expect(await handle.db.$count(orders)).toBe(4);
  });

  it("a paid registration sent twice with the form's key starts one registration and one order", async () => {
    const player = await signInAs(handle.db, mailer, "duo@example.com");
    const page = await callRoute<{ idempotencyKey: string }>(
      tournamentLoader,
      getRequest("/tournament?id=blood-strike-duo-clash", player.jar.header()),
    );
    const key = page.data!.idempotencyKey;
    const answers = [];
    answers.push(await callRoute<Created>(registerAction, formRequest("/tournament", duoForm(key), player.jar.header())));
    answers.push(
      ...(await Promise.all(
        [1, 2, 3].map(() => callRoute<Created>(registerAction, formRequest("/tournament", duoForm(key), player.jar.header()))),
      )),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual(answers[0]!.data);
    }
    expect(answers[0]!.data).toMatchObject({ ok: true, outcome: "started", order: { amount: 200, currency: "USD", method: "binance" } });
    expect(await handle.db.$count(orders)).toBe(1);
    expect(await handle.db.$count(registrations, eq(registrations.userId, player.userId))).toBe(1);

    // Without a key (or with a malformed one) a second request is the ordinary "already registered".
    const again = await callRoute<Created>(registerAction, formRequest("/tournament", duoForm("bad key!"), player.jar.header()));
    expect(again.data).toMatchObject({ ok: false, code: "ALREADY_REGISTERED" });
  });
});

/** The order a created store order's 303 names (the checkout page with `?order=`). */
const storeOrderOf = (answer: { status: number; location?: string | null }) =>
  answer.status === 303 ? /^\/store\/cart\/checkout\?order=([0-9a-f-]{36})$/.exec(answer.location ?? "")?.[1] : undefined;

describe("idempotency holds against a hostile or unlucky client", () => {
  it("a Plus purchase posted again, or three times at once, with the form's key creates one order", async () => {
    const buyer = await signInAs(handle.db, mailer, "plus-twice@example.com");
    const page = await callRoute<{ idempotencyKey: string }>(plusLoader, getRequest("/plus", buyer.jar.header()));
    const key = page.data!.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const buy = (fields: Record<string, string>) => callRoute(plusAction, formRequest("/plus", fields, buyer.jar.header()));
    const form = { phone: "04141234567", paymentMethod: "binance", idempotencyKey: key };
    const first = await buy(form);
    expect(first.status).toBe(302);
    const again = await Promise.all([1, 2, 3].map(() => buy(form)));
    for (const answer of again) expect(answer.location).toBe(first.location);
    expect(await handle.db.$count(orders)).toBe(1);

    // The same key with another method is another purchase: refused, nothing written.
    const other = await callRoute<{ ok: boolean; code: string }>(
      plusAction,
      formRequest("/plus", { ...form, paymentMethod: "paypal" }, buyer.jar.header()),
    );
    expect(other.status).toBe(409);
    expect(other.data).toMatchObject({ ok: false, code: "ORDER_KEY_REUSED" });
    expect(await handle.db.$count(orders)).toBe(1);
  });

  it("the same key with another cart is refused (409 ORDER_KEY_REUSED), not answered with the first order", async () => {
    const buyer = await signInAs(handle.db, mailer, "two-carts@example.com");
    const key = crypto.randomUUID();
    const first = await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(key), buyer.jar.header()));
    expect(storeOrderOf(first)).toBeTruthy();

    const otherCart = JSON.stringify([{ packageId: "free-fire-110", quantity: 3, shownUsd: 100 }]);
    const changed = await callRoute<{ ok: boolean; code: string; typed: Record<string, string> }>(
      checkoutAction,
      formRequest("/store/cart/checkout", { ...storeForm(key), items: otherCart }, buyer.jar.header()),
    );
    expect(changed.status).toBe(409);
    expect(changed.data).toMatchObject({ ok: false, code: "ORDER_KEY_REUSED" });
    // The form comes back without the spent key, so confirming again makes the new order.
    expect(changed.data?.typed.idempotencyKey).toBeUndefined();
    const otherPlayer = await callRoute<{ ok: boolean; code: string }>(
      checkoutAction,
      formRequest("/store/cart/checkout", { ...storeForm(key), gamerId: "987654321" }, buyer.jar.header()),
    );
    expect(otherPlayer.status).toBe(409);
    expect(await handle.db.$count(orders)).toBe(1);
    const [order] = await handle.db.select().from(orderItems);
    expect(order?.quantity).toBe(2);

    // The same content again is still the first order.
    const retry = await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(key), buyer.jar.header()));
    expect(storeOrderOf(retry)).toBe(storeOrderOf(first));
  });

  it("a replayed key does not use up the buyer's order limit", async () => {
    const buyer = await signInAs(handle.db, mailer, "retrier@example.com");
    const key = crypto.randomUUID();
    const first = await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(key), buyer.jar.header()));
    expect(storeOrderOf(first)).toBeTruthy();
    // More replays than the whole allowance: each one is answered with the order.
    for (let i = 0; i < RATE_LIMITS.orderCreation.max + 2; i++) {
      const replay = await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(key), buyer.jar.header()));
      expect(storeOrderOf(replay)).toBe(storeOrderOf(first));
    }
    // The buyer's allowance is intact: new forms still create orders, until the limit itself.
    for (let i = 1; i < RATE_LIMITS.orderCreation.max; i++) {
      const next = await callRoute(checkoutAction, formRequest("/store/cart/checkout", storeForm(crypto.randomUUID()), buyer.jar.header()));
      expect(storeOrderOf(next)).toBeTruthy();
    }
    const over = await callRoute<{ code: string }>(
      checkoutAction,
      formRequest("/store/cart/checkout", storeForm(crypto.randomUUID()), buyer.jar.header()),
    );
    expect(over.status).toBe(429);
    expect(await handle.db.$count(orders)).toBe(RATE_LIMITS.orderCreation.max);
  });
});
