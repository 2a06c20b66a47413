import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import {
  competitionLobbyResults,
  competitionPrizes,
  competitionResults,
  competitionSettings,
  registrations,
  savedPlayerIds,
  teamInvites,
  teamMembers,
  teams,
  tournaments,
  users,
} from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { constraintOf } from "~/lib/http.server";
import { keysetPage, type KeysetCursor } from "./core/keyset";
import {
  INVITE_TTL_MS,
  checkInvite,
  checkRoleChange,
  inviteState,
  isTeamRole,
  mayAct,
  roleForNewMember,
  type TeamAction,
  type TeamErrorCode,
  type TeamInput,
  type TeamRole,
} from "./core/rules";
import { MAX_SHOWN_IDS, type ProfileChoices } from "./core/privacy";
import { monthlyActivity, recordByGame, type GameRecord, type MonthActivity } from "./core/stats";
import { mailTeamInvite } from "./team-mail.server";
import { DomainError } from "~/lib/domain-error";
import { holdsPlaceSql } from "~/features/tournaments/registration-status.server";

/** The repository of lasting teams (docs/teams.md): all of its SQL. Rules come from core/rules.ts. */

export class TeamError extends DomainError<TeamErrorCode> {}

type Reader = Database | Transaction;

/**
 * A registration the user takes part in: as the one who registered it, or on its roster (with an account).
 * One `in (… union …)` so both halves are read from their user indexes (an `or` of the two made PostgreSQL
 * scan every registration: 69 ms at 133k registrations, docs/benchmarks.md).
 */
export function takesPartSql(userId: string) {
  return sql`${registrations.id} in (
    select r2.id from registrations r2 where r2.user_id = ${userId}
    union select rp.registration_id from registration_players rp where rp.user_id = ${userId})`;
}

const active = isNull(teamMembers.leftAt);

/** Most store IDs one profile lists (and the settings page offers): as many as the form may pick. */
const PROFILE_IDS_LIMIT = MAX_SHOWN_IDS;

/** A new team for a game; its creator is the captain and its first starter. */
export async function createTeam(db: Database, userId: string, input: TeamInput, now = new Date()): Promise<{ id: string }> {
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(teams).values({
        id,
        game: input.game,
        name: input.name,
        tag: input.tag,
        logoUrl: input.logoUrl,
        country: input.country,
        captainUserId: userId,
        createdAt: now,
      });
      await tx.insert(teamMembers).values({ id: randomUUID(), teamId: id, userId, role: "starter", ign: input.ign, joinedAt: now });
    });
  } catch (error) {
    if (constraintOf(error) === "teams_game_name") throw new TeamError("NAME_TAKEN");
    throw error;
  }
  return { id };
}

/** How a team is named in every list: its game, name and tag. */
export const TEAM_NAME_COLUMNS = { id: teams.id, game: teams.game, name: teams.name, tag: teams.tag };

/** The teams a user is in now, captain's first. */
export async function listTeamsOfUser(db: Reader, userId: string) {
  const rows = await db
    .select({
      ...TEAM_NAME_COLUMNS,
      logoUrl: teams.logoUrl,
      captainUserId: teams.captainUserId,
      role: teamMembers.role,
      ign: teamMembers.ign,
      members: sql<number>`(select count(*) from ${teamMembers} m where m.team_id = ${teams.id} and m.left_at is null)`.mapWith(Number),
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), active))
    .orderBy(asc(teams.name))
    .limit(100);
  return rows.map((row) => ({ ...row, captain: row.captainUserId === userId }));
}

async function activeRoster(db: Reader, teamId: string) {
  return db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      ign: teamMembers.ign,
      joinedAt: teamMembers.joinedAt,
      name: users.name,
      handle: users.handle,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), active))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
}

/** Tournaments a set of registrations entered, with the place staff recorded when there is one. */
function entriesQuery(db: Reader) {
  return db
    .select({
      registrationId: registrations.id,
      tournamentId: tournaments.id,
      title: tournaments.title,
      game: tournaments.game,
      date: tournaments.date,
      teamName: registrations.teamName,
      place: competitionPrizes.place,
    })
    .from(registrations)
    .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
    .leftJoin(
      competitionPrizes,
      and(eq(competitionPrizes.tournamentId, registrations.tournamentId), eq(competitionPrizes.registrationId, registrations.id)),
    );
}

