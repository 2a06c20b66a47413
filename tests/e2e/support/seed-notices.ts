// Prepares a data directory for the notices test (docs/notifications.md): a staff member and a 4-team Free Fire
// cup already started (Alfa v Bravo in match 0, Charlie v Delta in match 1). Charlie, Delta and
// Eco's captains (Eco on the waiting side: not in the cup) chose WhatsApp already; Alfa and Bravo
// choose it in the test, through their notice settings.
// Usage: tsx tests/e2e/support/seed-notices.ts <dataDir>
import { randomUUID } from "node:crypto";
import { competitionCheckIns, competitionSettings, notificationPreferences, registrations, tournaments } from "~/db/schema";
import { startCompetition } from "~/features/competition/competition-start.server";
import { openDatabase } from "~/lib/db.server";
import { seedPerson } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-notices <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();

const person = (email: string, name: string, isStaff = false) => seedPerson(db, email, name, { isStaff });

const staffId = await person("staff-avisos@example.com", "Sofía Staff", true);
await db.insert(tournaments).values({
  id: "copa-avisos",
  title: "Copa Avisos",
  game: "free-fire",
  prize: "$100",
  players: ["Equipos de 4"],
  image: "/images/tournaments/free-fire.jpg",
  date: new Date(now + 86_400_000).toISOString().slice(0, 10),
  capacity: 16,
  registrationClosesAt: new Date(now - 60_000),
});
await db.insert(competitionSettings).values({
  tournamentId: "copa-avisos",
  format: "single_elimination",
  bestOf: 1,
  finalBestOf: 1,
  lobbyMatches: 4,
  startsAt: new Date(now + 30 * 60_000),
  checkInOpensMinutes: 60,
  checkInClosesMinutes: 15,
});
// Seeds: Alfa 1 and Bravo 4 meet in match 0; Charlie 2 and Delta 3 in match 1.
const seeds: Record<string, number> = {};
const WHATSAPP: Record<string, string> = { Charlie: "584140000003", Delta: "584140000004", Eco: "584140000005" };
for (const [index, team] of ["Alfa", "Charlie", "Delta", "Bravo"].entries()) {
  const userId = await person(`${team.toLowerCase()}-avisos@example.com`, `Capitán ${team}`);
  const registrationId = randomUUID();
  await db.insert(registrations).values({
    id: registrationId,
    tournamentId: "copa-avisos",
    userId,
    teamName: team,
    phone: "04141234567",
    status: "confirmed",
    createdAt: new Date(now - (4 - index) * 1000),
  });
  await db.insert(competitionCheckIns).values({ registrationId, tournamentId: "copa-avisos", userId });
  if (WHATSAPP[team]) await db.insert(notificationPreferences).values({ userId, whatsappNumber: WHATSAPP[team], whatsappOn: true });
  seeds[registrationId] = index + 1;
}
const eco = await person("eco-avisos@example.com", "Capitán Eco");
await db.insert(notificationPreferences).values({ userId: eco, whatsappNumber: WHATSAPP.Eco!, whatsappOn: true });
await startCompetition(db, { tournamentId: "copa-avisos", actorUserId: staffId, method: "manual", manual: seeds });
await handle.close();
