// Prepares a data directory for tests/e2e/instant-payments.spec.ts (docs/payments.md): the demo catalogue, people
// and unpaid orders of real packages (store, with a player ID) and a tournament place paid by PayPal.
// Usage: tsx tests/e2e/support/seed-instant.ts <dataDir>; prints {"orders": {key: {id, number}}}.
import { randomUUID } from "node:crypto";
import { registrations, tournaments, users } from "~/db/schema";
import { demoTournaments, seedDemoData } from "~/db/seed";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { createOrder } from "~/features/orders/orders.server";
import { openDatabase } from "~/lib/db.server";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-instant <dataDir>");
const handle = await openDatabase({ dataDir });
registerOrderKinds();
await seedDemoData(handle.db);
if (!(await handle.db.$count(tournaments))) await handle.db.insert(tournaments).values(demoTournaments(new Date()));

export const INSTANT_PEOPLE = {
  es: { email: "instant-es@example.com", name: "Inés Instante", language: "es" },
  en: { email: "instant-en@example.com", name: "Ian Instant", language: "en" },
  staff: { email: "instant-staff@example.com", name: "Sara Staff", language: "es", isStaff: true },
} as const;
const ids: Record<string, string> = {};
for (const [key, person] of Object.entries(INSTANT_PEOPLE)) {
  ids[key] = randomUUID();
  await handle.db.insert(users).values({
    id: ids[key],
    email: person.email,
    emailVerified: true,
    name: person.name,
    age: 25,
    favoriteGame: "free-fire",
    language: person.language,
    isStaff: "isStaff" in person,
    profileCompletedAt: new Date(),
  });
}

const plan = {
  binance: { owner: "es", method: "binance", gamerId: "123456789" },
  replay: { owner: "es", method: "binance", gamerId: "987654321" },
  failing: { owner: "es", method: "binance", gamerId: "777000777" },
  bankMatch: { owner: "es", method: "pago_movil", gamerId: "123456789" },
  bankUnknown: { owner: "es", method: "pago_movil", gamerId: "123456789" },
  paypalFee: { owner: "en", method: "paypal", gamerId: null },
} as const;
const seeded: Record<string, { id: string; number: number }> = {};
for (const [key, order] of Object.entries(plan)) {
  const ves = order.method === "pago_movil";
  const amount = ves ? 73650 : order.gamerId ? 300 : 500;
  const email = INSTANT_PEOPLE[order.owner].email;
  const created = await createOrder(handle.db, {
    userId: ids[order.owner]!,
    kind: order.gamerId ? "store" : "tournament",
    paymentMethod: order.method,
    currency: ves ? "VES" : "USD",
    amount,
    amountUsd: ves ? 300 : amount,
    exchangeRate: ves ? "245.50" : null,
    phone: "04121234567",
    email,
    gamerId: order.gamerId,
    expiresAt: new Date(Date.now() + 2 * 60 * 60 * 1000),
    items: [
      order.gamerId
        ? { packageId: "free-fire-341", label: "341 Diamantes", unitAmount: amount, quantity: 1 }
        : { label: "Blood Strike Duo Clash · inscripción", unitAmount: amount, quantity: 1 },
    ],
  });
  if (!order.gamerId)
    await handle.db.insert(registrations).values({
      id: randomUUID(),
      tournamentId: "blood-strike-duo-clash",
      userId: ids[order.owner]!,
      teamName: null,
      coachName: null,
      phone: "04121234567",
      status: "pending_payment",
      orderId: created.id,
    });
  seeded[key] = { id: created.id, number: created.number };
}
await handle.close();
console.log(JSON.stringify({ orders: seeded }));
