import { TEAM_NAME_COLUMNS } from "~/features/teams/teams.server";
import { and, desc, eq, ilike, sql } from "drizzle-orm";
import { teamMembers, teams, users } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { constraintOf } from "~/lib/http.server";
import { parseHandle } from "~/features/teams/core/rules";
import { keysetPage, type KeysetCursor } from "~/features/teams/core/keyset";
import { recordAudit } from "./audit.server";
import { DomainError } from "~/lib/domain-error";

/** Staff moderation of lasting teams and handles (docs/teams.md). Every write is audited in its transaction. */

export type TeamAdminErrorCode =
  "TEAM_NOT_FOUND" | "TEAM_NAME_TAKEN" | "TEAM_NAME_LENGTH" | "HANDLE_NOT_FOUND" | "HANDLE_FORMAT" | "HANDLE_RESERVED" | "HANDLE_TAKEN";

export class TeamAdminError extends DomainError<TeamAdminErrorCode> {}

export const STAFF_TEAMS_PAGE = 50;

/**
 * One page of the teams, newest first, or of those whose name holds `q`: read after the cursor on
 * teams_created_idx (keyset, never OFFSET); `next` is the opaque cursor of the following page.
 */
export async function listTeamsForStaff(db: Database, q: string | null, after: KeysetCursor | null = null, limit = STAFF_TEAMS_PAGE) {
  const rows = await db
    .select({
      ...TEAM_NAME_COLUMNS,
      locked: teams.locked,
      createdAt: teams.createdAt,
      // The exact stored instant (microseconds) for the cursor: a JavaScript Date keeps only milliseconds.
      key: sql<string>`to_char(${teams.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      captainEmail: users.email,
    })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.captainUserId))
    .where(
      and(
        q ? ilike(teams.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        after ? sql`(${teams.createdAt}, ${teams.id}) < (${after.key}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(teams.createdAt), desc(teams.id))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => ({ key: row.key, id: row.id }));
  return { teams: page.rows.map(({ key: _key, ...row }) => row), next: page.next };
}

export async function rosterHistory(db: Database, teamId: string) {
  return db
    .select({
      id: teamMembers.id,
      name: users.name,
      email: users.email,
      handle: users.handle,
      ign: teamMembers.ign,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      leftAt: teamMembers.leftAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(desc(teamMembers.joinedAt))
    .limit(200);
}

export async function renameTeam(db: Database, staffId: string, teamId: string, rawName: string): Promise<void> {
  const name = rawName.trim();
  if ([...name].length < 2 || [...name].length > 40) throw new TeamAdminError("TEAM_NAME_LENGTH");
  try {
    await db.transaction(async (tx) => {
      const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId)).for("update");
      if (!team) throw new TeamAdminError("TEAM_NOT_FOUND");
      await tx.update(teams).set({ name }).where(eq(teams.id, teamId));
      await recordAudit(tx, { actorId: staffId, action: "team.rename", entity: "team", entityId: teamId, before: team, after: { name } });
    });
  } catch (error) {
    if (constraintOf(error) === "teams_game_name") throw new TeamAdminError("TEAM_NAME_TAKEN");
    throw error;
  }
}

/** Locks (or unlocks) a team: a locked team cannot change or enter tournaments. */
export async function setTeamLocked(db: Database, staffId: string, teamId: string, locked: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [team] = await tx.select({ locked: teams.locked }).from(teams).where(eq(teams.id, teamId)).for("update");
    if (!team) throw new TeamAdminError("TEAM_NOT_FOUND");
    await tx.update(teams).set({ locked }).where(eq(teams.id, teamId));
    await recordAudit(tx, {
      actorId: staffId,
      action: locked ? "team.lock" : "team.unlock",
      entity: "team",
      entityId: teamId,
      before: team,
      after: { locked },
    });
  });
}

/** Takes an abusive handle away: the profile page goes, the player may choose another. */
export async function clearHandle(db: Database, staffId: string, handle: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.handle, handle.trim().toLowerCase()));
    if (!user) throw new TeamAdminError("HANDLE_NOT_FOUND");
    await tx
      .update(users)
      .set({ handle: null })
      .where(and(eq(users.id, user.id)));
    await recordAudit(tx, {
      actorId: staffId,
      action: "user.clear_handle",
      entity: "user",
      entityId: user.id,
      before: { handle },
      after: { handle: null },
    });
  });
}

/** Gives an abusive handle a new one (the same rules as a player's own choice); the profile moves with it. Audited. */
export async function renameHandle(db: Database, staffId: string, handle: string, rawNew: string): Promise<void> {
  const parsed = parseHandle(rawNew);
  if (!parsed.ok) throw new TeamAdminError(parsed.code);
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.handle, handle.trim().toLowerCase()));
      if (!user) throw new TeamAdminError("HANDLE_NOT_FOUND");
      await tx.update(users).set({ handle: parsed.handle, updatedAt: new Date() }).where(eq(users.id, user.id));
      await recordAudit(tx, {
        actorId: staffId,
        action: "user.rename_handle",
        entity: "user",
        entityId: user.id,
        before: { handle: handle.trim().toLowerCase() },
        after: { handle: parsed.handle },
      });
    });
  } catch (error) {
    if (constraintOf(error) === "users_handle_unique") throw new TeamAdminError("HANDLE_TAKEN");
    throw error;
  }
}
