// Prepares a data directory for the donations test (docs/streamers.md): the demo data (its exchange rate, 245.50),
// staff, a player who applies to be a streamer in the test, a fan, a tournament tomorrow (staff attach
// the streamer's channel in the test) and an English-speaking approved streamer (@tips_en) with a
// supporter's public donation whose message staff hide.
// Usage: tsx tests/e2e/support/seed-donations.ts <dataDir>
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { streamers, tournaments, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { platformToday } from "~/domain/format";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { donate } from "~/features/streamers/streamers.server";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { openDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-donations <dataDir>");
const handle = await openDatabase({ dataDir });
registerOrderKinds();
await seedDemoData(handle.db);
const ids = await seedPeople(handle.db, [
  ["staff-dn@example.com", "Sara Staff", true],
  ["streamer-dn@example.com", "Vale Tips", false],
  ["fan-dn@example.com", "Fede Fan", false],
  ["streamer-en@example.com", "Tia English", false],
  ["rude-dn@example.com", "Rudo Fan", false],
] as const);
await handle.db.update(users).set({ handle: "fede_dn" }).where(eq(users.id, ids["fan-dn@example.com"]!));
await handle.db.update(users).set({ handle: "rudo_dn" }).where(eq(users.id, ids["rude-dn@example.com"]!));
await handle.db.update(users).set({ language: "en" }).where(eq(users.id, ids["streamer-en@example.com"]!));
await handle.db.insert(tournaments).values({
  id: "copa-donaciones",
  title: "Copa Donaciones",
  game: "free-fire",
  prize: "$100",
  players: ["1"],
  image: "/images/tournaments/free-fire.svg",
  capacity: 48,
  date: platformToday(new Date(Date.now() + 86_400_000)),
  registrationClosesAt: new Date(Date.now() + 12 * 3_600_000),
});
await handle.db.insert(streamers).values({
  id: randomUUID(),
  userId: ids["streamer-en@example.com"]!,
  handle: "tips_en",
  games: ["free-fire"],
  status: "approved",
  decidedAt: new Date(),
  decidedBy: ids["staff-dn@example.com"]!,
});
await adjustWallet(handle.db, {
  staffId: ids["staff-dn@example.com"]!,
  userId: ids["rude-dn@example.com"]!,
  currency: "USD",
  amount: 500,
  reason: "e2e",
  idempotencyKey: "e2e-rude-credit",
});
await donate(handle.db, {
  donorId: ids["rude-dn@example.com"]!,
  handle: "tips_en",
  currency: "USD",
  amount: 200,
  message: "Eres malísima, retírate ya",
  public: true,
  idempotencyKey: randomUUID(),
});
await handle.close();
console.log("{}");
