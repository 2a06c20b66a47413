import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { competitionSettings, registrations, tournaments, users } from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { listEntrants, listLobbyResults } from "~/features/competition/competition-reads.server";
import { saveLobby } from "~/features/competition/match-operations.server";
import { saveSettings, startCompetition } from "~/features/competition/competition-start.server";
import { eventTable, lobbyPlan } from "~/features/competition/core/lobbies";
import { POINT_PRESETS } from "~/features/competition/core/points-table";
import { listLobbyReports, reportLobby } from "~/features/competition/lobby-reports.server";

import { useTestDatabase } from "./test-database";
import { eq } from "drizzle-orm";

// A battle royale of 14 squads in lobbies of 12 → two groups of 7, two rounds (docs/product.md "Running an event"); teams report, staff confirm.
const handle = useTestDatabase();
const T = "br-scale";
const shot = (n: number) => ({ key: `00000000-0000-0000-0000-00000000000${n}.png`, type: "image/png" });

async function setUp(teams: number) {
  const db = handle.db;
  await db.insert(tournaments).values({
    id: T,
    title: "Liga",
    game: "free-fire",
    prize: "$100",
    players: [String(teams), "squad"],
    teamSize: 4,
    image: "/x.jpg",
    date: "2026-12-01",
    capacity: 64,
    registrationClosesAt: new Date(),
  });
  const staff = randomUUID();
  await db.insert(users).values({ id: staff, email: "staff@example.com", name: "Staff", isStaff: true });
  const captains: { userId: string; registrationId: string }[] = [];
  for (let i = 1; i <= teams; i++) {
    const userId = randomUUID();
    const registrationId = randomUUID();
    await db.insert(users).values({ id: userId, email: `cap${i}@example.com`, name: `Cap ${i}` });
    await db.insert(registrations).values({
      id: registrationId,
      tournamentId: T,
      userId,
      teamName: `Team ${i}`,
      phone: "04141234567",
      status: "confirmed",
      createdAt: new Date(Date.now() - (teams - i) * 1000),
    });
    captains.push({ userId, registrationId });
  }
  const rules = POINT_PRESETS.free_fire;
  await saveSettings(
    db,
    T,
    {
      format: "battle_royale",
      bestOf: 1,
      finalBestOf: 1,
      groupCount: 1,
      lobbyMatches: 2,
      lobbySize: 12,
      pointsPreset: "free_fire",
      placementPoints: [...rules.placementPoints],
      killPoints: rules.killPoints,
      startsAt: new Date(Date.now() + 30 * 60_000),
      checkInOpensMinutes: 60,
      checkInClosesMinutes: 15,
    },
    staff,
  );
  for (const captain of captains) await checkIn(db, { tournamentId: T, userId: captain.userId, now: new Date() });
  await startCompetition(db, {
    tournamentId: T,
    actorUserId: staff,
    method: "manual",
    manual: Object.fromEntries(captains.map((captain, index) => [captain.registrationId, index + 1])),
  });
  return { staff, captains };
}

describe("battle royale at scale: team reports and staff confirmation", () => {
  it("splits 14 squads into two lobbies a round; a captain reports only their own lobby; staff confirm; the table adds both groups", async () => {
    const { staff, captains } = await setUp(14);
    const entrants = await listEntrants(handle.db, T);
    const plan = lobbyPlan(
      entrants.map((entrant) => entrant.registrationId),
      12,
      2,
    );
    expect(plan.map((lobby) => [lobby.lobby, lobby.round, lobby.group, lobby.teams.length])).toEqual([
      [1, 1, 0, 7],
      [2, 1, 1, 7],
      [3, 2, 0, 7],
      [4, 2, 1, 7],
    ]);
    const [cap1, cap2] = [captains[0]!, captains[1]!]; // seed 1 → group A, seed 2 → group B
    // Team 1 reports 1st with 4 kills in its round-1 lobby (lobby 1); it may not report group B's lobby.
    await reportLobby(handle.db, { tournamentId: T, lobbyMatch: 1, userId: cap1.userId, placement: 1, kills: 4, screenshot: shot(1) });
    await expect(
      reportLobby(handle.db, { tournamentId: T, lobbyMatch: 2, userId: cap1.userId, placement: 1, kills: 0, screenshot: shot(2) }),
    ).rejects.toMatchObject({ code: "NOT_IN_MATCH" });
    // A placement past the lobby's 7 teams is refused; a new report replaces the team's earlier one.
    await expect(
      reportLobby(handle.db, { tournamentId: T, lobbyMatch: 2, userId: cap2.userId, placement: 8, kills: 0, screenshot: shot(3) }),
    ).rejects.toMatchObject({ code: "BAD_LOBBY" });
    await reportLobby(handle.db, { tournamentId: T, lobbyMatch: 2, userId: cap2.userId, placement: 3, kills: 0, screenshot: shot(4) });
    await reportLobby(handle.db, { tournamentId: T, lobbyMatch: 2, userId: cap2.userId, placement: 2, kills: 1, screenshot: shot(5) });
    const reports = await listLobbyReports(handle.db, T);
    expect(reports.map((report) => [report.lobbyMatch, report.registrationId, report.placement, report.kills])).toEqual([
      [1, cap1.registrationId, 1, 4],
      [2, cap2.registrationId, 2, 1],
    ]);

    // Staff confirm lobby 1 with the team's numbers (the rest in group order) and lobby 2 likewise.
    const lobbyResults = (lobby: (typeof plan)[number], first: { placement: number; kills: number }) =>
      lobby.teams.map((registrationId, index) =>
        index === 0 ? { registrationId, ...first } : { registrationId, placement: index + 1, kills: 0 },
      );
    // A lobby must hold exactly its group's teams.
    await expect(
      saveLobby(handle.db, {
        tournamentId: T,
        lobbyMatch: 1,
        actorUserId: staff,
        results: lobbyResults(plan[1]!, { placement: 1, kills: 0 }),
      }),
    ).rejects.toMatchObject({ code: "BAD_LOBBY" });
    await saveLobby(handle.db, {
      tournamentId: T,
      lobbyMatch: 1,
      actorUserId: staff,
      results: lobbyResults(plan[0]!, { placement: 1, kills: 4 }),
    });
    await saveLobby(handle.db, {
      tournamentId: T,
      lobbyMatch: 2,
      actorUserId: staff,
      // Team 2 reported 2nd; staff saw the screenshot: it was 1st, 1 kill.
      results: lobbyResults(plan[1]!, { placement: 1, kills: 1 }),
    });
    // Once saved, a lobby takes no more reports.
    await expect(
      reportLobby(handle.db, { tournamentId: T, lobbyMatch: 1, userId: cap1.userId, placement: 2, kills: 0, screenshot: shot(6) }),
    ).rejects.toMatchObject({ code: "ALREADY_DECIDED" });

    const [settings] = await handle.db.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, T));
    const table = eventTable(entrants, await listLobbyResults(handle.db, T), settings!, 12, 2);
    // Hand-computed, Free Fire table: Team 1 = 12 + 4 = 16; Team 2 = 12 + 1 = 13; then the two 2nds (9 each, 0 kills) by seed: Team 3 (B, seed 3) before Team 4 (A, seed 4).
    expect(table.slice(0, 2).map((row) => [row.registrationId, row.points, row.perMatch])).toEqual([
      [cap1.registrationId, 16, [16, null]],
      [cap2.registrationId, 13, [13, null]],
    ]);
    expect(table[2]!.points).toBe(9);
    expect(table[2]!.registrationId).toBe(captains[2]!.registrationId);
  });
});
