// Prepares a data directory for the waiting-list and landing-stage tests:
// - "lleno-e2e" and "full-en-e2e": free solo Free Fire tournaments with one place, taken;
// - "copa-final-e2e": a 4-team cup whose semi-finals are decided (its final is on);
// - "copa-campeon-e2e": a 4-team cup played to the end (Alfa champion);
// - "copa-checkin-e2e": a cup whose check-in window is open and no mail sent yet (the routine mails at start);
// - "copa-suiza-e2e" (Swiss, five teams, in round two) and "copa-grupos-e2e" (two groups, playoffs drawn);
// - "copa-noshow-e2e": a full two-place cup whose check-in closed 5 minutes ago with one team not
//   checked in and "tarde@example.com" on its waiting list (the no-show routine drops it at start).
// Usage: tsx tests/e2e/support/seed-waitlist.ts <dataDir>
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { registrationPlayers, registrations, tournaments, waitlistEntries } from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { loadBracket } from "~/features/competition/bracket-storage.server";
import { saveSettings, startCompetition } from "~/features/competition/competition-start.server";
import { setResult } from "~/features/competition/match-operations.server";
import { isPlayable } from "~/features/competition/core/bracket-view";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { seedPerson } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-waitlist <dataDir>");
const handle = await openDatabase({ dataDir });
setDatabase(handle);
const db = handle.db;
const now = Date.now();
const day = (n: number) => new Date(now + n * 86_400_000).toISOString().slice(0, 10);

const person = (email: string, name: string, options: { staff?: boolean; language?: "es" | "en" } = {}) =>
  seedPerson(db, email, name, { isStaff: options.staff, language: options.language });

const staff = await person("staff-wait@example.com", "Sofía Staff", { staff: true });
// The people who wait (accounts complete, so their sign-in link lands where they asked).
await person("espera@example.com", "Elena Espera");
await person("waiting-en@example.com", "Wendy Waiting", { language: "en" });

async function tournament(id: string, title: string, date: string, capacity: number, sortOrder: number) {
  await db.insert(tournaments).values({
    id,
    title,
    game: "free-fire",
    prize: "$100",
    players: ["solo"],
    image: "/images/tournaments/free-fire.svg",
    date,
    capacity,
    registrationClosesAt: new Date(now + 5 * 86_400_000),
    sortOrder,
  });
}

async function team(tournamentId: string, email: string, name: string) {
  const userId = await person(email, `Capitán ${name}`);
  const registrationId = randomUUID();
  await db
    .insert(registrations)
    .values({ id: registrationId, tournamentId, userId, teamName: name, phone: "04141234567", status: "confirmed" });
  await db.insert(registrationPlayers).values({
    id: randomUUID(),
    registrationId,
    tournamentId,
    position: 1,
    name,
    ign: `${name}-${tournamentId}`,
  });
  return { userId, registrationId };
}

// Full tournaments (one place each, taken).
await tournament("lleno-e2e", "Copa Llena E2E", day(7), 1, 1);
await team("lleno-e2e", "titular@example.com", "Titular");
await tournament("full-en-e2e", "Full Cup E2E", day(8), 1, 2);
await team("full-en-e2e", "holder-en@example.com", "Holder");

// Cups run on the platform.
async function cup(
  id: string,
  title: string,
  checkInOnly = false,
  format: "single_elimination" | "swiss" | "groups_playoffs" = "single_elimination",
  names = ["Alfa", "Bravo", "Charlie", "Delta"],
  groupCount = 1,
) {
  await tournament(id, title, day(1), 16, 0);
  const teams = [];
  for (const name of names) teams.push(await team(id, `${name.toLowerCase()}-${id}@example.com`, name));
  const startsAt = new Date(now + 30 * 60_000);
  await saveSettings(
    db,
    id,
    {
      format,
      bestOf: 1,
      finalBestOf: 1,
      groupCount,
      lobbyMatches: 4,
      startsAt,
      checkInOpensMinutes: 60,
      checkInClosesMinutes: 15,
    },
    staff,
  );
  if (checkInOnly) return;
  for (const entry of teams) await checkIn(db, { tournamentId: id, userId: entry.userId, now: new Date() });
  const manual = Object.fromEntries(teams.map((entry, index) => [entry.registrationId, index + 1]));
  await startCompetition(db, { tournamentId: id, actorUserId: staff, method: "manual", manual });
}

async function decidePlayable(id: string) {
  for (const match of (await loadBracket(db, id)).match.filter(isPlayable))
    await setResult(db, {
      tournamentId: id,
      matchId: match.id as number,
      actorUserId: staff,
      score: { score1: 1, score2: 0 },
      reason: null,
    });
}

await cup("copa-final-e2e", "Copa en Final E2E");
await decidePlayable("copa-final-e2e");
await cup("copa-campeon-e2e", "Copa Terminada E2E");
await decidePlayable("copa-campeon-e2e");
await decidePlayable("copa-campeon-e2e");
await cup("copa-checkin-e2e", "Copa Check-in E2E", true);
// A Swiss event of five in its second round, and groups → playoffs with its playoffs drawn.
await cup("copa-suiza-e2e", "Copa Suiza E2E", false, "swiss", ["Alfa", "Bravo", "Charlie", "Delta", "Eco"]);
await decidePlayable("copa-suiza-e2e");
await cup(
  "copa-grupos-e2e",
  "Copa Grupos E2E",
  false,
  "groups_playoffs",
  ["Alfa", "Bravo", "Charlie", "Delta", "Eco", "Fox", "Golf", "Hotel"],
  2,
);
await decidePlayable("copa-grupos-e2e");

// No-shows: check-in ran from 60 to 15 minutes before a start 10 minutes from now; Alfa checked in, Bravo did not.
await tournament("copa-noshow-e2e", "Copa No-Show E2E", day(0), 2, 3);
const alfa = await team("copa-noshow-e2e", "alfa-noshow@example.com", "Alfa");
await team("copa-noshow-e2e", "bravo-noshow@example.com", "Bravo");
const lateStart = new Date(now + 10 * 60_000);
await saveSettings(
  db,
  "copa-noshow-e2e",
  {
    format: "single_elimination",
    bestOf: 1,
    finalBestOf: 1,
    groupCount: 1,
    lobbyMatches: 4,
    startsAt: lateStart,
    checkInOpensMinutes: 60,
    checkInClosesMinutes: 15,
  },
  staff,
);
await checkIn(db, { tournamentId: "copa-noshow-e2e", userId: alfa.userId, now: new Date(now - 30 * 60_000) });
await db
  .insert(waitlistEntries)
  .values({ id: randomUUID(), tournamentId: "copa-noshow-e2e", userId: await person("tarde@example.com", "Tomás Tarde") });
await db
  .update(tournaments)
  .set({ registrationClosesAt: new Date(now - 60 * 60_000) })
  .where(eq(tournaments.id, "copa-noshow-e2e"));
await person("sin-lista@example.com", "Sara Sinlista");
await handle.close();
