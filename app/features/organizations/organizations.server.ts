import { TOURNAMENT_ROW_COLUMNS } from "~/features/tournaments/tournaments.server";
/**
 * The organizations' repository (docs/organizations.md): every SQL statement about
 * organizations, their members and their player bans, and who may operate a tournament.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull } from "drizzle-orm";
import { organizationBans, organizationInvites, organizationMembers, organizations, organizers, tournaments, users } from "~/db/schema";
import { publishProblem } from "~/features/wallet/prize-pools.server";
import { recordAudit } from "~/features/admin/audit.server";
import { STATUS_ACTION } from "~/features/admin/core/tournament-form";
import { membersAmong } from "~/features/plus/plus.server";
import { announce } from "~/features/notifications/notify.server";
import { maskedWebhookUrl } from "~/features/notifications/core/notices";
import type { Database, Transaction } from "~/lib/db.server";
import { constraintOf } from "~/lib/http.server";
import { DomainError } from "~/lib/domain-error";
import {
  INVITE_REFUSAL,
  INVITE_TTL_MS,
  OPEN_INVITES_MAX,
  banHolds,
  canMoveOrgTournament,
  inviteState,
  isOrgRole,
  looksLikeInviteToken,
  orgMay,
  standingOf,
  type Mover,
  type OrgRole,
  type OrgTournamentStatus,
  type OrgValues,
} from "./core/rules";

export type OrganizationErrorCode =
  | "NOT_FOUND"
  | "ORG_SLUG_TAKEN"
  | "ORG_NAME_TAKEN"
  | "NOT_ALLOWED"
  | "USER_NOT_FOUND"
  | "ALREADY_MEMBER"
  | "OWNER_STAYS"
  | "STATUS_NOT_ALLOWED"
  | "ORG_BANNED"
  | "POOL_NOT_FUNDED"
  | "PRIZE_NOT_MONEY"
  | "ORG_REVOKED"
  | "NOT_REVOKED"
  | "NOT_ORGANIZER"
  | "INVITE_EXPIRED"
  | "INVITE_USED"
  | "INVITE_REVOKED"
  | "TOO_MANY_INVITES";

export class OrganizationError extends DomainError<OrganizationErrorCode> {}

type Executor = Database | Transaction;

export type Organization = typeof organizations.$inferSelect;

export async function findOrganizationBySlug(db: Executor, slug: string): Promise<Organization | null> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const [row] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  return row ?? null;
}

export async function roleIn(db: Executor, organizationId: string, userId: string): Promise<OrgRole | null> {
  const [row] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  return row && isOrgRole(row.role) ? row.role : null;
}

/** "Mis organizaciones": the organizations the user belongs to, with the role. */
export async function organizationsOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      slug: organizations.slug,
      name: organizations.name,
      role: organizationMembers.role,
      bannedAt: organizations.bannedAt,
      logoUrl: organizations.logoUrl,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.name))
    .limit(50);
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    role: row.role as OrgRole,
    banned: row.bannedAt !== null,
    logoUrl: row.logoUrl,
  }));
}

/** Whether the user may create an organization: Plus now, approved as organizer, or staff. */
export async function creatorStanding(db: Database, user: { id: string; isStaff: boolean }) {
  const [plus, [organizer]] = await Promise.all([
    membersAmong(db, [user.id]),
    db.select({ userId: organizers.userId }).from(organizers).where(eq(organizers.userId, user.id)),
  ]);
  return { isStaff: user.isStaff, plus: plus.has(user.id), organizer: Boolean(organizer) };
}

export async function createOrganization(db: Database, actorId: string, values: OrgValues): Promise<Organization> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(organizations)
        .values({ id: randomUUID(), ...values, createdBy: actorId })
        .returning();
      await tx.insert(organizationMembers).values({ organizationId: created!.id, userId: actorId, role: "owner" });
      await recordAudit(tx, { actorId, action: "organization.create", entity: "organization", entityId: created!.id, after: values });
      return created!;
    });
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "organizations_slug_unique") throw new OrganizationError("ORG_SLUG_TAKEN");
    if (constraint === "organizations_name_lower") throw new OrganizationError("ORG_NAME_TAKEN");
    throw error;
  }
}

