import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { leaderboardStandings, registrationPlayers, registrations, seasons, teams, tournaments, users } from "~/db/schema";
import { recordAudit } from "~/features/admin/audit.server";
import type { Database, Transaction } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import {
  ENTRY_POINTS,
  LEADERBOARD_PAGE,
  PLACE_POINTS,
  WIN_POINTS,
  type LeaderboardCursor,
  type LeaderboardKind,
  type SeasonErrorCode,
  type SeasonInput,
} from "./core/leaderboard";

/**
 * Seasons and their leaderboards (docs/teams.md "Leaderboards and seasons"): all of the SQL.
 * `leaderboard_standings` is derived from the competition's tables (registrations that kept their place,
 * decided bracket matches, battle-royale lobby results, the places staff recorded) with the rule of core/leaderboard.ts; it is never
 * typed. A result, a correction or the places refresh the lines of that tournament's players and teams in
 * the same transaction; saving a season rebuilds it.
 */

export class SeasonError extends DomainError<SeasonErrorCode> {}

type Reader = Database | Transaction;

const textArray = (ids: readonly string[]): SQL =>
  ids.length
    ? sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;

const placePoints = sql.raw(`array[${PLACE_POINTS.map((points) => Math.trunc(points)).join(",")}]::int[]`);

/**
 * Writes the lines of `seasonIds` (restricted to some subjects when `subjects` is given) from the stored
 * results. Serialized by one transaction-scoped advisory lock, so two tournaments' results written at the
 * same time never leave a line computed from a snapshot that missed the other's.
 */
async function writeStandings(
  tx: Transaction,
  seasonIds: readonly string[],
  subjects: { teams: readonly string[]; users: readonly string[]; game: string } | null,
): Promise<void> {
  if (seasonIds.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leaderboard_standings'))`);
  const seasonList = textArray(seasonIds);
  const teamList = textArray(subjects?.teams ?? []);
  const userList = textArray(subjects?.users ?? []);
  const subjectLines = sql`((kind = 'team' and subject_id = any(${teamList})) or (kind = 'player' and subject_id = any(${userList})))`;
  if (subjects) {
    await tx.execute(
      sql`delete from leaderboard_standings where season_id = any(${seasonList}) and game = ${subjects.game} and ${subjectLines}`,
    );
  } else {
    await tx.execute(sql`delete from leaderboard_standings where season_id = any(${seasonList})`);
  }
  // A subject's registrations are found from the subject (indexes on team_id and user_id), a season's from its dates.
  const chosen = subjects
    ? sql`r.id in (
        select id from registrations where team_id = any(${teamList})
        union select id from registrations where user_id = any(${userList})
        union select registration_id from registration_players where user_id = any(${userList}))
        and t.game = ${subjects.game}`
    : sql`true`;
  // `br` is a battle-royale cup's final table: placement and kill points as the cup's table defines them
  // (core/leaderboard.ts lobbyTablePoints), read by tournament (the lobby results' primary key starts with it).
  await tx.execute(sql`
    with s as (select id, starts_on, ends_on from seasons where id = any(${seasonList})),
    regs as (
      select s.id as season_id, t.game, r.id as reg_id, r.tournament_id, r.team_id, r.user_id
      from s
      join tournaments t on t.date between s.starts_on and s.ends_on and t.organization_id is null and t.status <> 'cancelled'
      join registrations r on r.tournament_id = t.id and r.status <> 'released'
      where ${chosen}
    ),
    sides as (
      select c.registration1 as reg, c.score1 > c.score2 as w, c.score1 < c.score2 as l
        from competition_results c where c.tournament_id in (select tournament_id from regs)
      union all
      select c.registration2, c.score2 > c.score1, c.score2 < c.score1
        from competition_results c where c.tournament_id in (select tournament_id from regs)
    ),
    matches as (select reg, count(*) filter (where w) as won, count(*) filter (where l) as lost from sides group by reg),
    br as (
      select lr.registration_id as reg,
        sum(coalesce(cs.placement_points[lr.placement], 0) + cs.kill_points * greatest(lr.kills, 0)) as table_points
      from competition_lobby_results lr
      join competition_settings cs on cs.tournament_id = lr.tournament_id
      where lr.tournament_id in (select tournament_id from regs)
      group by lr.registration_id
    ),
    lines as (
      select regs.*, p.place, coalesce(m.won, 0)::int as won, coalesce(m.lost, 0)::int as lost,
        greatest(coalesce(br.table_points, 0), 0)::int as table_points
      from regs
      left join matches m on m.reg = regs.reg_id
      left join br on br.reg = regs.reg_id
      left join competition_prizes p on p.tournament_id = regs.tournament_id and p.registration_id = regs.reg_id
    ),
    credited as (
      select season_id, game, 'team' as kind, team_id as subject_id, place, won, lost, table_points from lines where team_id is not null
      union all
      select season_id, game, 'player', u.user_id, place, won, lost, table_points
      from lines cross join lateral (
        select lines.user_id
        union select rp.user_id from registration_players rp where rp.registration_id = lines.reg_id and rp.user_id is not null
      ) as u(user_id)
    )
    insert into leaderboard_standings (season_id, game, kind, subject_id, points, won, lost, tournaments, best_place)
    select season_id, game, kind, subject_id,
      sum(${ENTRY_POINTS}::int + coalesce((${placePoints})[place], 0) + ${WIN_POINTS}::int * won + table_points)::int,
      sum(won)::int, sum(lost)::int, count(*)::int, min(place)
    from credited
    where ${subjects ? subjectLines : sql`true`}
    group by season_id, game, kind, subject_id
  `);
}

/** Rebuilds one season's leaderboards from the stored results (when staff save it, and by the bench). */
export async function rebuildSeason(tx: Transaction, seasonId: string): Promise<void> {
  await writeStandings(tx, [seasonId], null);
}

/**
 * Refreshes the leaderboard lines of everyone who took part in a tournament, in every season whose dates
 * hold it. Called in the transaction that writes a result, a correction, a lobby or the places.
 */
export async function refreshTournamentStandings(tx: Transaction, tournamentId: string): Promise<void> {
  const [event] = await tx
    .select({ date: tournaments.date, game: tournaments.game, organizationId: tournaments.organizationId })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!event || event.organizationId) return;
  const covering = await tx
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(sql`${seasons.startsOn} <= ${event.date}`, sql`${seasons.endsOn} >= ${event.date}`));
  if (covering.length === 0) return;
  const [entered, players] = await Promise.all([
    tx
      .select({ teamId: registrations.teamId, userId: registrations.userId })
      .from(registrations)
      .where(eq(registrations.tournamentId, tournamentId)),
    tx
      .select({ userId: registrationPlayers.userId })
      .from(registrationPlayers)
      // Through the registrations (index on registration_id): no index of registration_players covers a whole tournament.
      .innerJoin(registrations, eq(registrations.id, registrationPlayers.registrationId))
      .where(and(eq(registrations.tournamentId, tournamentId), sql`${registrationPlayers.userId} is not null`)),
  ]);
  const teamIds = new Set(entered.flatMap((row) => (row.teamId ? [row.teamId] : [])));
  const userIds = new Set([...entered.map((row) => row.userId), ...players.flatMap((row) => (row.userId ? [row.userId] : []))]);
  await writeStandings(
    tx,
    covering.map((season) => season.id),
    { teams: [...teamIds], users: [...userIds], game: event.game },
  );
}

