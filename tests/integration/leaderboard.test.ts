/**
 * Seasons and leaderboards (docs/teams.md "Leaderboards and seasons"): the standings are derived
 * from the competition's results within a season's dates, a staff correction or the places change them in
 * the same transaction, and the pages are keyset pages that neither skip nor repeat a line.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, leaderboardStandings, registrations, teams, tournaments, users } from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { loadBracket } from "~/features/competition/bracket-storage.server";
import { saveLobby, setResult } from "~/features/competition/match-operations.server";
import { savePrizes } from "~/features/competition/prizes.server";
import { saveSettings, startCompetition } from "~/features/competition/competition-start.server";
import { isPlayable } from "~/features/competition/core/bracket-view";
import { lobbyTablePoints, tournamentPoints } from "~/features/teams/core/leaderboard";
import { createSeason, leaderboardPage, updateSeason } from "~/features/teams/leaderboard.server";
import { loader as leaderboardLoader } from "~/features/teams/routes/leaderboard";
import { callRoute, getRequest } from "./support/routes";
import { createCup, useCompetitionTest } from "./support/competition";

const { handle } = useCompetitionTest();
const T = "copa-temporada";

async function staffUser() {
  const id = randomUUID();
  await handle.db.insert(users).values({ id, email: `staff-${id.slice(0, 6)}@example.com`, name: "Staff", isStaff: true });
  return id;
}

/** A four-team cup on 2026-12-01, played to the end by staff: 1 beats 4, 2 beats 3, 1 beats 2 in the final. */
async function playedCup() {
  const staff = await staffUser();
  const { captains } = await createCup(handle.db, {
    id: T,
    title: "Copa Temporada",
    game: "mobile-legends",
    players: ["5 jugadores"],
    teams: 4,
    startsAt: new Date(Date.now() + 30 * 60_000),
    staffId: staff,
  });
  const teamId = randomUUID();
  await handle.db
    .insert(teams)
    .values({ id: teamId, game: "mobile-legends", name: "Los Tigres", tag: "TGR", country: "VE", captainUserId: captains[0]!.userId });
  await handle.db.update(registrations).set({ teamId }).where(eq(registrations.id, captains[0]!.registrationId));
  for (const captain of captains) await checkIn(handle.db, { tournamentId: T, userId: captain.userId, now: new Date() });
  const manual = Object.fromEntries(captains.map((captain, index) => [captain.registrationId, index + 1]));
  await startCompetition(handle.db, { tournamentId: T, actorUserId: staff, method: "manual", manual });
  for (;;) {
    const match = (await loadBracket(handle.db, T)).match.find((candidate) => isPlayable(candidate));
    if (!match) break;
    await setResult(handle.db, {
      tournamentId: T,
      matchId: match.id as number,
      actorUserId: staff,
      score: { score1: 1, score2: 0 },
      reason: null,
    });
  }
  return { staff, captains, teamId };
}

async function lines(seasonId: string, kind: "player" | "team") {
  return handle.db
    .select()
    .from(leaderboardStandings)
    .where(and(eq(leaderboardStandings.seasonId, seasonId), eq(leaderboardStandings.kind, kind)));
}