export async function updateOrganization(db: Database, actorId: string, organization: Organization, values: Omit<OrgValues, "slug">) {
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(organizations)
        .set({ name: values.name, description: values.description, links: values.links, updatedAt: new Date() })
        .where(eq(organizations.id, organization.id));
      await recordAudit(tx, {
        actorId,
        action: "organization.update",
        entity: "organization",
        entityId: organization.id,
        before: { name: organization.name, description: organization.description, links: organization.links },
        after: values,
      });
    });
  } catch (error) {
    if (constraintOf(error) === "organizations_name_lower") throw new OrganizationError("ORG_NAME_TAKEN");
    throw error;
  }
}

export async function listMembers(db: Executor, organizationId: string) {
  const rows = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.createdAt))
    .limit(200);
  return rows.map((row) => ({ ...row, role: row.role as OrgRole }));
}

/** Adds an existing account, found by its e-mail, with a role (never a second owner). */
export async function addMember(db: Database, actorId: string, organizationId: string, email: string, role: OrgRole) {
  if (role === "owner") throw new OrganizationError("NOT_ALLOWED");
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new OrganizationError("USER_NOT_FOUND");
    const added = await tx
      .insert(organizationMembers)
      .values({ organizationId, userId: user.id, role })
      .onConflictDoNothing()
      .returning({ userId: organizationMembers.userId });
    if (added.length === 0) throw new OrganizationError("ALREADY_MEMBER");
    await recordAudit(tx, {
      actorId,
      action: "organization.member_add",
      entity: "organization",
      entityId: organizationId,
      after: { userId: user.id, role },
    });
  });
}

/** Changes a member's role, or removes them (role null). The owner stays owner. */
export async function setMemberRole(db: Database, actorId: string, organizationId: string, userId: string, role: OrgRole | null) {
  if (role === "owner") throw new OrganizationError("NOT_ALLOWED");
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      .for("update");
    if (!member) throw new OrganizationError("NOT_FOUND");
    if (member.role === "owner") throw new OrganizationError("OWNER_STAYS");
    const where = and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId));
    if (role) await tx.update(organizationMembers).set({ role }).where(where);
    else await tx.delete(organizationMembers).where(where);
    await recordAudit(tx, {
      actorId,
      action: role ? "organization.member_role" : "organization.member_remove",
      entity: "organization",
      entityId: organizationId,
      before: { userId, role: member.role },
      after: role ? { userId, role } : { userId },
    });
  });
}

/* ───────────── Tournaments ───────────── */

/** The organization a tournament belongs to (null: the platform's own, or no such tournament). */
export async function organizationOfTournament(db: Executor, tournamentId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.name,
      bannedAt: organizations.bannedAt,
      revokedAt: organizations.revokedAt,
      logoUrl: organizations.logoUrl,
    })
    .from(tournaments)
    .innerJoin(organizations, eq(organizations.id, tournaments.organizationId))
    .where(eq(tournaments.id, tournamentId));
  return row ?? null;
}

/** The role an organization member holds over a tournament of theirs; null when they hold none. */
export async function operatorRole(db: Executor, tournamentId: string, userId: string): Promise<OrgRole | null> {
  const [row] = await db
    .select({ role: organizationMembers.role })
    .from(tournaments)
    .innerJoin(organizationMembers, eq(organizationMembers.organizationId, tournaments.organizationId))
    .where(and(eq(tournaments.id, tournamentId), eq(organizationMembers.userId, userId)));
  return row && isOrgRole(row.role) ? row.role : null;
}

export async function tournamentOfOrganization(db: Executor, organizationId: string, tournamentId: string) {
  const [row] = await db
    .select({ id: tournaments.id, status: tournaments.status, feeAmount: tournaments.feeAmount, title: tournaments.title })
    .from(tournaments)
    .where(and(eq(tournaments.id, tournamentId), eq(tournaments.organizationId, organizationId)));
  return row ?? null;
}

/** The organization's tournaments: every status for its members, published ones for everyone else. */
export async function organizationTournaments(db: Executor, organizationId: string, insider: boolean) {
  return db
    .select(TOURNAMENT_ROW_COLUMNS)
    .from(tournaments)
    .where(and(eq(tournaments.organizationId, organizationId), insider ? undefined : eq(tournaments.status, "published")))
    .orderBy(desc(tournaments.date))
    .limit(100);
}

