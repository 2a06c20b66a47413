import { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "~/domain/form-schema";
import { isGameId, MAX_SUBSTITUTES, playersPerTeam, showsCoachField, usualTeamSize } from "~/domain/games";

/**
 * The pure rules of lasting teams (docs/teams.md): roles and sizes per game (SPEC §9),
 * who may do what, invite links, the forms. No database, no React: the pages and the repository ask here.
 */

export const TEAM_ROLES = ["starter", "substitute", "coach"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export function isTeamRole(value: string): value is TeamRole {
  return (TEAM_ROLES as readonly string[]).includes(value);
}

/** SPEC §9: starters per team (Blood Strike 2, Mobile Legends 5, others 1). */
export function startersOf(game: string): number {
  return playersPerTeam(game);
}

/** The roles a team of this game may give: no coach for eFootball (SPEC §9). */
export function rolesFor(game: string): TeamRole[] {
  return showsCoachField(game) ? [...TEAM_ROLES] : ["starter", "substitute"];
}

/**
 * Most players (coach apart) a roster may hold: enough for the largest event of the game staff usually
 * run (Free Fire squads of 4) plus the substitutes an event may take.
 */
export function rosterLimit(game: string): number {
  return Math.max(startersOf(game), usualTeamSize(game)) + MAX_SUBSTITUTES;
}

export interface RosterMember {
  userId: string;
  role: TeamRole;
}

/** The role a new member gets: starter while starters are missing, then substitute; null when the roster is full. */
export function roleForNewMember(game: string, roster: readonly RosterMember[]): TeamRole | null {
  const players = roster.filter((member) => member.role !== "coach");
  if (players.length >= rosterLimit(game)) return null;
  const starters = players.filter((member) => member.role === "starter").length;
  return starters < startersOf(game) ? "starter" : "substitute";
}

export type TeamErrorCode =
  | "NOT_FOUND"
  | "NOT_CAPTAIN"
  | "NOT_A_MEMBER"
  | "TEAM_LOCKED"
  | "CAPTAIN_MUST_HAND_OVER"
  | "CANNOT_REMOVE_SELF"
  | "ALREADY_CAPTAIN"
  | "ALREADY_MEMBER"
  | "TEAM_FULL"
  | "ROLE_NOT_ALLOWED"
  | "TOO_MANY_STARTERS"
  | "INVITE_USED"
  | "INVITE_EXPIRED"
  | "INVITE_OTHER_EMAIL"
  | "NAME_TAKEN"
  | "HANDLE_TAKEN";

/** The create-team, join and handle forms' field codes. */
export type TeamFormErrorCode =
  | "GAME_REQUIRED"
  | "NAME_LENGTH"
  | "TAG_FORMAT"
  | "COUNTRY_REQUIRED"
  | "LOGO_URL"
  | "IGN_REQUIRED"
  | "EMAIL_INVALID"
  | "HANDLE_FORMAT"
  | "HANDLE_RESERVED"
  | "RATE_LIMITED";

export type TeamAction = "invite" | "remove" | "handOver" | "setRole" | "leave" | "setLogo";

export interface Actor {
  userId: string;
  /** Whether the actor is an active member of the team (the captain is one). */
  member: boolean;
  captain: boolean;
}

export interface TeamTarget {
  userId: string;
  /** Whether the target is an active member of the team. */
  member: boolean;
}

/**
 * Who may do what on a team: the captain invites, removes, hands over the captaincy, sets roles and the logo;
 * a member leaves; the captain cannot leave without handing over first. One table, checked here only.
 */
export function mayAct(
  action: TeamAction,
  team: { locked: boolean },
  actor: Actor,
  target: TeamTarget | null = null,
): { ok: true } | { ok: false; code: TeamErrorCode } {
  if (!actor.member) return { ok: false, code: "NOT_A_MEMBER" };
  if (team.locked) return { ok: false, code: "TEAM_LOCKED" };
  if (action === "leave") return actor.captain ? { ok: false, code: "CAPTAIN_MUST_HAND_OVER" } : { ok: true };
  if (!actor.captain) return { ok: false, code: "NOT_CAPTAIN" };
  if (action === "invite" || action === "setLogo") return { ok: true };
  if (!target?.member) return { ok: false, code: "NOT_A_MEMBER" };
  if (target.userId === actor.userId) {
    if (action === "remove") return { ok: false, code: "CANNOT_REMOVE_SELF" };
    if (action === "handOver") return { ok: false, code: "ALREADY_CAPTAIN" };
  }
  return { ok: true };
}

/** A role change: allowed for the game, and never more starters than the game plays with. */
export function checkRoleChange(
  game: string,
  roster: readonly RosterMember[],
  userId: string,
  role: TeamRole,
): { ok: true } | { ok: false; code: TeamErrorCode } {
  if (!rolesFor(game).includes(role)) return { ok: false, code: "ROLE_NOT_ALLOWED" };
  if (!roster.some((member) => member.userId === userId)) return { ok: false, code: "NOT_A_MEMBER" };
  if (role === "starter") {
    const others = roster.filter((member) => member.userId !== userId && member.role === "starter").length;
    if (others + 1 > startersOf(game)) return { ok: false, code: "TOO_MANY_STARTERS" };
  }
  return { ok: true };
}

/* ───────────── Invites ───────────── */

export const INVITE_DAYS = 7;
export const INVITE_TTL_MS = INVITE_DAYS * 24 * 60 * 60 * 1000;

export type InviteState = "valid" | "used" | "expired";

/** A link is good once, until it expires. */
export function inviteState(invite: { usedAt: Date | null; expiresAt: Date }, now: Date): InviteState {
  if (invite.usedAt) return "used";
  if (invite.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/** Whether this person may take this invite now (the roster's room is checked with the roster). */
export function checkInvite(
  invite: { usedAt: Date | null; expiresAt: Date; email: string | null },
  person: { email: string; alreadyMember: boolean },
  now: Date,
): { ok: true } | { ok: false; code: TeamErrorCode } {
  const state = inviteState(invite, now);
  if (state === "used") return { ok: false, code: "INVITE_USED" };
  if (state === "expired") return { ok: false, code: "INVITE_EXPIRED" };
  if (person.alreadyMember) return { ok: false, code: "ALREADY_MEMBER" };
  if (invite.email && invite.email.toLowerCase() !== person.email.toLowerCase()) return { ok: false, code: "INVITE_OTHER_EMAIL" };
  return { ok: true };
}

/* ───────────── Forms ───────────── */

/** Countries offered on the team form (ISO 3166-1 alpha-2), Venezuela first. */
export const TEAM_COUNTRIES = ["VE", "CO", "PE", "EC", "CL", "AR", "MX", "PA", "DO", "ES", "US", "OTHER"] as const;

// eslint-disable-next-line no-control-regex
const withoutControls = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, "").trim();
const text = (min: number, max: number, code: string) =>
  z
    .string()
    .default("")
    .transform(withoutControls)
    .refine((value) => [...value].length >= min && [...value].length <= max, code);

export const TEAM_NAME_MAX = 40;
export const IGN_MAX = 40;

const teamSchema = z.object({
  game: z
    .string()
    .default("")
    .refine((value) => isGameId(value), "GAME_REQUIRED"),
  name: text(2, TEAM_NAME_MAX, "NAME_LENGTH"),
  tag: z
    .string()
    .default("")
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => /^[A-Z0-9]{2,5}$/.test(value), "TAG_FORMAT"),
  country: z.enum(TEAM_COUNTRIES, { error: "COUNTRY_REQUIRED" }),
  logoUrl: z
    .string()
    .default("")
    .transform((value) => value.trim())
    .refine((value) => value === "" || (value.length <= 300 && /^https:\/\/[^\s"'<>]+$/.test(value)), "LOGO_URL")
    .transform((value) => value || null),
  ign: text(1, IGN_MAX, "IGN_REQUIRED"),
});

export type TeamInput = z.output<typeof teamSchema>;

/** The create-team form: every field's first error at once. */
export function parseTeamForm(raw: Record<string, string>): { ok: true; team: TeamInput } | { ok: false; errors: FieldErrors } {
  const parsed = teamSchema.safeParse(raw);
  return parsed.success ? { ok: true, team: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error) };
}

/** An in-game name as typed on the join form. */
export function parseIgn(raw: string | undefined): string | null {
  const value = withoutControls(raw ?? "");
  return value.length >= 1 && [...value].length <= IGN_MAX ? value : null;
}

/* ───────────── Handles ───────────── */

const RESERVED_HANDLES = new Set(["admin", "staff", "support", "soporte", "arena", "new", "me", "teams", "players"]);

/** A public handle: 3 to 20 of a-z, 0-9, "_" and "-", stored lower-case. */
export function parseHandle(
  raw: string | undefined,
): { ok: true; handle: string } | { ok: false; code: "HANDLE_FORMAT" | "HANDLE_RESERVED" } {
  const handle = (raw ?? "").trim().toLowerCase();
  if (!/^[a-z0-9_-]{3,20}$/.test(handle)) return { ok: false, code: "HANDLE_FORMAT" };
  if (RESERVED_HANDLES.has(handle)) return { ok: false, code: "HANDLE_RESERVED" };
  return { ok: true, handle };
}

/* ───────────── Entering a tournament with a team ───────────── */

export interface EligibleMember {
  userId: string;
  role: TeamRole;
}

/**
 * The starters the captain picked for one event: exactly the event's team size, each an active
 * member who is not the coach, no one twice. Answers them in the order picked (captain first when picked).
 */
export function checkStarters(
  roster: readonly EligibleMember[],
  picked: readonly string[],
  size: number,
): { ok: true; starters: string[] } | { ok: false; code: "WRONG_STARTER_COUNT" | "NOT_A_MEMBER" } {
  const unique = [...new Set(picked)];
  if (unique.length !== picked.length || unique.length !== size) return { ok: false, code: "WRONG_STARTER_COUNT" };
  const players = new Set(roster.filter((member) => member.role !== "coach").map((member) => member.userId));
  if (!unique.every((userId) => players.has(userId))) return { ok: false, code: "NOT_A_MEMBER" };
  return { ok: true, starters: unique };
}
