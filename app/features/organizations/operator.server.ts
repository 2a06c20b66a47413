/**
 * Who may operate a tournament (docs/organizations.md): one rule for every
 * tournament-scoped operation route. Platform staff operate every tournament from /admin; an
 * organization's owner, admins and staff operate their organization's tournaments from
 * /organizations/:slug/manage (org staff run them, owners and admins also create and edit).
 * Anyone else gets a 404: the address reveals nothing.
 */
import { data } from "react-router";
import { requireStaff, requireUser, type CurrentUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { idParam } from "~/lib/http.server";
import { orgMay, standingOf, type Mover, type OrgAction, type OrgRole } from "./core/rules";
import {
  findOrganizationBySlug,
  operatorRole,
  organizationOfTournament,
  roleIn,
  tournamentOfOrganization,
  type Organization,
} from "./organizations.server";

const hidden = () => data(null, { status: 404 });

export interface OrgContext {
  user: CurrentUser;
  organization: Organization;
  /** The member's role; platform staff who are not members act as "platform". */
  role: OrgRole | "platform";
}

/**
 * An organization's management page: a signed-in member whose role allows `action` (or platform
 * staff). Visitors sign in first; everyone else gets a 404.
 */
export async function requireOrgMember(request: Request, slug: string | undefined, action: OrgAction): Promise<OrgContext> {
  const user = await requireUser(request);
  const organization = await findOrganizationBySlug(db(), slug ?? "");
  if (!organization) throw hidden();
  const role = await roleIn(db(), organization.id, user.id);
  if (orgMay(role, action, standingOf(organization))) return { user, organization, role: role! };
  if (user.isStaff) return { user, organization, role: "platform" };
  throw hidden();
}

export interface Operator {
  user: CurrentUser;
  tournamentId: string;
  /** Where this tournament's operation pages live for this person. */
  base: string;
  /** Whose moves table row applies (core/rules.ts). */
  mover: Mover;
  organization: Organization | null;
}

/**
 * The tournament-scoped operation routes (the tournament form, the run page) are mounted twice:
 * under /admin (platform staff only, like the whole back-office) and under
 * /organizations/:slug/manage (the organization's members whose role allows `action`, for that
 * organization's tournaments only).
 */
export async function requireTournamentOperator(
  request: Request,
  params: { slug?: string; tournamentId?: string },
  action: OrgAction = "run_tournament",
): Promise<Operator> {
  const tournamentId = idParam(params.tournamentId);
  if (params.slug === undefined) {
    const user = await requireStaff(request);
    return { user, tournamentId, base: `/admin/tournaments/${tournamentId}`, mover: "platform", organization: null };
  }
  const context = await requireOrgMember(request, params.slug, action);
  if (!(await tournamentOfOrganization(db(), context.organization.id, tournamentId))) throw hidden();
  return {
    user: context.user,
    tournamentId,
    base: `/organizations/${context.organization.slug}/manage/tournaments/${tournamentId}`,
    mover: context.role === "platform" ? "platform" : "organization",
    organization: context.organization,
  };
}

/** For pages every player sees (a match, the bracket): whether this person may operate the tournament, and where. */
export async function operatorOf(user: { id: string; isStaff: boolean } | null, tournamentId: string): Promise<{ runPath: string } | null> {
  if (!user) return null;
  if (user.isStaff) return { runPath: `/admin/tournaments/${tournamentId}/run` };
  const role = await operatorRole(db(), tournamentId, user.id);
  if (!orgMay(role, "run_tournament", { banned: false })) return null;
  const organization = await organizationOfTournament(db(), tournamentId);
  // A ban keeps "run"; a revoked organizing right does not (core/rules.ts).
  if (!organization || !orgMay(role, "run_tournament", standingOf(organization))) return null;
  return { runPath: `/organizations/${organization.slug}/manage/tournaments/${tournamentId}/run` };
}

/** Whether a signed-in (or not) person is anyone who may operate this tournament. */
export async function mayOperate(user: CurrentUser | null, tournamentId: string): Promise<boolean> {
  return (await operatorOf(user, tournamentId)) !== null;
}

/**
 * The tournament form's "new" page, mounted under /admin (platform staff) and under
 * /organizations/:slug/manage (owners and admins of a organization that is not banned).
 */
export async function requireTournamentCreator(
  request: Request,
  params: { slug?: string },
): Promise<{ user: CurrentUser; organization: Organization | null; base: string }> {
  if (params.slug === undefined) return { user: await requireStaff(request), organization: null, base: "/admin/tournaments" };
  const context = await requireOrgMember(request, params.slug, "create_tournament");
  return { user: context.user, organization: context.organization, base: `/organizations/${context.organization.slug}/manage/tournaments` };
}
