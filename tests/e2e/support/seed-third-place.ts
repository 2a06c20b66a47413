// Prepares a data directory for the 3rd-place tests (tests/e2e/third-place.spec.ts): a staff member and
// two 8-team Free Fire cups, every team confirmed and checked in, registration closed, the start half an
// hour away. "tercero-e2e" was set up with a 3rd-place match, "third-en-e2e" with shared 3rd places
// (the organizer's choice on the tournament form: competition_settings.third_place).
// Usage: tsx tests/e2e/support/seed-third-place.ts <dataDir>
import { competitionSettings, tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { seedConfirmedTeams, seedPerson } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-third-place <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();

const person = (email: string, name: string, isStaff = false, language: "es" | "en" = "es") =>
  seedPerson(db, email, name, { isStaff, language });

await person("staff-3rd@example.com", "Tercera Staff", true);

async function cup(id: string, title: string, thirdPlace: "match" | "shared", teams: string[]) {
  await db.insert(tournaments).values({
    id,
    title,
    game: "free-fire",
    prize: "$100",
    players: ["Equipos de 4"],
    image: "/images/tournaments/free-fire.jpg",
    date: new Date(now + 86_400_000).toISOString().slice(0, 10),
    capacity: 8,
    registrationClosesAt: new Date(now - 60_000),
  });
  await db.insert(competitionSettings).values({
    tournamentId: id,
    format: "single_elimination",
    thirdPlace,
    bestOf: 1,
    finalBestOf: 1,
    startsAt: new Date(now + 30 * 60_000),
    checkInOpensMinutes: 60,
    checkInClosesMinutes: 15,
  });
  await seedConfirmedTeams(db, id, teams, (team) => `${team.toLowerCase()}-3rd@example.com`);
}

await cup("tercero-e2e", "Copa Tercer Lugar E2E", "match", ["Ara", "Boa", "Cobra", "Danta", "Erizo", "Foca", "Garza", "Halcon"]);
await cup("third-en-e2e", "Shared Third Cup E2E", "shared", ["Ant", "Bee", "Cat", "Dog", "Elk", "Fox", "Gnu", "Hen"]);
await handle.close();
