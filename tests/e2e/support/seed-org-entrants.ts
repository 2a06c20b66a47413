// While the server is stopped (tests/e2e/organizations.spec.ts): eight players enter the
// organization's tournament and check in, registration has closed and the start is half an hour
// away, so its organizer can seed and start it. Straight on the data directory's database.
// Usage: tsx tests/e2e/support/seed-org-entrants.ts <dataDir> <tournamentId>
import { randomUUID } from "node:crypto";
import { competitionCheckIns, registrations, users } from "~/db/schema";
import { readyToStart } from "./ready-to-start";
import { openDatabase } from "~/lib/db.server";

const [dataDir, tournamentId] = process.argv.slice(2);
if (!dataDir || !tournamentId) throw new Error("usage: seed-org-entrants <dataDir> <tournamentId>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();
const PLAYERS = ["Ana", "Beto", "Carla", "Dani", "Eli", "Fer", "Gabo", "Hugo"];
for (const [index, name] of PLAYERS.entries()) {
  const userId = randomUUID();
  await db.insert(users).values({
    id: userId,
    email: `${name.toLowerCase()}-org@example.com`,
    emailVerified: true,
    name,
    age: 20,
    language: "es",
    profileCompletedAt: new Date(),
  });
  const registrationId = randomUUID();
  await db.insert(registrations).values({
    id: registrationId,
    tournamentId,
    userId,
    teamName: name,
    phone: "04141234567",
    status: "confirmed",
    createdAt: new Date(now - (PLAYERS.length - index) * 1000),
  });
  await db.insert(competitionCheckIns).values({ registrationId, tournamentId, userId });
}
await readyToStart(db, tournamentId, now);
await handle.close();
console.log("entered");
