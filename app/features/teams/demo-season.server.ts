import { eq } from "drizzle-orm";
import { registrations, savedPlayerIds, seasons, tournaments, users } from "~/db/schema";
import { parseRegistration } from "~/domain/registration";
import { platformToday } from "~/domain/format";
import { checkIn } from "~/features/competition/check-in.server";
import { listEntrants, listLobbyResults } from "~/features/competition/competition-reads.server";
import { loadBracket } from "~/features/competition/bracket-storage.server";
import { saveLobby, setResult } from "~/features/competition/match-operations.server";
import { savePrizes } from "~/features/competition/prizes.server";
import { saveSettings, startCompetition } from "~/features/competition/competition-start.server";
import { isPlayable } from "~/features/competition/core/bracket-view";
import { lobbyPlan } from "~/features/competition/core/lobbies";
import { POINT_PRESETS, pointsTable } from "~/features/competition/core/points-table";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import type { Database, Transaction } from "~/lib/db.server";
import { teamEntryFields } from "./core/entry";
import type { TEAM_COUNTRIES } from "./core/rules";
import { createSeason } from "./leaderboard.server";
import { acceptInvite, captainTeam, createInvite, createTeam } from "./teams.server";

/**
 * The demo season (docs/teams.md "Demo season"): on a database with no season yet, the demo seed opens a
 * current season and plays two finished cups through the competition's own functions (registrations,
 * check-in, bracket or lobbies, results, places), so the leaderboards, team pages and profiles of a
 * fresh start show a history. Nothing here writes a standing or a stat: they follow from the results.
 * Demo accounts use the reserved example.com domain: nobody can sign in as them, and no mail is queued.
 */

const DAY = 86_400_000;
const ML_CUP = "copa-demo-mobile-legends";
const FF_CUP = "copa-demo-free-fire";
const ORGANIZER = "demo-organizer";
const PHONE = "04141234567";

/** [handle, in-game name, country] of the demo players; the first 20 form four Mobile Legends teams. */
const PLAYERS: ReadonlyArray<readonly [string, string, string]> = [
  ["tita_ccs", "TitaCCS", "VE"],
  ["el_brujo", "ElBrujo", "VE"],
  ["nenafire", "NenaFire", "VE"],
  ["kevo_mid", "KevoMid", "VE"],
  ["yeyo_jg", "YeyoJG", "VE"],
  ["marabino", "Marabino", "VE"],
  ["la_chinita", "LaChinita", "VE"],
  ["guaro_gg", "GuaroGG", "VE"],
  ["zuliana", "Zuliana", "VE"],
  ["pana_tank", "PanaTank", "VE"],
  ["andino", "Andino", "CO"],
  ["lobo_gris", "LoboGris", "CO"],
  ["paramo", "Paramo", "CO"],
  ["neblina", "Neblina", "CO"],
  ["frailejon", "Frailejon", "CO"],
  ["llanero", "Llanero", "VE"],
  ["joropo", "Joropo", "VE"],
  ["sabana", "Sabana", "VE"],
  ["garza_roja", "GarzaRoja", "VE"],
  ["coleo", "Coleo", "VE"],
];

/** [name, tag, country] of the four Mobile Legends teams, five players each in PLAYERS' order. */
const ML_TEAMS: ReadonlyArray<readonly [string, string, (typeof TEAM_COUNTRIES)[number]]> = [
  ["Caracas Titans", "CCS", "VE"],
  ["Maracaibo Storm", "MCB", "VE"],
  ["Andes Wolves", "AND", "CO"],
  ["Llaneros Esports", "LLN", "VE"],
];

const userIdOf = (handle: string) => `demo-player-${handle}`;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Plays the demo season once: skipped when a season or the demo cup already exists (every later start). */
export async function seedDemoSeason(db: Database, now = new Date(), timeZone = "America/Caracas"): Promise<boolean> {
  // One transaction: a start that stops half-way leaves no half-played cup, and the next start plays it all.
  return db.transaction(async (tx) => {
    const [anySeason] = await tx.select({ id: seasons.id }).from(seasons).limit(1);
    const [played] = await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, ML_CUP));
    if (anySeason || played) return false;
    // The competition's functions take a database and open their own transactions: inside this one they are savepoints.
    const demo = tx as unknown as Database;
    await createPlayers(tx);
    const today = Date.parse(`${platformToday(now, timeZone)}T12:00:00Z`);
    await playFreeFireCup(demo, today - 40 * DAY);
    await playMobileLegendsCup(demo, today - 12 * DAY);
    await createSeason(demo, ORGANIZER, { name: "Temporada demo", startsOn: isoDay(today - 60 * DAY), endsOn: isoDay(today + 120 * DAY) });
    return true;
  });
}