/**
 * Moves an organization's tournament along the table of allowed moves (core/rules.ts), under a
 * row lock, with an audit row. `mover` says whether the organization or platform staff asked.
 */
export async function moveOrgTournament(
  db: Database,
  input: { actorId: string; tournamentId: string; to: OrgTournamentStatus; mover: Mover; reason?: string | null },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: tournaments.status,
        organizationId: tournaments.organizationId,
        prizeFunding: tournaments.prizeFunding,
        prize: tournaments.prize,
        title: tournaments.title,
      })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId))
      .for("update");
    if (!row?.organizationId) throw new OrganizationError("NOT_FOUND");
    // Cancelling releases registrations and refunds them: only admin cancelTournament does it.
    if (input.to === "cancelled" || !canMoveOrgTournament(row.status, input.to, input.mover))
      throw new OrganizationError("STATUS_NOT_ALLOWED");
    // An organizer-funded prize is held by the platform before the event is published or sent to approval.
    const unfunded =
      input.to === "published" || input.to === "pending" ? await publishProblem(tx, { id: input.tournamentId, ...row }) : null;
    if (unfunded) throw new OrganizationError(unfunded);
    await tx.update(tournaments).set({ status: input.to, updatedAt: new Date() }).where(eq(tournaments.id, input.tournamentId));
    await recordAudit(tx, {
      actorId: input.actorId,
      action: STATUS_ACTION[input.to],
      entity: "tournament",
      entityId: input.tournamentId,
      before: { status: row.status },
      after: { status: input.to, by: input.mover, reason: input.reason ?? null },
    });
    // The organization's (or the tournament's) Discord channel hears it is open (docs/organizations.md).
    if (input.to === "published") await announcePublished(tx, { id: input.tournamentId, title: row.title });
  });
}

/** The "registration is open" line on an organization tournament's Discord channel, queued in the move's transaction. */
export async function announcePublished(tx: Transaction, tournament: { id: string; title: string }) {
  await announce(tx, tournament.id, {
    kind: "published",
    title: tournament.title,
    path: `/tournament?id=${encodeURIComponent(tournament.id)}`,
  });
}

/**
 * Sets (or, with null, removes) the organization's Discord channel webhook; audited without the
 * secret (the masked address only).
 */
export async function setOrganizationWebhook(db: Database, actorId: string, organization: Organization, url: string | null) {
  await db.transaction(async (tx) => {
    await tx.update(organizations).set({ discordWebhookUrl: url, updatedAt: new Date() }).where(eq(organizations.id, organization.id));
    await recordAudit(tx, {
      actorId,
      action: "organization.discord_webhook",
      entity: "organization",
      entityId: organization.id,
      before: { webhook: organization.discordWebhookUrl ? maskedWebhookUrl(organization.discordWebhookUrl) : null },
      after: { webhook: url ? maskedWebhookUrl(url) : null },
    });
  });
}

/* ───────────── Platform staff ───────────── */

/** /admin/organizations: tournaments waiting for approval, and the organizations, newest first. */
export async function staffOverview(db: Database) {
  const [pending, list] = await Promise.all([
    db
      .select({
        id: tournaments.id,
        title: tournaments.title,
        date: tournaments.date,
        feeAmount: tournaments.feeAmount,
        feeCurrency: tournaments.feeCurrency,
        organization: organizations.name,
        slug: organizations.slug,
      })
      .from(tournaments)
      .innerJoin(organizations, eq(organizations.id, tournaments.organizationId))
      .where(eq(tournaments.status, "pending"))
      .orderBy(asc(tournaments.date))
      .limit(100),
    db
      .select({
        id: organizations.id,
        slug: organizations.slug,
        name: organizations.name,
        bannedAt: organizations.bannedAt,
        bannedReason: organizations.bannedReason,
        revokedAt: organizations.revokedAt,
        revokedReason: organizations.revokedReason,
      })
      .from(organizations)
      .orderBy(desc(organizations.createdAt))
      .limit(100),
  ]);
  const approved = await db
    .select({ userId: organizers.userId, email: users.email })
    .from(organizers)
    .innerJoin(users, eq(users.id, organizers.userId))
    .orderBy(desc(organizers.createdAt))
    .limit(100);
  return { pending, organizations: list, organizers: approved };
}

