// Part of `npm run bench` (docs/teams.md): how the leaderboard and the player profile scale from 1k players /
// 10k matches to 100k players / 1M matches. Each page's loader (its real data work: the season, the
// keyset page, the profile's teams, tournaments and record) is called 10 times to warm up, then
// BENCH_LEADERBOARD_READS times; p50 at each size and the ratio (goal ≤ 1.3). Also times a season's rebuild
// and the refresh one result triggers. The data: 1v1 round-robin cups of 16 players (120 decided matches
// each), places 1–4 recorded, dates over one season; one busy player in 20 cups at every size.
// PostgreSQL with BENCH_DATABASE_URL (wiped: its name must contain test or bench), else PGlite in a
// temporary folder. Prints one JSON line.
import { sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { encodeCursor } from "~/features/teams/core/leaderboard";
import { leaderboardPage, rebuildSeason, refreshTournamentStandings } from "~/features/teams/leaderboard.server";
import { loader as leaderboardLoader } from "~/features/teams/routes/leaderboard";
import { loader as playerLoader } from "~/features/teams/routes/player";
import { openDatabase, queryRows, setDatabase } from "~/lib/db.server";

const url = process.env.BENCH_DATABASE_URL || undefined;
if (url) {
  const name = new URL(url).pathname.slice(1);
  if (!/test|bench/i.test(name)) throw new Error(`Refusing to wipe database "${name}"`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;");
  await client.end();
}
const SIZES = (process.env.BENCH_LEADERBOARD_SIZES ?? "1000:10000,100000:1000000").split(",").map((pair) => pair.split(":").map(Number));
const READS = Number(process.env.BENCH_LEADERBOARD_READS ?? 300);
const PER_CUP = 16;
const MATCHES_PER_CUP = (PER_CUP * (PER_CUP - 1)) / 2;
const BUSY = "bench-busy";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-leaderboard-"));
const handle = await openDatabase({ url, dataDir });
setDatabase(handle);
const db = handle.db;
const SEASON = "bench-season";

async function p50(read: () => Promise<unknown>, reads = READS) {
  for (let i = 0; i < 10; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < reads; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return +times[Math.floor(times.length / 2)]!.toFixed(2);
}

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return +(performance.now() - started).toFixed(0);
}

/** Players [from, to) and cups [fromCup, toCup): every cup's 16 entries, their 120 results and 4 places. */
async function addData(players: [number, number], cups: [number, number], totalPlayers: number, busyEvery: number) {
  if (players[1] > players[0])
    await db.execute(sql`
      insert into users (id, email, name, age, handle)
      select 'bp-' || i, 'bp-' || i || '@example.com', 'Bench', 20, 'bp_' || i from generate_series(${players[0]}::int, ${players[1] - 1}::int) as i`);
  for (let from = cups[0]; from < cups[1]; from += 1000) {
    const to = Math.min(cups[1], from + 1000);
    await db.execute(sql`
      insert into tournaments (id, title, game, prize, players, image, date, capacity, registration_closes_at)
      select 'bt-' || t, 'Bench cup ' || t, 'efootball', '$10', array['1v1'], '/x.jpg', (date '2026-01-01' + (t % 300))::date, 16, now()
      from generate_series(${from}::int, ${to - 1}::int) as t`);
    // Slot s of cup t: player (t·16 + s) mod N, so each player enters about as many cups as the next; the busy one takes slot 15 of every busyEvery-th cup.
    await db.execute(sql`
      insert into registrations (id, tournament_id, user_id, team_name, phone, status)
      select 'br-' || t || '-' || s, 'bt-' || t,
             case when s = 15 and t % ${busyEvery}::int = 0 then ${BUSY} else 'bp-' || ((t * 16 + s) % ${totalPlayers}::int) end,
             null, '04141234567', 'confirmed'
      from generate_series(${from}::int, ${to - 1}::int) as t, generate_series(0, 15) as s`);
    await db.execute(sql`
      insert into registration_players (id, registration_id, tournament_id, position, name, ign, user_id)
      select 'brp-' || r.id, r.id, r.tournament_id, 1, 'Bench', 'ign-' || r.id, r.user_id
      from registrations r where r.tournament_id in (select 'bt-' || t from generate_series(${from}::int, ${to - 1}::int) as t)`);
    await db.execute(sql`
      insert into competition_results (tournament_id, match_id, registration1, registration2, score1, score2, source)
      select 'bt-' || t, a * 16 + b, 'br-' || t || '-' || a, 'br-' || t || '-' || b,
             ((t + a * 7 + b) % 2), 1 - ((t + a * 7 + b) % 2), 'agreement'
      from generate_series(${from}::int, ${to - 1}::int) as t, generate_series(0, 15) as a, generate_series(0, 15) as b where a < b`);
    await db.execute(sql`
      insert into competition_prizes (tournament_id, registration_id, place, amount)
      select 'bt-' || t, 'br-' || t || '-' || p, p + 1, '$10' from generate_series(${from}::int, ${to - 1}::int) as t, generate_series(0, 3) as p`);
  }
  if (url) await db.execute(sql`vacuum analyze`);
  else await db.execute(sql`analyze`);
}

const request = (target: string) => new Request(`http://bench.local${target}`);
type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
const call = (loader: unknown, target: string, params: Record<string, string>) =>
  (loader as Loader)({ request: request(target), params, context: {} });

async function measure(players: number, matches: number) {
  const rebuildMs = await timed(() => db.transaction((tx) => rebuildSeason(tx, SEASON)));
  if (url) await db.execute(sql`vacuum analyze leaderboard_standings`);
  else await db.execute(sql`analyze leaderboard_standings`);
  const [{ lines } = { lines: 0 }] = await queryRows<{ lines: number }>(
    db,
    sql`select count(*)::int as lines from leaderboard_standings where season_id = ${SEASON}`,
  );
  // A deep page: the cursor of the line in the middle of the players' ranking.
  let after = null;
  const half = Math.floor(lines / 2);
  const [mid] = await queryRows<{ points: number; won: number; subject_id: string }>(
    db,
    sql`select points, won, subject_id from leaderboard_standings where season_id = ${SEASON} and game = 'efootball' and kind = 'player'
        order by points desc, won desc, subject_id desc offset ${half} limit 1`,
  );
  if (mid) after = encodeCursor({ points: mid.points, won: mid.won, subjectId: mid.subject_id, rank: half + 1 });
  const typical = `bp_${Math.floor(players / 2)}`;
  return {
    players,
    matches,
    standings: lines,
    seasonRebuildMs: rebuildMs,
    leaderboardFirstPage: await p50(() => call(leaderboardLoader, "/leaderboards/efootball", { game: "efootball" })),
    leaderboardDeepPage: await p50(() => call(leaderboardLoader, `/leaderboards/efootball?after=${after}`, { game: "efootball" })),
    leaderboardQueryOnly: await p50(() => leaderboardPage(db, { seasonId: SEASON, game: "efootball", kind: "player", after: null })),
    profileTypical: await p50(() => call(playerLoader, `/players/${typical}`, { handle: typical })),
    profileBusy: await p50(() => call(playerLoader, "/players/bench_busy", { handle: "bench_busy" })),
    refreshAfterResult: await p50(() => db.transaction((tx) => refreshTournamentStandings(tx, "bt-1")), 20),
  };
}

try {
  await db.execute(sql`insert into users (id, email, name, age, handle) values (${BUSY}, 'busy@example.com', 'Busy', 20, 'bench_busy')`);
  await db.execute(sql`insert into seasons (id, name, starts_on, ends_on) values (${SEASON}, 'Bench 2026', '2026-01-01', '2026-12-31')`);
  const runs = [];
  let havePlayers = 0;
  let haveCups = 0;
  for (const [players, matches] of SIZES) {
    // Each size is built from scratch (the small run's cups would skew who plays how much at the large size).
    await db.execute(
      sql`truncate competition_prizes, competition_results, registration_players, registrations, tournaments, leaderboard_standings cascade`,
    );
    haveCups = 0;
    const cups = Math.ceil(matches! / MATCHES_PER_CUP);
    const seedMs = await timed(() => addData([havePlayers, players!], [haveCups, cups], players!, Math.max(1, Math.floor(cups / 20))));
    havePlayers = players!;
    haveCups = cups;
    runs.push({ ...(await measure(players!, cups * MATCHES_PER_CUP)), seedMs });
  }
  const [small, large] = [runs[0]!, runs.at(-1)!];
  const keys = [
    "leaderboardFirstPage",
    "leaderboardDeepPage",
    "leaderboardQueryOnly",
    "profileTypical",
    "profileBusy",
    "refreshAfterResult",
  ] as const;
  const ratio = Object.fromEntries(keys.map((key) => [key, +(large[key] / Math.max(0.01, small[key])).toFixed(2)]));
  const plan = await queryRows<{ "QUERY PLAN": string }>(
    db,
    sql`explain select subject_id from leaderboard_standings where season_id = ${SEASON} and game = 'efootball' and kind = 'player'
        and (points, won, subject_id) < (10, 2, 'bp-5') order by points desc, won desc, subject_id desc limit 26`,
  );
  console.log(
    JSON.stringify({
      driver: url ? "postgres" : "pglite",
      p50Ms: runs,
      ratio,
      deepPagePlan: plan.map((line) => line["QUERY PLAN"].trim()).join(" / "),
    }),
  );
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