describe("seasons and leaderboards", () => {
  it("counts only the platform's tournaments inside the season's dates, with the rule of core/leaderboard.ts, audited", async () => {
    const { staff, captains, teamId } = await playedCup();
    const { id: season } = await createSeason(handle.db, staff, { name: "Temporada 4", startsOn: "2026-10-01", endsOn: "2026-12-31" });
    const { id: later } = await createSeason(handle.db, staff, { name: "Temporada 1 2027", startsOn: "2027-01-01", endsOn: "2027-03-31" });
    const players = await lines(season, "player");
    expect(players).toHaveLength(4);
    const byUser = new Map(players.map((line) => [line.subjectId, line]));
    const champion = byUser.get(captains[0]!.userId)!;
    expect(champion).toMatchObject({ game: "mobile-legends", won: 2, lost: 0, tournaments: 1, bestPlace: null });
    expect(champion.points).toBe(tournamentPoints({ place: null, won: 2 }));
    expect(byUser.get(captains[3]!.userId)).toMatchObject({ won: 0, lost: 1, points: tournamentPoints({ place: null, won: 0 }) });
    expect(await lines(season, "team")).toEqual([expect.objectContaining({ subjectId: teamId, won: 2, lost: 0 })]);
    expect(await lines(later, "player")).toEqual([]);
    // Moving the season so it no longer holds the cup empties it; moving it back fills it again.
    await updateSeason(handle.db, staff, season, { name: "Temporada 4", startsOn: "2026-12-02", endsOn: "2026-12-31" });
    expect(await lines(season, "player")).toEqual([]);
    await updateSeason(handle.db, staff, season, { name: "Temporada 4", startsOn: "2026-12-01", endsOn: "2026-12-31" });
    expect(await lines(season, "player")).toHaveLength(4);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entity, "season"));
    expect(audit.map((row) => row.action).sort()).toEqual(["season.create", "season.create", "season.update", "season.update"]);
    // An organization's tournament is not the platform's: it does not count.
    await handle.db.update(tournaments).set({ organizationId: "org-1" }).where(eq(tournaments.id, T));
    await updateSeason(handle.db, staff, season, { name: "Temporada 4", startsOn: "2026-12-01", endsOn: "2026-12-31" });
    expect(await lines(season, "player")).toEqual([]);
  });

  it("a staff correction and the places staff record change the standings in the same transaction", async () => {
    const { staff, captains } = await playedCup();
    const { id: season } = await createSeason(handle.db, staff, { name: "Temporada 4", startsOn: "2026-12-01", endsOn: "2026-12-01" });
    const pointsOf = async (userId: string) => (await lines(season, "player")).find((line) => line.subjectId === userId);
    expect(await pointsOf(captains[3]!.userId)).toMatchObject({ won: 0, lost: 1 });
    // Staff correct the first semi-final: 4 beat 1 (the final is reopened).
    const semi = (await loadBracket(handle.db, T)).match.find((match) => match.opponent1?.id !== undefined && match.round_id === 0)!;
    await setResult(handle.db, {
      tournamentId: T,
      matchId: semi.id as number,
      actorUserId: staff,
      score: { score1: 0, score2: 1 },
      reason: "wrong winner",
    });
    expect(await pointsOf(captains[3]!.userId)).toMatchObject({ won: 1, lost: 0, points: tournamentPoints({ place: null, won: 1 }) });
    expect(await pointsOf(captains[0]!.userId)).toMatchObject({ won: 0, lost: 1 });
    await savePrizes(handle.db, {
      tournamentId: T,
      actorUserId: staff,
      prizes: [{ registrationId: captains[3]!.registrationId, place: 1, amount: "$100" }],
    });
    expect(await pointsOf(captains[3]!.userId)).toMatchObject({ bestPlace: 1, points: tournamentPoints({ place: 1, won: 1 }) });
  });

  it("a battle-royale cup's lobbies earn its table's placement and kill points; a corrected lobby changes them", async () => {
    const staff = await staffUser();
    const { captains, settings } = await createCup(handle.db, {
      id: T,
      title: "Copa Booyah",
      game: "free-fire",
      players: ["4 jugadores"],
      teams: 3,
      startsAt: new Date(Date.now() + 30 * 60_000),
      staffId: staff,
    });
    const rules = { placementPoints: [12, 9, 8], killPoints: 2 };
    await saveSettings(handle.db, T, { ...settings, format: "battle_royale", lobbyMatches: 2, ...rules }, staff);
    for (const captain of captains) await checkIn(handle.db, { tournamentId: T, userId: captain.userId, now: new Date() });
    await startCompetition(handle.db, { tournamentId: T, actorUserId: staff, method: "random" });
    const { id: season } = await createSeason(handle.db, staff, { name: "Temporada BR", startsOn: "2026-12-01", endsOn: "2026-12-31" });
    const lobby = (lobbyMatch: number, order: number[], kills: number[]) =>
      saveLobby(handle.db, {
        tournamentId: T,
        lobbyMatch,
        actorUserId: staff,
        results: order.map((captain, index) => ({
          registrationId: captains[captain]!.registrationId,
          placement: index + 1,
          kills: kills[index]!,
        })),
      });
    const pointsOf = async (captain: number) =>
      (await lines(season, "player")).find((line) => line.subjectId === captains[captain]!.userId)?.points;
    const expected = (results: { placement: number; kills: number }[]) =>
      tournamentPoints({ place: null, won: 0, tablePoints: lobbyTablePoints(rules, results) });

    await lobby(1, [0, 1, 2], [5, 1, 0]);
    await lobby(2, [1, 0, 2], [3, 2, 4]);
    expect(await pointsOf(0)).toBe(
      expected([
        { placement: 1, kills: 5 },
        { placement: 2, kills: 2 },
      ]),
    );
    expect(await pointsOf(0)).toBe(1 + 12 + 10 + 9 + 4);
    expect(await pointsOf(1)).toBe(
      expected([
        { placement: 2, kills: 1 },
        { placement: 1, kills: 3 },
      ]),
    );
    expect(await pointsOf(2)).toBe(
      expected([
        { placement: 3, kills: 0 },
        { placement: 3, kills: 4 },
      ]),
    );

    // Staff correct the second lobby: team 3 won it, and its kills were 6.
    await lobby(2, [2, 0, 1], [6, 2, 3]);
    expect(await pointsOf(2)).toBe(
      expected([
        { placement: 3, kills: 0 },
        { placement: 1, kills: 6 },
      ]),
    );
    expect(await pointsOf(1)).toBe(
      expected([
        { placement: 2, kills: 1 },
        { placement: 3, kills: 3 },
      ]),
    );
    // Saving the season again (a rebuild) reads the same table.
    const before = await lines(season, "player");
    await updateSeason(handle.db, staff, season, { name: "Temporada BR", startsOn: "2026-12-01", endsOn: "2026-12-31" });
    expect((await lines(season, "player")).map((line) => line.points).sort()).toEqual(before.map((line) => line.points).sort());
  });

  it("pages by keyset: every line once, in order, ranks continuing, ties broken by id", async () => {
    const staff = await staffUser();
    const { id: season } = await createSeason(handle.db, staff, { name: "Temporada", startsOn: "2026-01-01", endsOn: "2026-12-31" });
    const rows = Array.from({ length: 60 }, (_, index) => ({
      seasonId: season,
      game: "mobile-legends",
      kind: "player",
      subjectId: `u-${String(index).padStart(3, "0")}`,
      points: index % 7,
      won: index % 3,
      lost: 0,
      tournaments: 1,
      bestPlace: null,
    }));
    await handle.db.insert(leaderboardStandings).values(rows);
    await handle.db.insert(leaderboardStandings).values({ ...rows[0]!, game: "free-fire", subjectId: "other-game" });
    const seen: { subjectId: string; rank: number }[] = [];
    let after = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: Awaited<ReturnType<typeof leaderboardPage>> = await leaderboardPage(handle.db, {
        seasonId: season,
        game: "mobile-legends",
        kind: "player",
        after,
        limit: 25,
      });
      seen.push(...page.rows);
      after = page.next;
      if (!after) break;
    }
    const expected = [...rows].sort((a, b) => b.points - a.points || b.won - a.won || b.subjectId.localeCompare(a.subjectId));
    expect(seen.map((row) => row.subjectId)).toEqual(expected.map((row) => row.subjectId));
    expect(seen.map((row) => row.rank)).toEqual(expected.map((_, index) => index + 1));
  });

  it("the public page opens on the current season, takes a bad cursor or season as the first page, and 404s an unknown game", async () => {
    const staff = await staffUser();
    const today = new Date().toISOString().slice(0, 10);
    await createSeason(handle.db, staff, { name: "Old", startsOn: "2020-01-01", endsOn: "2020-12-31" });
    const { id: current } = await createSeason(handle.db, staff, { name: "Now", startsOn: "2021-01-01", endsOn: today });
    const page = await callRoute<{ season: { id: string } | null; rows: unknown[] }>(
      leaderboardLoader,
      getRequest("/leaderboards/mobile-legends?after=zzz&season=nope&tab=team"),
      { game: "mobile-legends" },
    );
    expect(page.status).toBe(200);
    expect(page.data?.season?.id).toBe(current);
    const unknown = await callRoute(leaderboardLoader, getRequest("/leaderboards/chess"), { game: "chess" });
    expect(unknown.status).toBe(404);
  });
});