/** The public page of a team: the team, its roster, its past members and the tournaments it entered. Null when unknown. */
export async function findTeamPage(db: Reader, teamId: string) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) return null;
  const [roster, past, entries] = await Promise.all([
    activeRoster(db, teamId),
    db
      .select({
        userId: teamMembers.userId,
        ign: teamMembers.ign,
        role: teamMembers.role,
        leftAt: teamMembers.leftAt,
        handle: users.handle,
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), isNotNull(teamMembers.leftAt)))
      .orderBy(desc(teamMembers.leftAt))
      .limit(50),
    entriesQuery(db)
      .where(and(eq(registrations.teamId, teamId), holdsPlaceSql()))
      .orderBy(desc(tournaments.date))
      .limit(100),
  ]);
  return { team, roster, past, entries };
}

/** Who the actor is to the team (under the team's row lock when in a transaction). */
async function standing(tx: Transaction, teamId: string, actorId: string) {
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for("update");
  // Someone outside a team may not act on it, and learns nothing about it: the same answer as an unknown team.
  if (!team) throw new TeamError("NOT_FOUND");
  const roster = await tx
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), active));
  const member = roster.some((row) => row.userId === actorId);
  if (!member) throw new TeamError("NOT_FOUND");
  return {
    team,
    roster: roster.map((row) => ({ userId: row.userId, role: (isTeamRole(row.role) ? row.role : "substitute") as TeamRole })),
    actor: { userId: actorId, member, captain: team.captainUserId === actorId },
  };
}

function check(action: TeamAction, state: Awaited<ReturnType<typeof standing>>, targetId: string | null): void {
  const target = targetId ? { userId: targetId, member: state.roster.some((row) => row.userId === targetId) } : null;
  const allowed = mayAct(action, state.team, state.actor, target);
  if (!allowed.ok) throw new TeamError(allowed.code);
}

/**
 * A new invite link (captain only); with an e-mail, the invite is mailed through the outbox in the
 * same transaction, in the invitee's account language when they have one, else the captain's.
 */
export async function createInvite(
  db: Database,
  input: { teamId: string; actorId: string; email: string | null; language: string; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const state = await standing(tx, input.teamId, input.actorId);
    check("invite", state, null);
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
    await tx.insert(teamInvites).values({
      token,
      teamId: input.teamId,
      email: input.email,
      createdBy: input.actorId,
      expiresAt,
      createdAt: now,
    });
    if (input.email) {
      const [[invitee], [captain]] = await Promise.all([
        tx.select({ language: users.language, name: users.name }).from(users).where(eq(users.email, input.email)),
        tx.select({ name: users.name }).from(users).where(eq(users.id, input.actorId)),
      ]);
      await mailTeamInvite(tx, {
        to: input.email,
        language: invitee?.language ?? input.language,
        teamName: state.team.name,
        captainName: captain?.name ?? "",
        token,
        expiresAt,
      });
    }
    return { token, expiresAt };
  });
}

/** An invite as its link shows it, or null for an unknown token. */
export async function findInvite(db: Reader, token: string, now = new Date()) {
  const [row] = await db
    .select({
      token: teamInvites.token,
      email: teamInvites.email,
      expiresAt: teamInvites.expiresAt,
      usedAt: teamInvites.usedAt,
      teamId: teams.id,
      teamName: teams.name,
      teamTag: teams.tag,
      game: teams.game,
      locked: teams.locked,
    })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .where(eq(teamInvites.token, token));
  if (!row) return null;
  return { ...row, state: inviteState(row, now) };
}

