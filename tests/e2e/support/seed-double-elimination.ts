// Prepares a data directory for the double-elimination test (tests/e2e/double-elimination.spec.ts): a
// staff member and a 4-team Free Fire cup set up as double elimination on its tournament form
// (competition_settings.format), every team confirmed and checked in, registration closed, the start
// half an hour away.
// Usage: tsx tests/e2e/support/seed-double-elimination.ts <dataDir>
import { competitionSettings, tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { seedConfirmedTeams, seedPerson } from "./seed-people";

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
// Registration order is the seeding: Ara is seed 1.
await seedConfirmedTeams(db, id, teams, (team) => `${team.toLowerCase()}-de@example.com`);
await handle.close();
