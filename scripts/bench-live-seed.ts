// Prepares the live-viewers bench (scripts/bench-live.mjs): a 16-team single-elimination cup, every
// team confirmed and checked in, started by staff. Prints (last line) the tournament id and the
// captains of the first round's matches.
// Usage: tsx scripts/bench-live-seed.ts <dataDir> [postgresUrl]
import { randomUUID } from "node:crypto";
import { competitionCheckIns, competitionSettings, registrations, tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { listEntrants } from "~/features/competition/competition-reads.server";
import { loadBracket } from "~/features/competition/bracket-storage.server";
import { startCompetition } from "~/features/competition/competition-start.server";
import { seedPerson } from "../tests/e2e/support/seed-people";

const [dataDir, url] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: bench-live-seed <dataDir> [postgresUrl]");
const handle = await openDatabase({ dataDir, url: url || undefined });
const db = handle.db;
const now = Date.now();
const TOURNAMENT = "copa-en-vivo";

const person = (email: string, name: string, isStaff = false) => seedPerson(db, email, name, { isStaff });

const staffId = await person("staff-live@example.com", "Staff Live", true);
await db.insert(tournaments).values({
  id: TOURNAMENT,
  title: "Copa en vivo",
  game: "free-fire",
  prize: "$500",
  players: ["Equipos de 4"],
  image: "/images/tournaments/free-fire.jpg",
  date: new Date(now).toISOString().slice(0, 10),
  capacity: 16,
  registrationClosesAt: new Date(now - 3_600_000),
});
await db.insert(competitionSettings).values({
  tournamentId: TOURNAMENT,
  format: "single_elimination",
  bestOf: 1,
  finalBestOf: 1,
  lobbyMatches: 4,
  startsAt: new Date(now - 60_000),
  checkInOpensMinutes: 60,
  checkInClosesMinutes: 15,
});
for (let index = 0; index < 16; index++) {
  const team = `Equipo ${String(index + 1).padStart(2, "0")}`;
  const userId = await person(`capitan-${index + 1}@example.com`, `Capitán ${index + 1}`);
  const registrationId = randomUUID();
  await db.insert(registrations).values({
    id: registrationId,
    tournamentId: TOURNAMENT,
    userId,
    teamName: team,
    phone: "04141234567",
    status: "confirmed",
    createdAt: new Date(now - (16 - index) * 1000),
  });
  await db.insert(competitionCheckIns).values({ registrationId, tournamentId: TOURNAMENT, userId });
}
await startCompetition(db, { tournamentId: TOURNAMENT, actorUserId: staffId, method: "random", random: () => 0.5 });
const entrants = await listEntrants(db, TOURNAMENT);
const captainOf = new Map(entrants.map((entrant) => [entrant.participantId, entrant.captainEmail]));
const bracket = await loadBracket(db, TOURNAMENT);
const firstRound = bracket.match
  .filter((match) => match.opponent1?.id != null && match.opponent2?.id != null)
  .sort((a, b) => Number(a.id) - Number(b.id))
  .slice(0, 3)
  .map((match) => ({
    matchId: Number(match.id),
    captain1: captainOf.get(Number(match.opponent1!.id)),
    captain2: captainOf.get(Number(match.opponent2!.id)),
  }));
await handle.close();
console.log(JSON.stringify({ tournamentId: TOURNAMENT, matches: firstRound }));
