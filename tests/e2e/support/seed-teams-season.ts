// Prepares a data directory for tests/e2e/teams-season.spec.ts (what docs/teams.md promises): staff, a
// captain and five players with public names, a free Mobile Legends cup with three teams already in
// (registration open, run as a single elimination), and, for the English look, a cup played five days
// ago by "Night Owls" (their results stored as the competition stores them) inside a season staff set.
// Usage: tsx tests/e2e/support/seed-teams-season.ts <dataDir>
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  competitionPrizes,
  competitionResults,
  competitionSettings,
  registrationPlayers,
  registrations,
  teamMembers,
  teams,
  tournaments,
  users,
} from "~/db/schema";
import { createSeason } from "~/features/teams/leaderboard.server";
import { openDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-teams-season <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();
const day = (days: number) => new Date(now - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const ids = await seedPeople(db, [
  ["temporada-staff@example.com", "Sofía Staff", true],
  ["temporada-capi@example.com", "Capi Tana", false],
  ...[1, 2, 3, 4, 5].map((n) => [`temporada-j${n}@example.com`, `Jugador ${n}`, false] as const),
  ...[1, 2, 3].map((n) => [`temporada-rival${n}@example.com`, `Rival ${n}`, false] as const),
  ["season-en@example.com", "Olivia Owl", false],
  ["season-rival@example.com", "Rex Rival", false],
]);
const handles: Record<string, string> = {
  "temporada-capi@example.com": "capi_t",
  "temporada-j1@example.com": "jug_t1",
  "temporada-j2@example.com": "jug_t2",
  "temporada-j3@example.com": "jug_t3",
  "temporada-j4@example.com": "jug_t4",
  "temporada-j5@example.com": "jug_t5",
  "season-en@example.com": "night_owl",
};
for (const [email, value] of Object.entries(handles)) await db.update(users).set({ handle: value }).where(eq(users.id, ids[email]!));
await db.update(users).set({ language: "en" }).where(eq(users.id, ids["season-en@example.com"]!));

// The cup the test plays: free, teams of five plus one substitute, three rival teams already confirmed.
const CUP = "copa-temporada-ml";
await db.insert(tournaments).values({
  id: CUP,
  title: "Copa Temporada ML",
  game: "mobile-legends",
  prize: "Trofeo",
  players: ["Equipos de 5"],
  image: "/images/tournaments/mobile-legends.jpg",
  date: day(1),
  capacity: 8,
  teamSize: 5,
  substitutes: 1,
  registrationClosesAt: new Date(now + 86_400_000),
});
await db.insert(competitionSettings).values({
  tournamentId: CUP,
  format: "single_elimination",
  bestOf: 1,
  finalBestOf: 1,
  startsAt: new Date(now + 2 * 86_400_000),
});
for (const n of [1, 2, 3]) {
  const registrationId = randomUUID();
  await db.insert(registrations).values({
    id: registrationId,
    tournamentId: CUP,
    userId: ids[`temporada-rival${n}@example.com`]!,
    teamName: `Rivales ${n}`,
    phone: "04141234567",
    status: "confirmed",
  });
  await db.insert(registrationPlayers).values(
    [1, 2, 3, 4, 5].map((position) => ({
      id: randomUUID(),
      registrationId,
      tournamentId: CUP,
      position,
      name: `Rival ${n}.${position}`,
      ign: `R${n}P${position}`,
    })),
  );
}

// The English look: Night Owls won a cup five days ago (a result and a place, as the competition stores them).
const PAST = "night-owls-cup";
const owl = ids["season-en@example.com"]!;
const rival = ids["season-rival@example.com"]!;
await db.insert(tournaments).values({
  id: PAST,
  title: "Owls Cup",
  game: "mobile-legends",
  prize: "Trofeo",
  players: ["Equipos de 5"],
  image: "/images/tournaments/mobile-legends.jpg",
  date: day(-5),
  capacity: 8,
  registrationClosesAt: new Date(now - 6 * 86_400_000),
});
const owlsTeam = randomUUID();
await db.insert(teams).values({ id: owlsTeam, game: "mobile-legends", name: "Night Owls", tag: "OWL", country: "VE", captainUserId: owl });
await db.insert(teamMembers).values({ id: randomUUID(), teamId: owlsTeam, userId: owl, role: "starter", ign: "OwlOne" });
const owlsEntry = randomUUID();
const rivalEntry = randomUUID();
await db.insert(registrations).values([
  { id: owlsEntry, tournamentId: PAST, userId: owl, teamName: "Night Owls", phone: "04141234567", status: "confirmed", teamId: owlsTeam },
  { id: rivalEntry, tournamentId: PAST, userId: rival, teamName: "Rex Team", phone: "04141234567", status: "confirmed" },
]);
await db.insert(registrationPlayers).values({
  id: randomUUID(),
  registrationId: owlsEntry,
  tournamentId: PAST,
  position: 1,
  name: "Olivia Owl",
  ign: "OwlOne",
  userId: owl,
});
await db.insert(competitionResults).values({
  tournamentId: PAST,
  matchId: 0,
  registration1: owlsEntry,
  registration2: rivalEntry,
  score1: 2,
  score2: 0,
  source: "agreement",
});
await db.insert(competitionPrizes).values({ tournamentId: PAST, registrationId: owlsEntry, place: 1, amount: "Trofeo" });
await createSeason(db, ids["temporada-staff@example.com"]!, { name: "Temporada 2026", startsOn: day(-60), endsOn: day(60) });

await handle.close();
console.log("{}");
