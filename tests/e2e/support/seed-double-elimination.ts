// Prepares a data directory for the double-elimination test (tests/e2e/double-elimination.spec.ts): a
// staff member and a 4-team Free Fire cup set up as double elimination on its tournament form
// (competition_settings.format), every team confirmed and checked in, registration closed, the start
// half an hour away.
// Usage: tsx tests/e2e/support/seed-double-elimination.ts <dataDir>
import { randomUUID } from "node:crypto";
import { competitionCheckIns, competitionSettings, registrations, tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { seedPerson } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-double-elimination <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();

await seedPerson(db, "staff-de@example.com", "Doble Staff", { isStaff: true, language: "es" });

const id = "doble-e2e";
const teams = ["Ara", "Boa", "Cobra", "Danta"];
await db.insert(tournaments).values({
  id,
  title: "Copa Doble Eliminación E2E",
  game: "free-fire",
  prize: "$100",
  players: ["Equipos de 4"],
  image: "/images/tournaments/free-fire.jpg",
  date: new Date(now + 86_400_000).toISOString().slice(0, 10),
  capacity: 4,
  registrationClosesAt: new Date(now - 60_000),
});
await db.insert(competitionSettings).values({
  tournamentId: id,
  format: "double_elimination",
  bestOf: 1,
  finalBestOf: 1,
  startsAt: new Date(now + 30 * 60_000),
  checkInOpensMinutes: 60,
  checkInClosesMinutes: 15,
});
for (const [index, team] of teams.entries()) {
  const userId = await seedPerson(db, `${team.toLowerCase()}-de@example.com`, `Capitán ${team}`, { language: "es" });
  const registrationId = randomUUID();
  await db.insert(registrations).values({
    id: registrationId,
    tournamentId: id,
    userId,
    teamName: team,
    phone: "04141234567",
    status: "confirmed",
    // Registration order is the seeding: Ara is seed 1.
    createdAt: new Date(now - (teams.length - index) * 1000),
  });
  await db.insert(competitionCheckIns).values({ registrationId, tournamentId: id, userId });
}
await handle.close();
