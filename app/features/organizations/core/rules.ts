import { z } from "zod";
import { always, parseWith, refuse, refusedFields, typedText, type FieldErrors } from "~/domain/form-schema";

/**
 * Organizations' pure rules (docs/organizations.md): who may do what, how an
 * organization's tournament moves between statuses, whether a ban holds, and the form.
 */

export const ORG_ROLES = ["owner", "admin", "staff"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export function isOrgRole(value: unknown): value is OrgRole {
  return typeof value === "string" && (ORG_ROLES as readonly string[]).includes(value);
}

/** What a member of an organization may do. */
export type OrgAction =
  | "see_manage" // open the management page (every member, whatever the organization's standing)
  | "run_tournament" // check-in, seeding, brackets, reports, disputes, results
  | "create_tournament"
  | "edit_tournament"
  | "ban_players"
  | "invite_member"
  | "manage_members" // change roles, remove
  | "edit_organization";

const ALLOWED: Record<OrgRole, readonly OrgAction[]> = {
  owner: [
    "see_manage",
    "run_tournament",
    "create_tournament",
    "edit_tournament",
    "ban_players",
    "invite_member",
    "manage_members",
    "edit_organization",
  ],
  admin: ["see_manage", "run_tournament", "create_tournament", "edit_tournament", "ban_players", "invite_member", "edit_organization"],
  staff: ["see_manage", "run_tournament"],
};

/** What an organization whose organizing right platform staff revoked may no longer do: anything with tournaments. */
const TOURNAMENT_ACTIONS: readonly OrgAction[] = ["run_tournament", "create_tournament", "edit_tournament", "ban_players"];

/**
 * Whether a role may do the action. A banned organization may still run what it has (its
 * tournaments are unpublished by the ban) but may create, edit or invite nothing. One whose
 * organizing right was revoked keeps its page and members but touches no tournament (platform
 * staff run what it had; docs/organizations.md "Revoking").
 */
export function orgMay(role: OrgRole | null, action: OrgAction, organization: { banned: boolean; revoked?: boolean }): boolean {
  if (!role) return false;
  if (action === "see_manage") return true;
  if (organization.revoked && TOURNAMENT_ACTIONS.includes(action)) return false;
  if (organization.banned && action !== "run_tournament") return false;
  return ALLOWED[role].includes(action);
}

/** An organization row's standing, as orgMay reads it. */
export function standingOf(organization: { bannedAt: Date | null; revokedAt: Date | null }) {
  return { banned: organization.bannedAt !== null, revoked: organization.revokedAt !== null };
}

/* ───────────── Invitation links ───────────── */

/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 7;
export const INVITE_TTL_MS = INVITE_TTL_DAYS * 86_400_000;
/** Open links an organization may hold at once (each is a way in). */
export const OPEN_INVITES_MAX = 20;

/** The roles a link may give: never owner (an organization has one). */
export function isInvitableRole(value: unknown): value is "admin" | "staff" {
  return value === "admin" || value === "staff";
}

export type InviteState = "open" | "expired" | "used" | "revoked";
export type InviteRefusal = "INVITE_EXPIRED" | "INVITE_USED" | "INVITE_REVOKED";

/** Where an invitation stands at `now`: used and revoked win over expired (they say more). */
export function inviteState(invite: { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null }, now: Date): InviteState {
  if (invite.usedAt) return "used";
  if (invite.revokedAt) return "revoked";
  if (invite.expiresAt.getTime() <= now.getTime()) return "expired";
  return "open";
}

export const INVITE_REFUSAL: Record<Exclude<InviteState, "open">, InviteRefusal> = {
  expired: "INVITE_EXPIRED",
  used: "INVITE_USED",
  revoked: "INVITE_REVOKED",
};

/** Whether a text can be an invitation token at all (32 random bytes, base64url): anything else is not looked up. */
export function looksLikeInviteToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Who may create an organization: a Plus member, a user staff approved as organizer, or platform staff. */
export function mayCreateOrganization(user: { isStaff: boolean; plus: boolean; organizer: boolean }): boolean {
  return user.isStaff || user.plus || user.organizer;
}

/**
 * The table of allowed moves of an organization's tournament. "pending" waits for platform staff
 * (a paid tournament of an organization); only staff publish from it or send it back.
 */
export type OrgTournamentStatus = "draft" | "pending" | "published" | "cancelled";
export type Mover = "organization" | "platform";

const MOVES: Record<OrgTournamentStatus, Partial<Record<OrgTournamentStatus, readonly Mover[]>>> = {
  // Cancelling (admin cancelTournament) releases registrations; an organization's refunds its paid
  // orders to the buyers' wallets and is refused once the event finished (docs/organizations.md).
  draft: { pending: ["organization"], published: ["organization", "platform"], cancelled: ["organization", "platform"] },
  pending: { published: ["platform"], draft: ["organization", "platform"], cancelled: ["organization", "platform"] },
  published: { draft: ["organization", "platform"], cancelled: ["organization", "platform"] },
  cancelled: {},
};

export function canMoveOrgTournament(from: string, to: OrgTournamentStatus, mover: Mover): boolean {
  const row = MOVES[from as OrgTournamentStatus];
  return Boolean(row?.[to]?.includes(mover));
}

/** Where "publish" takes an organization's tournament: a paid one waits for platform staff. */
export function publishTarget(feeAmount: number): OrgTournamentStatus {
  return feeAmount > 0 ? "pending" : "published";
}

/** Whether a ban keeps the player out at `now` (until its end; lifted bans hold no more). */
export function banHolds(ban: { endsAt: Date; liftedAt: Date | null }, now: Date): boolean {
  return ban.liftedAt === null && ban.endsAt.getTime() > now.getTime();
}

export const NAME_MAX = 60;
export const DESCRIPTION_MAX = 2000;
export const LINKS_MAX = 5;
export const LINK_MAX = 200;
export const BAN_REASON_MAX = 300;
export const BAN_DAYS_MAX = 3650;
export const REVOKE_REASON_MAX = 300;

export type OrgFormErrorCode =
  "ORG_NAME_REQUIRED" | "ORG_NAME_TOO_LONG" | "ORG_SLUG_INVALID" | "ORG_DESCRIPTION_TOO_LONG" | "ORG_LINK_INVALID" | "ORG_TOO_MANY_LINKS";

export interface OrgValues {
  name: string;
  slug: string;
  description: string;
  links: string[];
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
/** Addresses that name a page of ours rather than an organization. */
const RESERVED = new Set(["new", "manage", "admin", "join"]);

/** The slug a name suggests: lower-case ASCII letters, digits and single dashes. */
export function slugFrom(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
}

/** A social link: an absolute https (or http) URL with a host, no credentials. */
export function checkLink(text: string): string | null {
  if (text.length > LINK_MAX) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname.includes(".") || url.username || url.password) return null;
  return url.toString();
}

const codePoints = (value: string) => [...value].length;

/** The organization form's schema: each field on its own; the address, when not typed, comes from the name. */
const orgSchema = z
  .object({
    name: z.preprocess(
      (value) => typedText(value).replace(/\s+/g, " "),
      z
        .string()
        .min(1, { error: "ORG_NAME_REQUIRED" })
        .refine((name) => codePoints(name) <= NAME_MAX, { error: "ORG_NAME_TOO_LONG" }),
    ),
    slug: z.preprocess((value) => typedText(value).toLowerCase(), z.string()),
    description: z.preprocess(
      typedText,
      z.string().refine((description) => codePoints(description) <= DESCRIPTION_MAX, { error: "ORG_DESCRIPTION_TOO_LONG" }),
    ),
    links: z.preprocess(
      (value) =>
        (typeof value === "string" ? value : "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      z
        .array(z.string())
        .max(LINKS_MAX, { error: "ORG_TOO_MANY_LINKS" })
        .transform((lines, ctx) => {
          const links = lines.map(checkLink);
          return links.every((link) => link !== null) ? (links as string[]) : refuse(ctx, "ORG_LINK_INVALID");
        }),
    ),
  })
  .superRefine(
    (form, ctx) => {
      // An address made from a wrong name is not judged: the name's own error says what to fix.
      if (!form.slug && refusedFields(ctx).has("name")) return;
      const slug = form.slug || slugFrom(form.name);
      if (!SLUG.test(slug) || slug.includes("--") || RESERVED.has(slug))
        ctx.addIssue({ code: "custom", message: "ORG_SLUG_INVALID", path: ["slug"] });
    },
    { when: always },
  )
  .transform((form) => ({ ...form, slug: form.slug || slugFrom(form.name) }));

/** Reads the organization form (name, slug, description, one link per line): every wrong field at once, the first in the form's order as the code. */
export function parseOrgForm(
  fields: Record<string, string | undefined>,
): { ok: true; values: OrgValues } | { ok: false; code: OrgFormErrorCode; field: string; errors: FieldErrors } {
  const parsed = parseWith<typeof orgSchema, OrgFormErrorCode>(orgSchema, fields, ["name", "slug", "description", "links"]);
  return parsed.ok ? { ok: true, values: parsed.data } : parsed;
}

export type BanFormErrorCode = "BAN_REASON_REQUIRED" | "BAN_REASON_TOO_LONG" | "BAN_END_INVALID";

/** Reads a player ban: the reason and the last day (year-month-day), ending at the end of that day in the platform's zone. */
export function parseBanForm(
  fields: Record<string, string | undefined>,
  today: string,
): { ok: true; reason: string; until: string } | { ok: false; code: BanFormErrorCode; field: string } {
  const reason = (fields.reason ?? "").trim();
  if (!reason) return { ok: false, code: "BAN_REASON_REQUIRED", field: "reason" };
  if ([...reason].length > BAN_REASON_MAX) return { ok: false, code: "BAN_REASON_TOO_LONG", field: "reason" };
  const until = (fields.until ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || Number.isNaN(Date.parse(`${until}T00:00:00Z`)) || until < today)
    return { ok: false, code: "BAN_END_INVALID", field: "until" };
  const limit = new Date(Date.parse(`${today}T00:00:00Z`) + BAN_DAYS_MAX * 86_400_000).toISOString().slice(0, 10);
  if (until > limit) return { ok: false, code: "BAN_END_INVALID", field: "until" };
  return { ok: true, reason, until };
}
