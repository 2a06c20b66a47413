// While the server is stopped (tests/e2e/organizations.spec.ts): eight players enter the
// organization's tournament and check in, registration has closed and the start is half an hour
// away, so its organizer can seed and start it. Straight on the data directory's database.
// Usage: tsx tests/e2e/support/seed-org-entrants.ts <dataDir> <tournamentId>
import { readyToStart } from "./ready-to-start";
import { seedConfirmedTeams } from "./seed-people";
import { openDatabase } from "~/lib/db.server";

const [dataDir, tournamentId] = process.argv.slice(2);
if (!dataDir || !tournamentId) throw new Error("usage: seed-org-entrants <dataDir> <tournamentId>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();
const PLAYERS = ["Ana", "Beto", "Carla", "Dani", "Eli", "Fer", "Gabo", "Hugo"];
await seedConfirmedTeams(db, tournamentId, PLAYERS, (name) => `${name.toLowerCase()}-org@example.com`);
await readyToStart(db, tournamentId, now);
await handle.close();
console.log("entered");
