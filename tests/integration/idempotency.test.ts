import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderItems, orderStatusHistory, orders, registrations } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { action as checkoutAction, loader as checkoutLoader } from "~/features/store/routes/checkout";
import { action as registerAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import type { DatabaseHandle } from "~/lib/db.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
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

describe("order creation is idempotent (hole #15.3)", () => {
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
