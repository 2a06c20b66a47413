// Prepares a data directory for the fans test (docs/streamers.md): the demo data, a staff member, an approved
// streamer (@vale_fans, no subscription price yet), a fan with 20.00 USD in their wallet and another
// player without a subscription. Usage: tsx tests/e2e/support/seed-fans.ts <dataDir>
import { randomUUID } from "node:crypto";
import { streamers } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { openDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-fans <dataDir>");
const handle = await openDatabase({ dataDir });
registerOrderKinds();
await seedDemoData(handle.db);
const ids = await seedPeople(handle.db, [
  ["staff-fans@example.com", "Sara Staff", true],
  ["streamer-fans@example.com", "Vale Streamer", false],
  ["fan-fans@example.com", "Fede Fan", false],
  ["other-fans@example.com", "Otro Jugador", false],
] as const);
await handle.db.insert(streamers).values({
  id: randomUUID(),
  userId: ids["streamer-fans@example.com"]!,
  handle: "vale_fans",
  bio: "Free Fire todas las noches.",
  games: ["free-fire"],
  status: "approved",
  decidedAt: new Date(),
  decidedBy: ids["staff-fans@example.com"]!,
});
await adjustWallet(handle.db, {
  staffId: ids["staff-fans@example.com"]!,
  userId: ids["fan-fans@example.com"]!,
  currency: "USD",
  amount: 2000,
  reason: "e2e",
  idempotencyKey: "e2e-fans-credit",
});
await handle.close();
console.log("{}");
