// Prepares a data directory for the competition tests: a staff member, an 8-team Free Fire cup and a
// 4-team battle-royale event (registration deadline still ahead), every team confirmed, run settings
// with the check-in window open now.
// In the cup, six teams have already checked in; the two captains the test drives check in themselves.
// Usage: tsx tests/e2e/support/seed-competition.ts <dataDir>
import { randomUUID } from "node:crypto";
import { competitionCheckIns, competitionSettings, registrationPlayers, registrations, tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { seedConfirmedTeams, seedPerson } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-competition <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();

const person = (email: string, name: string, isStaff = false) => seedPerson(db, email, name, { isStaff });

await person("staff-comp@example.com", "Sofía Staff", true);

async function event(
  id: string,
  title: string,
  format: string,
  teams: string[],
  checkedIn: (index: number) => boolean,
  registrationClosesAt = new Date(now - 60_000),
) {
  await db.insert(tournaments).values({
    id,
    title,
    game: "free-fire",
    prize: "$100",
    players: ["Equipos de 4"],
    image: "/images/tournaments/free-fire.jpg",
    date: new Date(now + 86_400_000).toISOString().slice(0, 10),
    capacity: 64,
    registrationClosesAt,
  });
  await db.insert(competitionSettings).values({
    tournamentId: id,
    format,
    bestOf: 1,
    finalBestOf: 1,
    lobbyMatches: 4,
    startsAt: new Date(now + 30 * 60_000),
    checkInOpensMinutes: 60,
    checkInClosesMinutes: 15,
  });
  await seedConfirmedTeams(db, id, teams, (team) => `${team.toLowerCase().replace(/\s+/g, "-")}@example.com`, checkedIn);
}

await event(
  "copa-e2e",
  "Copa Free Fire E2E",
  "single_elimination",
  ["Alfa", "Bravo", "Charlie", "Delta", "Eco", "Fox", "Golf", "Hotel"],
  (index) => index > 1,
);
// Its registration deadline is still ahead: starting the event is what closes registration (docs/reliability.md "Competition").
await event("br-e2e", "Liga BR E2E", "battle_royale", ["Lobo", "Puma", "Toro", "Oso"], () => true, new Date(now + 86_400_000));

// A Free Fire battle royale at real scale (docs/product.md "Running an event"), 24 squads of 4 (two groups of 12 over three rounds),
// Free Fire's official point table; every squad checked in.
{
  const id = "ff24-e2e";
  await db.insert(tournaments).values({
    id,
    title: "Liga Free Fire 24",
    game: "free-fire",
    prize: "$300",
    players: ["24", "squad"],
    teamSize: 4,
    format: "battle_royale",
    image: "/images/tournaments/free-fire.jpg",
    date: new Date(now + 86_400_000).toISOString().slice(0, 10),
    capacity: 24,
    registrationClosesAt: new Date(now - 60_000),
  });
  await db.insert(competitionSettings).values({
    tournamentId: id,
    format: "battle_royale",
    lobbyMatches: 3,
    lobbySize: 12,
    pointsPreset: "free_fire",
    placementPoints: [12, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0],
    killPoints: 1,
    startsAt: new Date(now + 30 * 60_000),
    checkInOpensMinutes: 60,
    checkInClosesMinutes: 15,
  });
  for (let index = 0; index < 24; index++) {
    const team = `Escuadra ${String(index + 1).padStart(2, "0")}`;
    const userId = await person(`escuadra-${String(index + 1).padStart(2, "0")}@example.com`, `Capitán ${team}`);
    const registrationId = randomUUID();
    await db.insert(registrations).values({
      id: registrationId,
      tournamentId: id,
      userId,
      teamName: team,
      phone: "04141234567",
      status: "confirmed",
      createdAt: new Date(now - (24 - index) * 1000),
    });
    await db.insert(registrationPlayers).values(
      [1, 2, 3, 4].map((position) => ({
        id: randomUUID(),
        registrationId,
        tournamentId: id,
        position,
        name: `Jugador ${position}`,
        ign: `e${index + 1}p${position}`,
      })),
    );
    await db.insert(competitionCheckIns).values({ registrationId, tournamentId: id, userId });
  }
}
// Match times and walkovers (docs/product.md "Running an event: match times, reminders and walkovers"): two 4-team cups, every team checked in (staff start them in the test).
await event("horarios-e2e", "Copa Horarios E2E", "single_elimination", ["Norte", "Sur", "Este", "Oeste"], () => true);
await event("times-en-e2e", "Times Cup E2E", "single_elimination", ["North", "South", "East", "West"], () => true);
await handle.close();
