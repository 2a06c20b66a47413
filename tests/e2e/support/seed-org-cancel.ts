// Prepares a data directory for tests/e2e/org-cancel.spec.ts: an organization ("Liga Sur", owned by
// an organizer who is not platform staff) with a published $2 cup two players entered and paid for
// (their orders approved through the order lifecycle), and an English-speaking organizer of another
// organization who sets its Discord webhook.
// Usage: tsx tests/e2e/support/seed-org-cancel.ts <dataDir>
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { registrationPlayers, registrations, tournaments, users } from "~/db/schema";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { createOrder, moveOrder } from "~/features/orders/orders.server";
import { createOrganization } from "~/features/organizations/organizations.server";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-org-cancel <dataDir>");
const handle = await openDatabase({ dataDir });
setDatabase(handle);
registerOrderKinds();
const db = handle.db;
const now = Date.now();
const ids = await seedPeople(db, [
  ["sur-owner@example.com", "Olga Sur", false],
  ["sur-ana@example.com", "Ana Pagó", false],
  ["sur-beto@example.com", "Beto Pagó", false],
  ["north-owner@example.com", "Nora North", false],
]);
await db.update(users).set({ language: "en" }).where(eq(users.email, "north-owner@example.com"));
const sur = await createOrganization(db, ids["sur-owner@example.com"]!, { name: "Liga Sur", slug: "liga-sur", description: "", links: [] });
await createOrganization(db, ids["north-owner@example.com"]!, { name: "North League", slug: "north-league", description: "", links: [] });
const tournamentId = "copa-sur";
await db.insert(tournaments).values({
  id: tournamentId,
  title: "Copa Sur",
  game: "free-fire",
  prize: "Gloria",
  players: ["Solo"],
  image: "/images/games/free-fire-banner.svg",
  date: new Date(now + 10 * 86_400_000).toISOString().slice(0, 10),
  capacity: 8,
  feeAmount: 200,
  feeCurrency: "USD",
  registrationClosesAt: new Date(now + 9 * 86_400_000),
  status: "published",
  organizationId: sur.id,
});
for (const [email, team, ign] of [
  ["sur-ana@example.com", "Ana Team", "AnaFF"],
  ["sur-beto@example.com", "Beto Team", "BetoFF"],
] as const) {
  const order = await createOrder(db, {
    userId: ids[email]!,
    kind: "tournament",
    paymentMethod: "binance",
    currency: "USD",
    amount: 200,
    amountUsd: 200,
    exchangeRate: null,
    phone: "04141234567",
    email,
    tournamentId,
    expiresAt: new Date(now + 3_600_000),
    items: [{ label: "Inscripción", unitAmount: 200, quantity: 1 }],
  });
  const registrationId = randomUUID();
  await db.insert(registrations).values({
    id: registrationId,
    tournamentId,
    userId: ids[email]!,
    teamName: team,
    phone: "04141234567",
    status: "pending_payment",
    orderId: order.id,
  });
  await db
    .insert(registrationPlayers)
    .values({ id: randomUUID(), registrationId, tournamentId, position: 1, name: team, ign, phone: null, userId: ids[email]! });
  await db.transaction((tx) => moveOrder(tx, order.id, "proof_submitted", { userId: null, role: "system" }));
  await db.transaction((tx) => moveOrder(tx, order.id, "approved", { userId: null, role: "system" }));
}
await handle.close();
console.log("seeded an organization's paid cup");
