// Prepares a data directory for the Plus tests: the demo data, a staff member, a buyer, another
// player and one without JavaScript (profiles complete), and the free Free Fire cup opening its registration in 10 minutes, so
// a member (15 minutes early) may register now while everyone else waits.
// Usage: tsx tests/e2e/support/seed-plus.ts <dataDir>; prints {"tournamentId": …} as its last line.
import { eq } from "drizzle-orm";
import { tournaments } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { openDatabase } from "~/lib/db.server";
import { seedPerson } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-plus <dataDir>");
const handle = await openDatabase({ dataDir });
await seedDemoData(handle.db);

const person = (email: string, name: string, isStaff = false) => seedPerson(handle.db, email, name, { isStaff });
await person("staff-plus@example.com", "Sara Staff", true);
await person("plus-buyer@example.com", "Pía Premium");
await person("plus-other@example.com", "Omar Espera");
await person("plus-plain@example.com", "Nora Sinscript");

const tournamentId = "copa-free-fire-solo";
await handle.db
  .update(tournaments)
  .set({ registrationOpensAt: new Date(Date.now() + 10 * 60_000) })
  .where(eq(tournaments.id, tournamentId));
await handle.close();
console.log(JSON.stringify({ tournamentId }));
