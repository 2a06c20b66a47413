// Prepares a data directory for the streamers test (issue 30): the demo data, a staff member and a
// player with a complete profile (Spanish), who becomes a streamer in the test.
// Usage: tsx tests/e2e/support/seed-streamers.ts <dataDir>
import { randomUUID } from "node:crypto";
import { users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { openDatabase } from "~/lib/db.server";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-streamers <dataDir>");
const handle = await openDatabase({ dataDir });
registerOrderKinds();
await seedDemoData(handle.db);
for (const [email, name, isStaff] of [
  ["staff-st@example.com", "Sara Staff", true],
  ["streamer-st@example.com", "Vale Streamer", false],
  ["fan-st@example.com", "Fede Fan", false],
] as const) {
  await handle.db.insert(users).values({
    id: randomUUID(),
    email,
    emailVerified: true,
    name,
    age: 22,
    favoriteGame: "free-fire",
    language: "es",
    isStaff,
    profileCompletedAt: new Date(),
  });
}
await handle.close();
console.log("{}");
