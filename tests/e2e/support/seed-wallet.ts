// Prepares a data directory for the wallet test (docs/decisions/014-wallet-ledger.md): a staff member, an 8-team Free Fire cup with a
// "$100" prize, every team confirmed and checked in (the staff start it), and a Bs rate. Every captain
// but Alfa's is a Plus member (0 % withdrawal fee).
// Usage: tsx tests/e2e/support/seed-wallet.ts <dataDir>
import { randomUUID } from "node:crypto";
import { competitionCheckIns, competitionSettings, exchangeRates, membershipPeriods, registrations, tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { seedPerson } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-wallet <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();

const person = (email: string, name: string, isStaff = false) =>
  seedPerson(db, email, name, { isStaff, createdAt: new Date(now - 30 * 86_400_000) });

await person("staff-wallet@example.com", "Sofía Staff", true);
await db.insert(exchangeRates).values({ rate: "40.00", effectiveOn: new Date(now).toISOString().slice(0, 10), source: "BCV" });
await db.insert(tournaments).values({
  id: "copa-wallet",
  title: "Copa Premios E2E",
  game: "free-fire",
  prize: "$100",
  players: ["Equipos de 4"],
  image: "/images/tournaments/free-fire.jpg",
  date: new Date(now + 86_400_000).toISOString().slice(0, 10),
  capacity: 64,
  registrationClosesAt: new Date(now - 60_000),
  prizeSplit: ["50", "30", "20"],
});
await db.insert(competitionSettings).values({
  tournamentId: "copa-wallet",
  format: "single_elimination",
  bestOf: 1,
  finalBestOf: 1,
  lobbyMatches: 4,
  startsAt: new Date(now + 30 * 60_000),
  checkInOpensMinutes: 60,
  checkInClosesMinutes: 15,
});
const teams = ["Alfa", "Bravo", "Charlie", "Delta", "Eco", "Fox", "Golf", "Hotel"];
for (const [index, team] of teams.entries()) {
  const userId = await person(`${team.toLowerCase()}-wallet@example.com`, `Capitán ${team}`);
  const registrationId = randomUUID();
  await db.insert(registrations).values({
    id: registrationId,
    tournamentId: "copa-wallet",
    userId,
    teamName: team,
    phone: "04141234567",
    status: "confirmed",
    createdAt: new Date(now - (teams.length - index) * 1000),
  });
  await db.insert(competitionCheckIns).values({ registrationId, tournamentId: "copa-wallet", userId });
  if (team !== "Alfa")
    await db.insert(membershipPeriods).values({
      id: randomUUID(),
      userId,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 30 * 86_400_000),
      note: "e2e",
    });
}
await handle.close();