/** Takes an invite: checked and used under the team's lock, so one link gives one place and the roster never overflows. */
export async function acceptInvite(
  db: Database,
  input: { token: string; userId: string; email: string; ign: string; now?: Date },
): Promise<{ teamId: string; role: TeamRole }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [invite] = await tx.select().from(teamInvites).where(eq(teamInvites.token, input.token));
    if (!invite) throw new TeamError("NOT_FOUND");
    const [team] = await tx.select().from(teams).where(eq(teams.id, invite.teamId)).for("update");
    if (!team) throw new TeamError("NOT_FOUND");
    if (team.locked) throw new TeamError("TEAM_LOCKED");
    // Read again under the lock: a second tab using the same link waits here and finds it used.
    const [fresh] = await tx.select().from(teamInvites).where(eq(teamInvites.token, input.token));
    const roster = await tx
      .select({ userId: teamMembers.userId, role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), active));
    const allowed = checkInvite(
      fresh ?? invite,
      { email: input.email, alreadyMember: roster.some((row) => row.userId === input.userId) },
      now,
    );
    if (!allowed.ok) throw new TeamError(allowed.code);
    const role = roleForNewMember(
      team.game,
      roster.map((row) => ({ userId: row.userId, role: isTeamRole(row.role) ? row.role : "substitute" })),
    );
    if (!role) throw new TeamError("TEAM_FULL");
    await tx.insert(teamMembers).values({ id: randomUUID(), teamId: team.id, userId: input.userId, role, ign: input.ign, joinedAt: now });
    await tx.update(teamInvites).set({ usedAt: now, usedBy: input.userId }).where(eq(teamInvites.token, input.token));
    return { teamId: team.id, role };
  });
}

async function endMembership(tx: Transaction, teamId: string, userId: string, now: Date) {
  await tx
    .update(teamMembers)
    .set({ leftAt: now })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), active));
}

/** A member leaves (the captain hands over first). */
export async function leaveTeam(db: Database, input: { teamId: string; actorId: string; now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await standing(tx, input.teamId, input.actorId);
    check("leave", state, null);
    await endMembership(tx, input.teamId, input.actorId, input.now ?? new Date());
  });
}

/** The captain removes a member; the history keeps them. */
export async function removeMember(db: Database, input: { teamId: string; actorId: string; userId: string; now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await standing(tx, input.teamId, input.actorId);
    check("remove", state, input.userId);
    await endMembership(tx, input.teamId, input.userId, input.now ?? new Date());
  });
}

/** The captain gives the captaincy to another member. */
export async function handOverCaptaincy(db: Database, input: { teamId: string; actorId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await standing(tx, input.teamId, input.actorId);
    check("handOver", state, input.userId);
    await tx.update(teams).set({ captainUserId: input.userId }).where(eq(teams.id, input.teamId));
  });
}

/** The captain sets a member's role (starter, substitute, coach where the game has one). */
export async function setMemberRole(
  db: Database,
  input: { teamId: string; actorId: string; userId: string; role: TeamRole },
): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await standing(tx, input.teamId, input.actorId);
    check("setRole", state, input.userId);
    const allowed = checkRoleChange(state.team.game, state.roster, input.userId, input.role);
    if (!allowed.ok) throw new TeamError(allowed.code);
    await tx
      .update(teamMembers)
      .set({ role: input.role })
      .where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId), active));
  });
}

/* ───────────── Handles and public profiles ───────────── */

export async function handleOf(db: Reader, userId: string): Promise<string | null> {
  const [row] = await db.select({ handle: users.handle }).from(users).where(eq(users.id, userId));
  return row?.handle ?? null;
}