async function createPlayers(tx: Transaction) {
  await tx
    .insert(users)
    .values({ id: ORGANIZER, email: "organizacion@demo.example.com", emailVerified: true, name: "Organización demo" })
    .onConflictDoNothing();
  await tx
    .insert(users)
    .values(
      PLAYERS.map(([handle, ign]) => ({
        id: userIdOf(handle),
        email: `${handle}@demo.example.com`,
        emailVerified: true,
        name: ign,
        handle,
        favoriteGame: "mobile-legends",
        profileCompletedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
  // Store IDs some of them chose to show on their profile (docs/teams.md "Privacy").
  await tx
    .insert(savedPlayerIds)
    .values(
      PLAYERS.slice(0, 8).flatMap(([handle, ign], index) => [
        { userId: userIdOf(handle), gameId: "free-fire", playerId: String(512_340_000 + index * 7919), gamerName: ign, onProfile: true },
        {
          userId: userIdOf(handle),
          gameId: "mobile-legends",
          playerId: String(88_120_000 + index * 104_729),
          zone: String(2_010 + index),
          gamerName: ign,
          onProfile: index % 2 === 0,
        },
      ]),
    )
    .onConflictDoNothing();
}

/** A cup row dated `day`, registration open until two hours before its start at 19:00 Caracas time (23:00 UTC). */
async function createCup(
  db: Database,
  cup: { id: string; title: string; game: string; day: number; capacity: number; teamSize: number; players: string[] },
  format: "single_elimination" | "battle_royale",
) {
  const startsAt = new Date(Date.parse(`${isoDay(cup.day)}T23:00:00Z`));
  await db.insert(tournaments).values({
    id: cup.id,
    title: cup.title,
    game: cup.game,
    prize: "$50",
    players: cup.players,
    image: `/images/tournaments/${cup.game}.svg`,
    badges: ["free", cup.teamSize > 1 ? "squad" : "solo"],
    date: isoDay(cup.day),
    capacity: cup.capacity,
    teamSize: cup.teamSize,
    registrationClosesAt: new Date(startsAt.getTime() - 2 * 3_600_000),
    startTime: "19:00",
    format,
    sortOrder: 90,
  });
  await saveSettings(
    db,
    cup.id,
    {
      format,
      bestOf: 1,
      finalBestOf: 1,
      groupCount: 1,
      lobbyMatches: 2,
      lobbySize: 12,
      pointsPreset: "free_fire",
      placementPoints: [...POINT_PRESETS.free_fire.placementPoints],
      killPoints: POINT_PRESETS.free_fire.killPoints,
      startsAt,
      checkInOpensMinutes: 60,
      checkInClosesMinutes: 15,
    },
    ORGANIZER,
  );
  return startsAt;
}

/** Registers through the same parse and registration as the page, at a time its registration was open. */
async function register(
  db: Database,
  cup: { id: string; game: string; teamSize: number },
  userId: string,
  fields: Record<string, string>,
  team: { teamId: string; playerUserIds: string[] } | null,
  at: Date,
) {
  const parsed = parseRegistration(cup.game, 0, fields, { size: cup.teamSize, substitutes: 0 });
  if (!parsed.ok) throw new Error(`demo registration refused: ${parsed.code}`);
  await registerForTournament(db, {
    tournamentId: cup.id,
    userId,
    email: "",
    registration: parsed.registration,
    exchangeRate: "0",
    expiresAt: at,
    team,
    now: at,
  });
}

/** Four lasting teams (created, invited, joined) play a single-elimination cup; the organizer records the places. */
async function playMobileLegendsCup(db: Database, day: number) {
  const cup = {
    id: ML_CUP,
    title: "Copa Demo Mobile Legends",
    game: "mobile-legends",
    day,
    capacity: 8,
    teamSize: 5,
    players: ["8", "squad"],
  };
  const startsAt = await createCup(db, cup, "single_elimination");
  const before = new Date(startsAt.getTime() - 3 * DAY);
  for (const [index, [name, tag, country]] of ML_TEAMS.entries()) {
    const members = PLAYERS.slice(index * 5, index * 5 + 5);
    const [captainHandle, captainIgn] = members[0]!;
    const captain = userIdOf(captainHandle);
    const { id: teamId } = await createTeam(
      db,
      captain,
      { game: "mobile-legends", name, tag, country, logoUrl: null, ign: captainIgn },
      before,
    );
    for (const [handle, ign] of members.slice(1)) {
      const { token } = await createInvite(db, { teamId, actorId: captain, email: null, language: "es", now: before });
      await acceptInvite(db, { token, userId: userIdOf(handle), email: `${handle}@demo.example.com`, ign, now: before });
    }
    const team = (await captainTeam(db, captain, teamId))!;
    const entry = teamEntryFields(
      team,
      team.roster,
      team.roster.map((member) => member.userId),
      { size: cup.teamSize, substitutes: 0 },
      { phone: PHONE, paymentMethod: "" },
    );
    if (!entry.ok) throw new Error(`demo team entry refused: ${entry.code}`);
    await register(db, cup, captain, entry.fields, { teamId, playerUserIds: entry.playerUserIds }, before);
    await checkIn(db, { tournamentId: cup.id, userId: captain, now: new Date(startsAt.getTime() - 30 * 60_000) });
  }
  const entrants = await db
    .select({ id: registrations.id, userId: registrations.userId })
    .from(registrations)
    .where(eq(registrations.tournamentId, cup.id));
  const seedOf = (teamIndex: number) => entrants.find((row) => row.userId === userIdOf(PLAYERS[teamIndex * 5]![0]))!.id;
  // Seeds 1–4 in the teams' order; the first two seeds win their semi-finals, the second seed the final.
  const manual = Object.fromEntries([0, 1, 2, 3].map((teamIndex) => [seedOf(teamIndex), teamIndex + 1]));
  await startCompetition(db, { tournamentId: cup.id, actorUserId: ORGANIZER, method: "manual", manual });
  const scores = [
    { score1: 1, score2: 0 },
    { score1: 1, score2: 0 },
    { score1: 0, score2: 1 },
  ];
  for (const score of scores) {
    const match = (await loadBracket(db, cup.id)).match.find((candidate) => isPlayable(candidate));
    if (!match) break;
    await setResult(db, { tournamentId: cup.id, matchId: match.id as number, actorUserId: ORGANIZER, score, reason: null });
  }
  await savePrizes(db, {
    tournamentId: cup.id,
    actorUserId: ORGANIZER,
    prizes: [
      { registrationId: seedOf(1), place: 1, amount: "$30" },
      { registrationId: seedOf(0), place: 2, amount: "$20" },
    ],
  });
}

/** Eight players play two battle-royale lobbies; the organizer records the top three of the points table. */
async function playFreeFireCup(db: Database, day: number) {
  const cup = { id: FF_CUP, title: "Copa Demo Free Fire", game: "free-fire", day, capacity: 12, teamSize: 1, players: ["12", "solo"] };
  const startsAt = await createCup(db, cup, "battle_royale");
  const before = new Date(startsAt.getTime() - 3 * DAY);
  const solo = [0, 2, 5, 7, 10, 12, 15, 17].map((index) => PLAYERS[index]!);
  for (const [handle, ign] of solo) {
    await register(db, cup, userIdOf(handle), { player1Name: ign, player1Ign: ign, phone: PHONE }, null, before);
    await checkIn(db, { tournamentId: cup.id, userId: userIdOf(handle), now: new Date(startsAt.getTime() - 30 * 60_000) });
  }
  const entered = await db.select({ id: registrations.id }).from(registrations).where(eq(registrations.tournamentId, cup.id));
  const manual = Object.fromEntries(entered.map((row, index) => [row.id, index + 1]));
  await startCompetition(db, { tournamentId: cup.id, actorUserId: ORGANIZER, method: "manual", manual });
  const seeded = (await listEntrants(db, cup.id)).map((entrant) => entrant.registrationId);
  // Two lobbies with the same eight players: placements rotate, kills vary, so the table has a clear order.
  for (const lobby of lobbyPlan(seeded, 12, 2)) {
    const results = lobby.teams.map((registrationId, index) => ({
      registrationId,
      placement: ((index + (lobby.round - 1) * 3) % lobby.teams.length) + 1,
      kills: (7 * (index + 1) + lobby.round * 3) % 9,
    }));
    await saveLobby(db, { tournamentId: cup.id, lobbyMatch: lobby.lobby, results, actorUserId: ORGANIZER });
  }
  const table = pointsTable(
    (await listEntrants(db, cup.id)).map((entrant) => ({ registrationId: entrant.registrationId, seed: entrant.seed })),
    await listLobbyResults(db, cup.id),
    POINT_PRESETS.free_fire,
    2,
  );
  await savePrizes(db, {
    tournamentId: cup.id,
    actorUserId: ORGANIZER,
    prizes: table
      .slice(0, 3)
      .map((row, index) => ({ registrationId: row.registrationId, place: index + 1, amount: ["$25", "$15", "$10"][index]! })),
  });
}
