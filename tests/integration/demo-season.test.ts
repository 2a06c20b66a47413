/**
 * The demo season (docs/teams.md "Demo season"): a fresh start's demo seed opens a current season and plays
 * two finished cups through the competition's functions, so the leaderboards, a team and a profile show a
 * history; a second start adds nothing, and a database where staff already set a season is left alone.
 */
import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { competitionPrizes, competitionResults, leaderboardStandings, mailOutbox, seasons, teams, tournaments, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { seedDemoSeason } from "~/features/teams/demo-season.server";
import { leaderboardPage } from "~/features/teams/leaderboard.server";
import { findPlayerProfile } from "~/features/teams/teams.server";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
const NOW = new Date("2026-11-26T15:00:00Z");

async function rows(table: Parameters<ReturnType<typeof handle.db.select>["from"]>[0]) {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return row!.n;
}

describe("the demo season", () => {
  it("plays two cups into a current season, once", async () => {
    await seedDemoData(handle.db, NOW);
    const started = performance.now();
    expect(await seedDemoSeason(handle.db, NOW)).toBe(true);
    console.log(`demo season: ${Math.round(performance.now() - started)} ms`);
    const [season] = await handle.db.select().from(seasons);
    expect(season).toMatchObject({ name: "Temporada demo" });
    expect(season!.startsOn <= "2026-11-26" && season!.endsOn >= "2026-11-26").toBe(true);
    // Mobile Legends: four lasting teams; the second seed won the final.
    const ml = await leaderboardPage(handle.db, { seasonId: season!.id, game: "mobile-legends", kind: "team", after: null });
    expect(ml.rows.map((row) => [row.teamTag, row.won, row.lost, row.bestPlace]).slice(0, 2)).toEqual([
      ["MCB", 2, 0, 1],
      ["CCS", 1, 1, 2],
    ]);
    expect(ml.rows.map((row) => row.teamTag).sort()).toEqual(["AND", "CCS", "LLN", "MCB"]);
    const mlPlayers = await leaderboardPage(handle.db, { seasonId: season!.id, game: "mobile-legends", kind: "player", after: null });
    expect(mlPlayers.rows).toHaveLength(20);
    expect(mlPlayers.rows.every((row) => row.handle)).toBe(true);
    const ff = await leaderboardPage(handle.db, { seasonId: season!.id, game: "free-fire", kind: "player", after: null });
    expect(ff.rows).toHaveLength(8);
    expect(ff.rows.filter((row) => row.bestPlace !== null).map((row) => row.bestPlace)).toEqual([1, 2, 3]);
    expect(await rows(competitionResults)).toBe(3);
    expect(await rows(competitionPrizes)).toBe(5);
    // A profile shows the teams and both cups; no mail went to the demo addresses.
    const profile = await findPlayerProfile(handle.db, "tita_ccs");
    expect(profile!.teams.map((team) => team.tag)).toEqual(["CCS"]);
    expect(profile!.entries.map((entry) => entry.tournamentId).sort()).toEqual(["copa-demo-free-fire", "copa-demo-mobile-legends"]);
    expect(await rows(mailOutbox)).toBe(0);

    const counts = async () => [await rows(users), await rows(teams), await rows(tournaments), await rows(leaderboardStandings)];
    const before = await counts();
    expect(await seedDemoSeason(handle.db, new Date(NOW.getTime() + 86_400_000))).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it("leaves a database where staff already set a season alone", async () => {
    await seedDemoData(handle.db, NOW);
    await handle.db.insert(seasons).values({ id: "s1", name: "Temporada 1", startsOn: "2026-01-01", endsOn: "2026-12-31" });
    expect(await seedDemoSeason(handle.db, NOW)).toBe(false);
    expect(await handle.db.select().from(tournaments).where(eq(tournaments.id, "copa-demo-mobile-legends"))).toEqual([]);
  });
});