/** Bans an organization: its published and pending tournaments go back to draft; its admins can no longer create. */
export async function banOrganization(db: Database, actorId: string, organizationId: string, reason: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ bannedAt: organizations.bannedAt })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!row) throw new OrganizationError("NOT_FOUND");
    if (row.bannedAt) throw new OrganizationError("ORG_BANNED");
    await tx
      .update(organizations)
      .set({ bannedAt: new Date(), bannedReason: reason, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
    const unpublished = await tx
      .update(tournaments)
      .set({ status: "draft", updatedAt: new Date() })
      .where(and(eq(tournaments.organizationId, organizationId), inArray(tournaments.status, ["published", "pending"])))
      .returning({ id: tournaments.id });
    await recordAudit(tx, {
      actorId,
      action: "organization.ban",
      entity: "organization",
      entityId: organizationId,
      after: { reason, unpublished: unpublished.map((t) => t.id) },
    });
  });
}

export async function liftOrganizationBan(db: Database, actorId: string, organizationId: string) {
  await db.transaction(async (tx) => {
    const lifted = await tx
      .update(organizations)
      .set({ bannedAt: null, bannedReason: null, updatedAt: new Date() })
      .where(and(eq(organizations.id, organizationId), isNotNull(organizations.bannedAt)))
      .returning({ id: organizations.id });
    if (lifted.length === 0) throw new OrganizationError("NOT_FOUND");
    await recordAudit(tx, { actorId, action: "organization.unban", entity: "organization", entityId: organizationId });
  });
}

/** Staff approve a user as an organizer (creates organizations without Plus). */
export async function grantOrganizer(db: Database, actorId: string, email: string) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new OrganizationError("USER_NOT_FOUND");
    await tx.insert(organizers).values({ userId: user.id, grantedBy: actorId }).onConflictDoNothing();
    await recordAudit(tx, { actorId, action: "organization.organizer_grant", entity: "user", entityId: user.id });
  });
}

/**
 * Staff take an approved organizer's approval back (with the reason): they can no longer create
 * organizations without Plus. Granting again reinstates them. What they already own is revoked
 * separately (revokeOrganizing), organization by organization.
 */
export async function revokeOrganizer(db: Database, actorId: string, email: string, reason: string) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new OrganizationError("USER_NOT_FOUND");
    const removed = await tx.delete(organizers).where(eq(organizers.userId, user.id)).returning({ userId: organizers.userId });
    if (removed.length === 0) throw new OrganizationError("NOT_ORGANIZER");
    await recordAudit(tx, { actorId, action: "organization.organizer_revoke", entity: "user", entityId: user.id, after: { reason } });
  });
}

/**
 * Staff revoke an organization's right to run tournaments (docs/organizations.md "Revoking"): its
 * members keep the page but create, edit and run no tournament (orgMay); platform staff run what it
 * had. Its tournaments keep their status: players already in are not dropped by this.
 */
export async function revokeOrganizing(db: Database, actorId: string, organizationId: string, reason: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ revokedAt: organizations.revokedAt })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!row) throw new OrganizationError("NOT_FOUND");
    if (row.revokedAt) throw new OrganizationError("ORG_REVOKED");
    await tx
      .update(organizations)
      .set({ revokedAt: new Date(), revokedReason: reason, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
    await recordAudit(tx, { actorId, action: "organization.revoke", entity: "organization", entityId: organizationId, after: { reason } });
  });
}

export async function reinstateOrganizing(db: Database, actorId: string, organizationId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ revokedReason: organizations.revokedReason })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), isNotNull(organizations.revokedAt)))
      .for("update");
    if (!row) throw new OrganizationError("NOT_REVOKED");
    await tx
      .update(organizations)
      .set({ revokedAt: null, revokedReason: null, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
    await recordAudit(tx, {
      actorId,
      action: "organization.reinstate",
      entity: "organization",
      entityId: organizationId,
      before: { reason: row.revokedReason },
    });
  });
}

/* ───────────── Logo ───────────── */

/** Sets (or, with null, removes) the organization's logo; answers the path it replaced, for the caller to forget. */
export async function setOrganizationLogo(db: Database, actorId: string, organizationId: string, logoUrl: string | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ logoUrl: organizations.logoUrl })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!row) throw new OrganizationError("NOT_FOUND");
    if (!logoUrl && !row.logoUrl) throw new OrganizationError("NOT_FOUND");
    await tx.update(organizations).set({ logoUrl, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
    await recordAudit(tx, {
      actorId,
      action: logoUrl ? "organization.logo_set" : "organization.logo_remove",
      entity: "organization",
      entityId: organizationId,
      before: { logoUrl: row.logoUrl },
      after: { logoUrl },
    });
    return row.logoUrl;
  });
}

