// Prepares a data directory for the back-office tests: the demo catalogue and tournaments, a staff
// member, a buyer with an unpaid Bs order (priced at the demo rate) and an approved dollar order,
// and a registration with accented names in the free Free Fire tournament.
// Usage: tsx tests/e2e/support/seed-backoffice.ts <dataDir>
// Prints {"unpaidVes": {id, number}, "approved": {id, number}, "toDeliver": {id, number}, "tournamentId": …} as its last line.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { orders, registrationPlayers, registrations, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { createOrder, moveOrder } from "~/features/orders/orders.server";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { openDatabase } from "~/lib/db.server";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-backoffice <dataDir>");
const handle = await openDatabase({ dataDir });
registerOrderKinds();
await seedDemoData(handle.db);

const person = async (email: string, name: string, isStaff = false) => {
  const id = randomUUID();
  await handle.db.insert(users).values({
    id,
    email,
    emailVerified: true,
    name,
    age: 25,
    favoriteGame: "free-fire",
    language: "es",
    isStaff,
    profileCompletedAt: new Date(),
  });
  return id;
};
const staffId = await person("staff-bo@example.com", "Sofía Staff", true);
// More staff: sign-in links are limited per address, and one worker runs every back-office test.
await person("staff-bo2@example.com", "Diego Despacho", true);
await person("staff-bo3@example.com", "Elena Entregas", true);
const buyerId = await person("buyer-bo@example.com", "Bruno Comprador");

const base = {
  userId: buyerId,
  kind: "store" as const,
  phone: "04141234567",
  email: "buyer-bo@example.com",
  gamerId: "123456789",
  expiresAt: new Date(Date.now() + 6 * 3_600_000),
};
const unpaidVes = await createOrder(handle.db, {
  ...base,
  paymentMethod: "pago_movil",
  currency: "VES",
  amount: 49100,
  amountUsd: 200,
  exchangeRate: "245.50",
  items: [{ packageId: "free-fire-110", label: "Free Fire · 110 Diamantes", unitAmount: 24550, quantity: 2 }],
});
const approved = await createOrder(handle.db, {
  ...base,
  paymentMethod: "paypal",
  currency: "USD",
  amount: 500,
  amountUsd: 500,
  exchangeRate: null,
  items: [{ label: "Free Fire · 520 Diamantes", unitAmount: 500, quantity: 1 }],
});
// A second one: the two refund tests must not refund the same order when one worker runs both.
const approvedToo = await createOrder(handle.db, {
  ...base,
  paymentMethod: "paypal",
  currency: "USD",
  amount: 500,
  amountUsd: 500,
  exchangeRate: null,
  items: [{ label: "Free Fire · 520 Diamantes", unitAmount: 500, quantity: 1 }],
});
await handle.db.transaction(async (tx) => {
  for (const order of [approved, approvedToo]) {
    await moveOrder(tx, order.id, "proof_submitted", { userId: buyerId, role: "owner" });
    await moveOrder(tx, order.id, "approved", { userId: staffId, role: "staff" });
  }
});

// A Mobile Legends top-up with its proof sent: staff approve it, then deliver it (ID, zone, checked name, two packages).
const toDeliver = await createOrder(handle.db, {
  ...base,
  paymentMethod: "binance",
  currency: "USD",
  amount: 480,
  amountUsd: 480,
  exchangeRate: null,
  gamerId: "12345678",
  gameServer: "2001",
  gamerName: "MLKing",
  items: [
    { packageId: "mobile-legends-86", label: "Mobile Legends · 86 Diamantes", unitAmount: 160, quantity: 2 },
    { packageId: "mobile-legends-172", label: "Mobile Legends · 172 Diamantes", unitAmount: 160, quantity: 1 },
  ],
});
await handle.db.transaction((tx) => moveOrder(tx, toDeliver.id, "proof_submitted", { userId: buyerId, role: "owner" }));

// Two more proofs waiting, older than every other: staff approve the first and the second opens.
const queue: { id: string; number: number }[] = [];
for (const [hoursAgo, label] of [
  [2, "Free Fire · 110 Diamantes"],
  [3, "Free Fire · 341 Diamantes"],
] as const) {
  const order = await createOrder(handle.db, {
    ...base,
    paymentMethod: "paypal",
    currency: "USD",
    amount: 300,
    amountUsd: 300,
    exchangeRate: null,
    items: [{ label, unitAmount: 300, quantity: 1 }],
  });
  await handle.db.transaction((tx) => moveOrder(tx, order.id, "proof_submitted", { userId: buyerId, role: "owner" }));
  await handle.db
    .update(orders)
    .set({ updatedAt: new Date(Date.now() - hoursAgo * 3_600_000) })
    .where(eq(orders.id, order.id));
  queue.push({ id: order.id, number: order.number });
}
const [queueFirst, queueSecond] = queue;

const tournamentId = "copa-free-fire-solo";
const registrationId = randomUUID();
await handle.db
  .insert(registrations)
  .values({ id: registrationId, tournamentId, userId: buyerId, phone: "04141234567", status: "confirmed" });
await handle.db.insert(registrationPlayers).values({
  id: randomUUID(),
  registrationId,
  tournamentId,
  position: 1,
  name: "José Ñúñez Güerere",
  ign: "Ñandú_Rápido",
  phone: "04141234567",
});

await handle.close();
console.log(JSON.stringify({ unpaidVes, approved, approvedToo, toDeliver, queueFirst, queueSecond, tournamentId }));
