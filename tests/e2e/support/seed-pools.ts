// Prepares a data directory for tests/e2e/prize-pools.spec.ts: a Plus member who will create an
// organization and a fee-funded cup (no staff rights), platform staff who approve it, and a player
// with $5 in their wallet who pays their entry from it; an English-speaking organizer with $60 to deposit a prize.
// Usage: tsx tests/e2e/support/seed-pools.ts <dataDir>
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { exchangeRates, membershipPeriods, users } from "~/db/schema";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-pools <dataDir>");
const handle = await openDatabase({ dataDir });
setDatabase(handle);
registerOrderKinds();
const db = handle.db;
const now = Date.now();
const ids = await seedPeople(db, [
  ["pozo-plus@example.com", "Paula Pozo", false],
  ["pozo-staff@example.com", "Sergio Staff", true],
  ["pozo-jugador@example.com", "Iván Inscrito", false],
  ["deposit-plus@example.com", "Dora Deposit", false],
]);
// The deposit's organizer reads English (an account's language follows it).
await db.update(users).set({ language: "en" }).where(eq(users.email, "deposit-plus@example.com"));
for (const email of ["pozo-plus@example.com", "deposit-plus@example.com"])
  await db.insert(membershipPeriods).values({
    id: randomUUID(),
    userId: ids[email]!,
    startsAt: new Date(now - 3_600_000),
    endsAt: new Date(now + 30 * 86_400_000),
    note: "e2e",
  });
// Paid registrations are priced in bolívares too (Pago Móvil): the day's rate.
await db.insert(exchangeRates).values({ rate: "40.00", effectiveOn: new Date(now).toISOString().slice(0, 10), source: "BCV" });
await adjustWallet(db, {
  staffId: ids["pozo-staff@example.com"]!,
  userId: ids["pozo-jugador@example.com"]!,
  currency: "USD",
  amount: 500,
  reason: "Saldo de prueba",
  idempotencyKey: "e2e-pozo-saldo",
});
// The organizer who deposits an organizer-funded prize from their balance.
await adjustWallet(db, {
  staffId: ids["pozo-staff@example.com"]!,
  userId: ids["deposit-plus@example.com"]!,
  currency: "USD",
  amount: 6_000,
  reason: "Saldo de prueba",
  idempotencyKey: "e2e-deposit-saldo",
});
await handle.close();
console.log("seeded prize pools");