/* ───────────── Invitation links ───────────── */

/** Only the token's SHA-256 is stored: a copy of the table opens no organization. */
export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A new invitation link (the route checked the actor may invite): the token is answered once, for
 * the link; the row keeps its hash, the role, and when it expires.
 */
export async function createOrgInvite(
  db: Database,
  input: { actorId: string; organizationId: string; role: "admin" | "staff"; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // Under the organization's lock, so two forms at once cannot pass the cap together.
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.organizationId)).for("update");
    const open = await tx.$count(
      organizationInvites,
      and(
        eq(organizationInvites.organizationId, input.organizationId),
        isNull(organizationInvites.usedAt),
        isNull(organizationInvites.revokedAt),
        gt(organizationInvites.expiresAt, now),
      ),
    );
    if (open >= OPEN_INVITES_MAX) throw new OrganizationError("TOO_MANY_INVITES");
    const token = randomBytes(32).toString("base64url");
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
    await tx.insert(organizationInvites).values({
      id,
      organizationId: input.organizationId,
      tokenHash: hashInviteToken(token),
      role: input.role,
      createdBy: input.actorId,
      expiresAt,
      createdAt: now,
    });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "organization.invite_create",
      entity: "organization",
      entityId: input.organizationId,
      after: { inviteId: id, role: input.role, expiresAt: expiresAt.toISOString() },
    });
    return { token, expiresAt };
  });
}

/** The organization's links still open (not used, revoked or expired), newest first. */
export async function listOpenInvites(db: Executor, organizationId: string, now = new Date()) {
  return db
    .select({
      id: organizationInvites.id,
      role: organizationInvites.role,
      expiresAt: organizationInvites.expiresAt,
      createdBy: users.email,
    })
    .from(organizationInvites)
    .innerJoin(users, eq(users.id, organizationInvites.createdBy))
    .where(
      and(
        eq(organizationInvites.organizationId, organizationId),
        isNull(organizationInvites.usedAt),
        isNull(organizationInvites.revokedAt),
        gt(organizationInvites.expiresAt, now),
      ),
    )
    .orderBy(desc(organizationInvites.createdAt))
    .limit(OPEN_INVITES_MAX);
}

export async function revokeOrgInvite(db: Database, actorId: string, organizationId: string, inviteId: string) {
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(organizationInvites)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(organizationInvites.id, inviteId),
          eq(organizationInvites.organizationId, organizationId),
          isNull(organizationInvites.usedAt),
          isNull(organizationInvites.revokedAt),
        ),
      )
      .returning({ id: organizationInvites.id });
    if (revoked.length === 0) throw new OrganizationError("NOT_FOUND");
    await recordAudit(tx, {
      actorId,
      action: "organization.invite_revoke",
      entity: "organization",
      entityId: organizationId,
      after: { inviteId },
    });
  });
}

/** What a link shows before it is accepted: the organization, the role and where it stands; null for an unknown token. */
export async function findOrgInvite(db: Executor, token: string, now = new Date()) {
  if (!looksLikeInviteToken(token)) return null;
  const [row] = await db
    .select({
      role: organizationInvites.role,
      expiresAt: organizationInvites.expiresAt,
      usedAt: organizationInvites.usedAt,
      revokedAt: organizationInvites.revokedAt,
      organizationId: organizations.id,
      slug: organizations.slug,
      name: organizations.name,
      logoUrl: organizations.logoUrl,
      bannedAt: organizations.bannedAt,
    })
    .from(organizationInvites)
    .innerJoin(organizations, eq(organizations.id, organizationInvites.organizationId))
    .where(eq(organizationInvites.tokenHash, hashInviteToken(token)));
  if (!row) return null;
  return { ...row, role: row.role as OrgRole, state: inviteState(row, now) };
}

/**
 * Accepts a link: checked and used under its row's lock, so one link makes one member (a second
 * tab finds it used). A member already in is told so and the link stays open for someone else.
 */
