// Prepares a data directory holding only the first N demo tournaments (for the grid rule).
// Usage: tsx tests/e2e/support/seed-tournaments.ts <dataDir> <count>
import { demoTournaments } from "~/db/seed";
import { tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";

const [dataDir, countText] = process.argv.slice(2);
if (!dataDir || !countText) throw new Error("usage: seed-tournaments <dataDir> <count>");
const handle = await openDatabase({ dataDir });
const rows = demoTournaments(new Date()).slice(0, Number(countText));
if (rows.length) await handle.db.insert(tournaments).values(rows);
await handle.close();