/** Sets the user's public handle (already checked by parseHandle). */
export async function setHandle(db: Database, userId: string, handle: string): Promise<void> {
  try {
    await db.update(users).set({ handle, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch (error) {
    if (constraintOf(error) === "users_handle_unique") throw new TeamError("HANDLE_TAKEN");
    throw error;
  }
}

/**
 * A player's public profile: handle, teams (now and before), tournaments entered and places. Never
 * the full name, the phone or the e-mail: they are not selected.
 */
export async function findPlayerProfile(db: Reader, handle: string, after: KeysetCursor | null = null) {
  const [player] = await db
    .select({
      id: users.id,
      handle: users.handle,
      showsTeams: users.profileShowsTeams,
      showsTournaments: users.profileShowsTournaments,
    })
    .from(users)
    .where(eq(users.handle, handle));
  if (!player) return null;
  // What the player chose not to show is not read at all, so it cannot reach the page.
  const [memberships, entries, listed, gameIds] = await Promise.all([
    !player.showsTeams
      ? []
      : db
          .select({
            teamId: teams.id,
            name: teams.name,
            tag: teams.tag,
            logoUrl: teams.logoUrl,
            game: teams.game,
            role: teamMembers.role,
            ign: teamMembers.ign,
            leftAt: teamMembers.leftAt,
            captain: sql<boolean>`${teams.captainUserId} = ${player.id}`,
          })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(eq(teamMembers.userId, player.id))
          .orderBy(desc(teamMembers.joinedAt))
          .limit(50),
    !player.showsTournaments
      ? []
      : entriesQuery(db)
          .where(and(holdsPlaceSql(), takesPartSql(player.id)))
          .orderBy(desc(tournaments.date), desc(registrations.id))
          .limit(100),
    !player.showsTournaments ? { rows: [], next: null } : playerTournamentsPage(db, player.id, after),
    db
      .select({
        game: savedPlayerIds.gameId,
        playerId: savedPlayerIds.playerId,
        zone: savedPlayerIds.zone,
        gamerName: savedPlayerIds.gamerName,
      })
      .from(savedPlayerIds)
      .where(and(eq(savedPlayerIds.userId, player.id), eq(savedPlayerIds.onProfile, true)))
      .orderBy(asc(savedPlayerIds.gameId), desc(savedPlayerIds.lastUsedAt), desc(savedPlayerIds.id))
      .limit(PROFILE_IDS_LIMIT),
  ]);
  return {
    player: { id: player.id, handle: player.handle, showsTeams: player.showsTeams, showsTournaments: player.showsTournaments },
    gameIds: gameIds.map((row) => ({ ...row, zone: row.zone || null })),
    teams: memberships.map((row) => ({ ...row, captain: row.captain === true && row.leftAt === null })),
    entries,
    tournaments: listed,
  };
}

export const PROFILE_TOURNAMENTS_PAGE = 20;

/**
 * One page of the tournaments a player entered, latest first, after the cursor (keyset on the
 * tournament's day and the registration id, never OFFSET). The player's registrations are found from
 * the player (registrations_user_idx, registration_players_user_idx), so the page sorts only that
 * player's rows however many players there are.
 */
export async function playerTournamentsPage(db: Reader, userId: string, after: KeysetCursor | null, limit = PROFILE_TOURNAMENTS_PAGE) {
  const rows = await entriesQuery(db)
    .where(
      and(
        holdsPlaceSql(),
        takesPartSql(userId),
        after ? sql`(${tournaments.date}, ${registrations.id}) < (${after.key}::date, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(tournaments.date), desc(registrations.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (row) => ({ key: row.date, id: row.registrationId }));
}

/* ───────────── Entering a tournament with a team ───────────── */

/**
 * The teams a user captains for a game, with their active roster (for the tournament page's
 * "register with my team"). Locked teams are left out: they may not enter.
 */
export async function captainTeamsForGame(db: Reader, userId: string, game: string) {
  const mine = await db
    .select({ id: teams.id, name: teams.name, tag: teams.tag })
    .from(teams)
    .where(and(eq(teams.captainUserId, userId), eq(teams.game, game), eq(teams.locked, false)))
    .orderBy(asc(teams.name))
    .limit(20);
  return Promise.all(mine.map(async (team) => ({ ...team, roster: await activeRoster(db, team.id) })));
}

/** One team of the captain, with the active roster, for entering it (null when not theirs or locked). */
export async function captainTeam(db: Reader, userId: string, teamId: string) {
  const [team] = await db
    .select({ id: teams.id, name: teams.name, game: teams.game })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.captainUserId, userId), eq(teams.locked, false)));
  if (!team) return null;
  return { ...team, roster: await activeRoster(db, teamId) };
}

/* ───────────── Records (derived from the competition's results, never typed) ───────────── */

/**
 * The record per game of a set of entries (a team's or a player's registrations): the decided
 * matches and battle-royale lobby results of those registrations, read by tournament (the tables'
 * primary keys start with it), and the activity of the last months. A result staff correct changes them on the next read.
 */
export async function recordOf(
  db: Reader,
  entries: readonly { registrationId: string; tournamentId: string; game: string; date: string; place: number | null }[],
  today: string,
): Promise<{ record: GameRecord[]; monthly: MonthActivity[] }> {
  if (entries.length === 0) return { record: [], monthly: monthlyActivity([], [], today) };
  const tournamentIds = [...new Set(entries.map((entry) => entry.tournamentId))];
  const registrationIds = entries.map((entry) => entry.registrationId);
  const [matches, lobbies] = await Promise.all([
    db
      .select({
        registration1: competitionResults.registration1,
        registration2: competitionResults.registration2,
        score1: competitionResults.score1,
        score2: competitionResults.score2,
      })
      .from(competitionResults)
      .where(
        and(
          inArray(competitionResults.tournamentId, tournamentIds),
          or(inArray(competitionResults.registration1, registrationIds), inArray(competitionResults.registration2, registrationIds)),
        ),
      ),
    db
      .select({
        registrationId: competitionLobbyResults.registrationId,
        placement: competitionLobbyResults.placement,
        kills: competitionLobbyResults.kills,
        placementPoints: competitionSettings.placementPoints,
        killPoints: competitionSettings.killPoints,
      })
      .from(competitionLobbyResults)
      .innerJoin(competitionSettings, eq(competitionSettings.tournamentId, competitionLobbyResults.tournamentId))
      .where(
        and(inArray(competitionLobbyResults.tournamentId, tournamentIds), inArray(competitionLobbyResults.registrationId, registrationIds)),
      ),
  ]);
  return { record: recordByGame(entries, matches, lobbies), monthly: monthlyActivity(entries, matches, today) };
}

/* ───────────── What the public profile shows (the player's choice) ───────────── */

/** The signed-in player's own choices and the store IDs they may show (only their own rows). */
export async function findProfileSettings(db: Reader, userId: string) {
  const [[user], ids] = await Promise.all([
    db
      .select({ handle: users.handle, showsTeams: users.profileShowsTeams, showsTournaments: users.profileShowsTournaments })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({
        id: savedPlayerIds.id,
        game: savedPlayerIds.gameId,
        playerId: savedPlayerIds.playerId,
        zone: savedPlayerIds.zone,
        gamerName: savedPlayerIds.gamerName,
        onProfile: savedPlayerIds.onProfile,
      })
      .from(savedPlayerIds)
      .where(eq(savedPlayerIds.userId, userId))
      .orderBy(asc(savedPlayerIds.gameId), desc(savedPlayerIds.lastUsedAt), desc(savedPlayerIds.id))
      .limit(PROFILE_IDS_LIMIT),
  ]);
  if (!user) return null;
  return { ...user, ids: ids.map((row) => ({ ...row, zone: row.zone || null })) };
}

/**
 * Saves the player's choices. The IDs to show are matched against the player's own rows: an id of
 * someone else's saved ID changes nothing (it is not theirs to show).
 */
export async function saveProfileSettings(db: Database, userId: string, choices: ProfileChoices): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ profileShowsTeams: choices.showsTeams, profileShowsTournaments: choices.showsTournaments, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx
      .update(savedPlayerIds)
      .set({ onProfile: choices.shownIds.length ? inArray(savedPlayerIds.id, choices.shownIds) : sql`false` })
      .where(eq(savedPlayerIds.userId, userId));
  });
}

/* ───────────── Logo ───────────── */

/** The captain sets the team's logo (a path `storeTeamLogo` answered); answers the logo it replaced, to forget after the commit. */
export async function setTeamLogo(db: Database, input: { teamId: string; actorId: string; logoUrl: string }): Promise<string | null> {
  return db.transaction(async (tx) => {
    const state = await standing(tx, input.teamId, input.actorId);
    check("setLogo", state, null);
    await tx.update(teams).set({ logoUrl: input.logoUrl }).where(eq(teams.id, input.teamId));
    return state.team.logoUrl;
  });
}