/* ───────────── Seasons (staff) ───────────── */

export async function listSeasons(db: Reader) {
  return db.select().from(seasons).orderBy(desc(seasons.startsOn), asc(seasons.name)).limit(200);
}

/** A new season (audited); its leaderboards are built at once from the results already stored. */
export async function createSeason(db: Database, staffId: string, input: SeasonInput): Promise<{ id: string }> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(seasons).values({ id, ...input });
    await recordAudit(tx, { actorId: staffId, action: "season.create", entity: "season", entityId: id, after: input });
    await rebuildSeason(tx, id);
  });
  return { id };
}

/** Renames a season or moves its dates (audited); its leaderboards are rebuilt for the new range. */
export async function updateSeason(db: Database, staffId: string, seasonId: string, input: SeasonInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: seasons.name, startsOn: seasons.startsOn, endsOn: seasons.endsOn })
      .from(seasons)
      .where(eq(seasons.id, seasonId))
      .for("update");
    if (!before) throw new SeasonError("SEASON_NOT_FOUND");
    await tx
      .update(seasons)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(seasons.id, seasonId));
    await recordAudit(tx, { actorId: staffId, action: "season.update", entity: "season", entityId: seasonId, before, after: input });
    await rebuildSeason(tx, seasonId);
  });
}

/* ───────────── The public leaderboard ───────────── */

/**
 * One page of a season's leaderboard for a game: points, then matches won, then the subject's id, all
 * descending, read from the rank index after the cursor (keyset, never OFFSET). Players show only their
 * public handle; teams their tag and name.
 */
export async function leaderboardPage(
  db: Reader,
  input: { seasonId: string; game: string; kind: LeaderboardKind; after: LeaderboardCursor | null; limit?: number },
) {
  const limit = input.limit ?? LEADERBOARD_PAGE;
  const s = leaderboardStandings;
  // The page is cut from the rank index first and named after: joining before the limit made PostgreSQL
  // join and sort the whole season (docs/benchmarks.md).
  const ranked = db
    .select({
      subjectId: s.subjectId,
      kind: s.kind,
      points: s.points,
      won: s.won,
      lost: s.lost,
      tournaments: s.tournaments,
      bestPlace: s.bestPlace,
    })
    .from(s)
    .where(
      and(
        eq(s.seasonId, input.seasonId),
        eq(s.game, input.game),
        eq(s.kind, input.kind),
        input.after
          ? sql`(${s.points}, ${s.won}, ${s.subjectId}) < (${input.after.points}, ${input.after.won}, ${input.after.subjectId})`
          : undefined,
      ),
    )
    .orderBy(desc(s.points), desc(s.won), desc(s.subjectId))
    .limit(limit + 1)
    .as("ranked");
  const rows = await db
    .select({
      subjectId: ranked.subjectId,
      points: ranked.points,
      won: ranked.won,
      lost: ranked.lost,
      tournaments: ranked.tournaments,
      bestPlace: ranked.bestPlace,
      teamName: teams.name,
      teamTag: teams.tag,
      teamLogo: teams.logoUrl,
      handle: users.handle,
    })
    .from(ranked)
    .leftJoin(teams, and(eq(ranked.kind, "team"), eq(teams.id, ranked.subjectId)))
    .leftJoin(users, and(eq(ranked.kind, "player"), eq(users.id, ranked.subjectId)))
    .orderBy(desc(ranked.points), desc(ranked.won), desc(ranked.subjectId));
  const start = input.after?.rank ?? 0;
  const page = rows.slice(0, limit).map((row, index) => ({ ...row, rank: start + index + 1 }));
  const last = page.at(-1);
  const next: LeaderboardCursor | null =
    rows.length > limit && last ? { points: last.points, won: last.won, subjectId: last.subjectId, rank: last.rank } : null;
  return { rows: page, next };
}
