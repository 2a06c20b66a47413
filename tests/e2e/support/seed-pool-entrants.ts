// While the server is stopped (tests/e2e/prize-pools.spec.ts): three more players enter the
// fee-funded cup and pay their $2 (each order approved through the order lifecycle, so each fee
// reaches the pool like any approved payment); everyone entered checks in, registration has closed
// and the start is half an hour away. Straight on the data directory's database.
// Usage: tsx tests/e2e/support/seed-pool-entrants.ts <dataDir> <tournamentId>
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { competitionCheckIns, registrations } from "~/db/schema";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { createOrder, moveOrder } from "~/features/orders/orders.server";
import { readyToStart } from "./ready-to-start";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir, tournamentId] = process.argv.slice(2);
if (!dataDir || !tournamentId) throw new Error("usage: seed-pool-entrants <dataDir> <tournamentId>");
const handle = await openDatabase({ dataDir });
setDatabase(handle);
registerOrderKinds();
const db = handle.db;
const now = Date.now();
const PLAYERS = ["Beto", "Carla", "Dani"];
const ids = await seedPeople(
  db,
  PLAYERS.map((name) => [`${name.toLowerCase()}-pozo@example.com`, name, false] as const),
);
for (const name of PLAYERS) {
  const userId = ids[`${name.toLowerCase()}-pozo@example.com`]!;
  const order = await createOrder(db, {
    userId,
    kind: "tournament",
    paymentMethod: "binance",
    currency: "USD",
    amount: 200,
    amountUsd: 200,
    exchangeRate: null,
    phone: "04141234567",
    email: `${name.toLowerCase()}-pozo@example.com`,
    tournamentId,
    expiresAt: new Date(now + 3_600_000),
    items: [{ label: "Inscripción", unitAmount: 200, quantity: 1 }],
  });
  await db.insert(registrations).values({
    id: randomUUID(),
    tournamentId,
    userId,
    teamName: name,
    phone: "04141234567",
    status: "pending_payment",
    orderId: order.id,
  });
  await db.transaction((tx) => moveOrder(tx, order.id, "approved", { userId: null, role: "system" }));
}
for (const row of await db.select().from(registrations).where(eq(registrations.tournamentId, tournamentId)))
  if (row.status === "confirmed")
    await db.insert(competitionCheckIns).values({ registrationId: row.id, tournamentId, userId: row.userId }).onConflictDoNothing();
await readyToStart(db, tournamentId, now);
await handle.close();
console.log("entered");
