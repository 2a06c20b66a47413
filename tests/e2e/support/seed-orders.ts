// Prepares a data directory with people and unpaid orders for the payment tests. The store and
// tournament features (which create orders for real) are not built yet, so orders are made here
// with the same repository function they will call.
// Usage: tsx tests/e2e/support/seed-orders.ts <dataDir> '<plan as JSON>'
// Prints {"users": {key: id}, "orders": {key: {id, number}}} as the last line of stdout.
import { randomUUID } from "node:crypto";
import { registrations, tournaments, users } from "~/db/schema";
import { demoTournaments } from "~/db/seed";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { createOrder, decideOrder, submitProof } from "~/features/orders/orders.server";
import { openDatabase } from "~/lib/db.server";
import type { OrderSeedPlan, SeededOrders } from "./order-seed-plan";

const [dataDir, planText] = process.argv.slice(2);
if (!dataDir || !planText) throw new Error("usage: seed-orders <dataDir> '<plan JSON>'");
const plan = JSON.parse(planText) as OrderSeedPlan;

const handle = await openDatabase({ dataDir });
registerOrderKinds();
const seeded: SeededOrders = { users: {}, orders: {} };
const emails: Record<string, string> = {};
const now = Date.now();

for (const person of plan.users) {
  const id = randomUUID();
  await handle.db.insert(users).values({
    id,
    email: person.email,
    emailVerified: true,
    name: person.name,
    age: person.age ?? 25,
    favoriteGame: "free-fire",
    language: person.language ?? "es",
    isStaff: person.isStaff ?? false,
    profileCompletedAt: new Date(),
  });
  seeded.users[person.key] = id;
  emails[person.key] = person.email;
}

// Prices per method: Pago Móvil in bolívares at the demo rate, the others in dollars.
const PRICES = {
  pago_movil: { currency: "VES", amount: 49100, amountUsd: 200, exchangeRate: "245.50" },
  binance: { currency: "USD", amount: 500, amountUsd: 500, exchangeRate: null },
  paypal: { currency: "USD", amount: 1250, amountUsd: 1250, exchangeRate: null },
} as const;

/** The demo tournament a seeded tournament order is a place in. */
const TOURNAMENT_OF_ORDERS = "blood-strike-duo-clash";

// Created one at a time and a millisecond apart, so "newest first" lists have a stable order.
for (const order of plan.orders) {
  const userId = seeded.users[order.owner];
  if (!userId) throw new Error(`order ${order.key}: unknown owner ${order.owner}`);
  const price = PRICES[order.method];
  const created = await createOrder(handle.db, {
    userId,
    kind: order.kind ?? "store",
    paymentMethod: order.method,
    currency: price.currency,
    amount: price.amount,
    amountUsd: price.amountUsd,
    exchangeRate: price.exchangeRate,
    phone: "04121234567",
    email: emails[order.owner]!,
    tournamentId: null,
    expiresAt: new Date(now + 2 * 60 * 60 * 1000),
    items: [{ label: order.label ?? "100 Diamantes Free Fire", unitAmount: price.amount, quantity: 1 }],
  });
  seeded.orders[order.key] = created;
  // A tournament order holds a place, as the registration form makes it: the demo tournaments, then the place.
  if (order.kind === "tournament") {
    if (!(await handle.db.$count(tournaments))) await handle.db.insert(tournaments).values(demoTournaments(new Date()));
    await handle.db.insert(registrations).values({
      id: randomUUID(),
      tournamentId: TOURNAMENT_OF_ORDERS,
      userId,
      teamName: null,
      coachName: null,
      phone: "04121234567",
      status: "pending_payment",
      orderId: created.id,
    });
  }
  if (order.approved) {
    const staffKey = plan.users.find((person) => person.isStaff)?.key;
    if (!staffKey) throw new Error(`order ${order.key}: an approved order needs a staff person in the plan`);
    await submitProof(
      handle.db,
      created.id,
      { userId, isStaff: false },
      { method: "binance", transactionId: `SEED-${created.number}` } as never,
      { key: `${randomUUID()}.png`, type: "image/png", size: 10 },
    );
    await decideOrder(handle.db, created.id, { userId: seeded.users[staffKey]!, isStaff: true }, { decision: "approve" });
  }
}

await handle.close();
console.log(JSON.stringify(seeded));
