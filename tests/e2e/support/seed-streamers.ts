// Prepares a data directory for the streamers test (docs/streamers.md): the demo data, a staff member and a
// player with a complete profile (Spanish), who becomes a streamer in the test, and a fan with 20.00 USD in their wallet.
// Usage: tsx tests/e2e/support/seed-streamers.ts <dataDir>
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { openDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-streamers <dataDir>");
const handle = await openDatabase({ dataDir });
registerOrderKinds();
await seedDemoData(handle.db);
const ids = await seedPeople(handle.db, [
  ["staff-st@example.com", "Sara Staff", true],
  ["streamer-st@example.com", "Vale Streamer", false],
  ["fan-st@example.com", "Fede Fan", false],
] as const);
// The fan has 20.00 USD in their wallet to donate from.
await adjustWallet(handle.db, {
  staffId: ids["staff-st@example.com"]!,
  userId: ids["fan-st@example.com"]!,
  currency: "USD",
  amount: 2000,
  reason: "e2e",
  idempotencyKey: "e2e-fan-credit",
});
await handle.db.update(users).set({ handle: "fede_fan" }).where(eq(users.id, ids["fan-st@example.com"]!));
await handle.close();
console.log("{}");