export async function acceptOrgInvite(db: Database, input: { token: string; userId: string; now?: Date }) {
  const now = input.now ?? new Date();
  if (!looksLikeInviteToken(input.token)) throw new OrganizationError("NOT_FOUND");
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(organizationInvites)
      .where(eq(organizationInvites.tokenHash, hashInviteToken(input.token)))
      .for("update");
    if (!invite) throw new OrganizationError("NOT_FOUND");
    const state = inviteState(invite, now);
    if (state !== "open") throw new OrganizationError(INVITE_REFUSAL[state]);
    const [organization] = await tx
      .select({ slug: organizations.slug, bannedAt: organizations.bannedAt, revokedAt: organizations.revokedAt })
      .from(organizations)
      .where(eq(organizations.id, invite.organizationId));
    if (!organization) throw new OrganizationError("NOT_FOUND");
    // A banned organization invites nobody (orgMay): its old links stop working too.
    if (!orgMay("owner", "invite_member", standingOf(organization))) throw new OrganizationError("ORG_BANNED");
    const role = isOrgRole(invite.role) && invite.role !== "owner" ? invite.role : "staff";
    const added = await tx
      .insert(organizationMembers)
      .values({ organizationId: invite.organizationId, userId: input.userId, role })
      .onConflictDoNothing()
      .returning({ userId: organizationMembers.userId });
    if (added.length === 0) throw new OrganizationError("ALREADY_MEMBER");
    await tx.update(organizationInvites).set({ usedAt: now, usedBy: input.userId }).where(eq(organizationInvites.id, invite.id));
    await recordAudit(tx, {
      actorId: input.userId,
      action: "organization.invite_accept",
      entity: "organization",
      entityId: invite.organizationId,
      after: { inviteId: invite.id, userId: input.userId, role },
    });
    return { slug: organization.slug, role };
  });
}

/* ───────────── Player bans ───────────── */

export async function banPlayer(
  db: Database,
  input: { actorId: string; organizationId: string; email: string; reason: string; endsAt: Date },
) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (!user) throw new OrganizationError("USER_NOT_FOUND");
    const id = randomUUID();
    await tx.insert(organizationBans).values({
      id,
      organizationId: input.organizationId,
      userId: user.id,
      reason: input.reason,
      endsAt: input.endsAt,
      createdBy: input.actorId,
    });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "organization.player_ban",
      entity: "organization",
      entityId: input.organizationId,
      after: { banId: id, userId: user.id, reason: input.reason, endsAt: input.endsAt.toISOString() },
    });
  });
}

export async function liftPlayerBan(db: Database, actorId: string, organizationId: string, banId: string) {
  await db.transaction(async (tx) => {
    const lifted = await tx
      .update(organizationBans)
      .set({ liftedAt: new Date() })
      .where(and(eq(organizationBans.id, banId), eq(organizationBans.organizationId, organizationId), isNull(organizationBans.liftedAt)))
      .returning({ userId: organizationBans.userId });
    if (lifted.length === 0) throw new OrganizationError("NOT_FOUND");
    await recordAudit(tx, {
      actorId,
      action: "organization.player_unban",
      entity: "organization",
      entityId: organizationId,
      after: { banId },
    });
  });
}

export async function listPlayerBans(db: Executor, organizationId: string, now = new Date()) {
  return db
    .select({ id: organizationBans.id, email: users.email, reason: organizationBans.reason, endsAt: organizationBans.endsAt })
    .from(organizationBans)
    .innerJoin(users, eq(users.id, organizationBans.userId))
    .where(and(eq(organizationBans.organizationId, organizationId), isNull(organizationBans.liftedAt), gt(organizationBans.endsAt, now)))
    .orderBy(asc(organizationBans.endsAt))
    .limit(200);
}

/** The ban that keeps this player out of the organization's events now (the longest one), if any. */
export async function activeBan(db: Executor, organizationId: string, userId: string, now: Date) {
  const rows = await db
    .select({ reason: organizationBans.reason, endsAt: organizationBans.endsAt, liftedAt: organizationBans.liftedAt })
    .from(organizationBans)
    .where(and(eq(organizationBans.organizationId, organizationId), eq(organizationBans.userId, userId), gt(organizationBans.endsAt, now)))
    .orderBy(desc(organizationBans.endsAt))
    .limit(20);
  return rows.find((ban) => banHolds(ban, now)) ?? null;
}
