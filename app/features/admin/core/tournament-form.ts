import { z } from "zod";
import { parseDiscordWebhookUrl } from "~/features/notifications/core/notices";
import { MAX_SUBSTITUTES, TEAM_SIZES, isGameId, playersPerTeam, usualTeamSize, type GameId } from "~/domain/games";
import { always, checkbox, parseWith, refuse, refusedFields, textField, typedText, type FieldErrors } from "~/domain/form-schema";
import { FORMATS, THIRD_PLACE, isFormat, type ThirdPlace } from "~/features/competition/core/formats";
import { parseMinorUnits, parseWholeNumber, type MoneyInputCode } from "./money-input";
import { PRIZE_FUNDINGS, type PrizeFunding } from "~/features/wallet/core/prize-pools";
import { prizeMoney } from "~/features/wallet/core/prizes";
import { zoneOffsetMinutes } from "~/domain/format";

/** What staff may choose on a tournament form (labels translated: admin `tournaments.formats.*`, landing `badges.*`). */
export const TOURNAMENT_FORMATS = FORMATS;
/** The check-in window's defaults (minutes before the start it opens and closes). */
export const CHECK_IN_DEFAULTS = { opens: 60, closes: 15 } as const;
export const TOURNAMENT_BADGES = ["free", "paid", "solo", "duo", "squad", "new", "featured", "finals"] as const;
export const FEE_KINDS = ["free", "USD", "VES"] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
/** "pending": an organization's paid tournament waiting for platform staff (features/organizations). */
export const TOURNAMENT_STATUSES = ["draft", "pending", "published", "cancelled"] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export const CAPACITY_MAX = 1024;
/** Absurd-fee bounds in minor units: $1,000 or Bs 1,000,000. */
export const FEE_MAX = { USD: 1_000_00, VES: 1_000_000_00 } as const;
export const TITLE_MAX = 120;
export const PRIZE_MAX = 80;
export const RULES_MAX = 20_000;

export type TournamentFormCode =
  | "TITLE_REQUIRED"
  | "TITLE_TOO_LONG"
  | "GAME_UNKNOWN"
  | "DATE_INVALID"
  | "DATE_IN_PAST"
  | "TIME_INVALID"
  | "CLOSES_INVALID"
  | "OPENS_INVALID"
  | "CLOSES_BEFORE_OPENS"
  | "CLOSES_AFTER_START"
  | "CAPACITY_REQUIRED"
  | "CAPACITY_INVALID"
  | "CAPACITY_BELOW_CONFIRMED"
  | "CAPACITY_NOT_POSITIVE"
  | "CAPACITY_TOO_LARGE"
  | "FEE_KIND_UNKNOWN"
  | "FEE_REQUIRED"
  | "FEE_INVALID"
  | "FEE_NOT_POSITIVE"
  | "FEE_TOO_LARGE"
  | "PRIZE_REQUIRED"
  | "PRIZE_TOO_LONG"
  | "SPLIT_INVALID"
  | "SPLIT_NOT_100"
  | "PRIZE_FUNDING_UNKNOWN"
  | "PRIZE_NOT_MONEY"
  | "POOL_NEEDS_FEE"
  | "POOL_NEEDS_SPLIT"
  | "RULES_TOO_LONG"
  | "FORMAT_UNKNOWN"
  | "THIRD_PLACE_UNKNOWN"
  | "TEAM_SIZE_INVALID"
  | "SUBSTITUTES_INVALID"
  | "CHECK_IN_INVALID"
  | "BADGE_UNKNOWN"
  | "WEBHOOK_INVALID";

export interface TournamentValues {
  title: string;
  game: GameId;
  date: string;
  startTime: string | null;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date;
  capacity: number;
  feeAmount: number;
  feeCurrency: "USD" | "VES";
  prize: string;
  prizeSplit: string[];
  /** Who funds the prizes (docs/organizations.md "Prize pools"). */
  prizeFunding: PrizeFunding;
  rules: string;
  format: string;
  teamSize: number;
  substitutes: number;
  badges: string[];
  /** The event's Discord channel webhook for announcements (docs/notifications.md); null when none. */
  discordWebhookUrl: string | null;
  /** A Plus event ("Evento Plus"): only members may register (docs/plus.md). */
  plusOnly: boolean;
  /** Derived: the card's participants label and the team size word. */
  players: string[];
}

/** How the event is run, when the form names a format and a start time: copied into the run settings (competition_settings). */
export interface EventPlan {
  format: string;
  /** Elimination brackets: shared 3rd places or a 3rd-place match (docs/decisions/007-brackets.md). */
  thirdPlace: ThirdPlace;
  startsAt: Date;
  checkInOpensMinutes: number;
  checkInClosesMinutes: number;
}

export type TournamentFormResult =
  | { ok: true; values: TournamentValues; event: EventPlan | null }
  | { ok: false; code: TournamentFormCode; field: string; errors: FieldErrors };

/** The team-size word the cards show, from the event's size (the game's when not given). */
export function teamSizeKey(game: string, size = playersPerTeam(game)): "solo" | "duo" | "squad" {
  return size === 1 ? "solo" : size === 2 ? "duo" : "squad";
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "2026-03-10T18:30" read as a wall-clock time in the platform's zone; null when malformed. */
export function zonedDateTime(local: string, timeZone = "America/Caracas"): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match || !isCalendarDate(match[1]!) || Number(match[2]) > 23 || Number(match[3]) > 59) return null;
  const guess = new Date(`${match[1]}T${match[2]}:${match[3]}:00Z`);
  return new Date(guess.getTime() - zoneOffsetMinutes(guess, timeZone) * 60_000);
}

/** A Date shown back in a datetime-local field, in the platform's zone. */
export function localDateTimeText(value: Date | string | null, timeZone = "America/Caracas"): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  const shifted = new Date(date.getTime() + zoneOffsetMinutes(date, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const text = typedText;

const CAPACITY_CODES = {
  REQUIRED: "CAPACITY_REQUIRED",
  NOT_A_NUMBER: "CAPACITY_INVALID",
  NEGATIVE: "CAPACITY_NOT_POSITIVE",
  ZERO: "CAPACITY_NOT_POSITIVE",
  TOO_LARGE: "CAPACITY_TOO_LARGE",
} as const satisfies Record<MoneyInputCode, TournamentFormCode>;
const FEE_CODES = {
  REQUIRED: "FEE_REQUIRED",
  NOT_A_NUMBER: "FEE_INVALID",
  NEGATIVE: "FEE_NOT_POSITIVE",
  ZERO: "FEE_NOT_POSITIVE",
  TOO_LARGE: "FEE_TOO_LARGE",
} as const satisfies Record<MoneyInputCode, TournamentFormCode>;

/** Check-in minutes as typed: the default when empty, NaN when not a whole number (refused by the range). */
const minutesField = (fallback: number) =>
  textField(z.string().transform((value) => (value ? (/^\d{1,4}$/.test(value) ? Number(value) : NaN) : fallback)));

/** The fee in minor units (0 when free): it depends on the fee kind, so the cross-field rules read it. */
function feeOf(feeKind: FeeKind, raw: unknown) {
  return feeKind === "free" ? ({ ok: true, value: 0 } as const) : parseMinorUnits(raw, { max: FEE_MAX[feeKind] });
}

/** The order the form is checked in: the first wrong field names the answer's code. */
const TOURNAMENT_FIELD_ORDER = [
  "title",
  "game",
  "date",
  "startTime",
  "registrationClosesAt",
  "registrationOpensAt",
  "capacity",
  "feeKind",
  "fee",
  "prize",
  "prizeSplit",
  "prizeFunding",
  "rules",
  "format",
  "thirdPlace",
  "teamSize",
  "substitutes",
  "checkInOpensMinutes",
  "checkInClosesMinutes",
  "badges",
  "discordWebhookUrl",
] as const;

/** The tournament form's schema: each field on its own, then the rules between fields (every error at once). */
function tournamentSchema(context: { today: string; now: Date; confirmedTeams?: number }) {
  return z
    .object({
      title: textField(z.string().min(1, { error: "TITLE_REQUIRED" }).max(TITLE_MAX, { error: "TITLE_TOO_LONG" })),
      game: textField(z.string().refine(isGameId, { error: "GAME_UNKNOWN" })),
      date: textField(
        // A transform, not `refine(…, { abort: true })`: an aborted field stops the rules between fields too.
        z
          .string()
          .transform((date, ctx) =>
            !isCalendarDate(date) ? refuse(ctx, "DATE_INVALID") : date < context.today ? refuse(ctx, "DATE_IN_PAST") : date,
          ),
      ),
      startTime: textField(
        z
          .string()
          .refine((time) => !time || /^([01]\d|2[0-3]):[0-5]\d$/.test(time), { error: "TIME_INVALID" })
          .transform((time) => time || null),
      ),
      registrationClosesAt: textField(z.string().transform((value, ctx) => zonedDateTime(value) ?? refuse(ctx, "CLOSES_INVALID"))),
      registrationOpensAt: textField(
        z.string().transform((value, ctx) => (value ? (zonedDateTime(value) ?? refuse(ctx, "OPENS_INVALID")) : null)),
      ),
      capacity: z
        .unknown()
        .optional()
        .transform((raw, ctx) => {
          const capacity = parseWholeNumber(raw, { min: 1, max: CAPACITY_MAX });
          return capacity.ok ? capacity.value : refuse(ctx, CAPACITY_CODES[capacity.code]);
        })
        .refine((capacity) => capacity >= (context.confirmedTeams ?? 0), { error: "CAPACITY_BELOW_CONFIRMED" }),
      feeKind: textField(z.enum(FEE_KINDS, { error: "FEE_KIND_UNKNOWN" })),
      fee: z.unknown().optional(),
      prize: textField(z.string().min(1, { error: "PRIZE_REQUIRED" }).max(PRIZE_MAX, { error: "PRIZE_TOO_LONG" })),
      prizeSplit: textField(
        z.string().transform((split, ctx) => {
          const parts = split ? split.split(/[,;/\s]+/).filter(Boolean) : [];
          if (parts.length > 16 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) !== 0))
            return refuse(ctx, "SPLIT_INVALID");
          if (parts.length && parts.reduce((sum, part) => sum + Number(part), 0) !== 100) return refuse(ctx, "SPLIT_NOT_100");
          return parts;
        }),
      ),
      prizeFunding: z.preprocess((value) => text(value) || "none", z.enum(PRIZE_FUNDINGS, { error: "PRIZE_FUNDING_UNKNOWN" })),
      rules: z
        .unknown()
        .optional()
        .transform((value) => (typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : ""))
        .refine((rules) => rules.length <= RULES_MAX, { error: "RULES_TOO_LONG" }),
      // "battle_royale_points" is what earlier forms stored for a battle royale.
      format: z.preprocess(
        (value) => (text(value) === "battle_royale_points" ? "battle_royale" : text(value)),
        z.string().refine((format) => !format || isFormat(format), { error: "FORMAT_UNKNOWN" }),
      ),
      thirdPlace: z.preprocess((value) => text(value) || "shared", z.enum(THIRD_PLACE, { error: "THIRD_PLACE_UNKNOWN" })),
      // Empty: the game's usual size (settled with the game below).
      teamSize: textField(
        z
          .string()
          .refine((size) => !size || (TEAM_SIZES as readonly number[]).includes(Number(size)), { error: "TEAM_SIZE_INVALID" })
          .transform((size) => (size ? Number(size) : null)),
      ),
      substitutes: z.preprocess(
        (value) => text(value) || "0",
        z
          .string()
          .transform((count) => (/^\d$/.test(count) ? Number(count) : NaN))
          .refine((count) => count >= 0 && count <= MAX_SUBSTITUTES, { error: "SUBSTITUTES_INVALID" }),
      ),
      checkInOpensMinutes: minutesField(CHECK_IN_DEFAULTS.opens).refine((opens) => opens >= 1 && opens <= 1440, {
        error: "CHECK_IN_INVALID",
      }),
      checkInClosesMinutes: minutesField(CHECK_IN_DEFAULTS.closes).refine((closes) => closes >= 0, { error: "CHECK_IN_INVALID" }),
      badges: z
        .unknown()
        .optional()
        .transform((value) => (Array.isArray(value) ? value.map(String) : text(value) ? [text(value)] : []))
        .refine((badges) => badges.every((badge) => (TOURNAMENT_BADGES as readonly string[]).includes(badge)), {
          error: "BADGE_UNKNOWN",
        })
        .transform((badges) => [...new Set(badges)]),
      discordWebhookUrl: textField(
        z
          .string()
          .refine((url) => !url || parseDiscordWebhookUrl(url), { error: "WEBHOOK_INVALID" })
          .transform((url) => url || null),
      ),
      plusOnly: checkbox(),
    })
    .superRefine(
      (form, ctx) => {
        // Each rule reads only fields that passed on their own: a wrong field keeps its own message.
        const refused = refusedFields(ctx);
        const valid = (...names: string[]) => names.every((name) => !refused.has(name));
        const issue = (field: string, code: TournamentFormCode) => ctx.addIssue({ code: "custom", message: code, path: [field] });
        if (valid("date", "startTime")) {
          const startsAt = zonedDateTime(`${form.date}T${form.startTime ?? "23:59"}`)!;
          if (startsAt <= context.now) issue(form.startTime ? "startTime" : "date", "DATE_IN_PAST");
          else if (valid("registrationClosesAt") && form.registrationClosesAt > startsAt)
            issue("registrationClosesAt", "CLOSES_AFTER_START");
        }
        if (
          valid("registrationClosesAt", "registrationOpensAt") &&
          form.registrationOpensAt &&
          form.registrationClosesAt <= form.registrationOpensAt
        )
          issue("registrationClosesAt", "CLOSES_BEFORE_OPENS");
        if (valid("feeKind")) {
          const fee = feeOf(form.feeKind, form.fee);
          if (!fee.ok) issue("fee", FEE_CODES[fee.code]);
        }
        // A pool: the organizer deposits the prize (so it must be money), or the fees make it (so the event
        // is paid, and the split says each place's share of whatever the pool holds).
        if (valid("prizeFunding", "prize") && form.prizeFunding === "organizer" && !prizeMoney(form.prize))
          issue("prize", "PRIZE_NOT_MONEY");
        if (valid("prizeFunding", "feeKind") && form.prizeFunding === "fees" && form.feeKind === "free") issue("fee", "POOL_NEEDS_FEE");
        if (valid("prizeFunding", "prizeSplit") && form.prizeFunding === "fees" && form.prizeSplit.length === 0)
          issue("prizeSplit", "POOL_NEEDS_SPLIT");
        if (valid("game", "teamSize", "substitutes") && (form.teamSize ?? usualTeamSize(form.game)) === 1 && form.substitutes > 0)
          issue("substitutes", "SUBSTITUTES_INVALID");
        if (valid("checkInOpensMinutes", "checkInClosesMinutes") && form.checkInClosesMinutes >= form.checkInOpensMinutes)
          issue("checkInClosesMinutes", "CHECK_IN_INVALID");
      },
      { when: always },
    );
}

/**
 * Reads the tournament form, every wrong field at once. `today` is the platform's date; `confirmedTeams`
 * the teams already confirmed (an edit cannot make the tournament smaller than that).
 */
export function parseTournamentForm(
  raw: Record<string, unknown> & { badges?: unknown },
  context: { today: string; now: Date; confirmedTeams?: number },
): TournamentFormResult {
  const parsed = parseWith<ReturnType<typeof tournamentSchema>, TournamentFormCode>(tournamentSchema(context), raw, TOURNAMENT_FIELD_ORDER);
  if (!parsed.ok) return parsed;
  const form = parsed.data;
  const game = form.game as GameId;
  const startsAt = zonedDateTime(`${form.date}T${form.startTime ?? "23:59"}`)!;
  const teamSize = form.teamSize ?? usualTeamSize(game);
  const fee = feeOf(form.feeKind, form.fee);
  return {
    ok: true,
    values: {
      title: form.title,
      game,
      date: form.date,
      startTime: form.startTime,
      registrationOpensAt: form.registrationOpensAt,
      registrationClosesAt: form.registrationClosesAt,
      capacity: form.capacity,
      feeAmount: fee.ok ? fee.value : 0,
      feeCurrency: form.feeKind === "VES" ? "VES" : "USD",
      prize: form.prize,
      prizeSplit: form.prizeSplit,
      prizeFunding: form.prizeFunding,
      rules: form.rules,
      format: form.format,
      teamSize,
      substitutes: form.substitutes,
      badges: form.badges,
      discordWebhookUrl: form.discordWebhookUrl,
      plusOnly: form.plusOnly,
      players: [String(form.capacity), teamSizeKey(game, teamSize)],
    },
    // Run on the platform once it has a format and the hour it starts at (check-in is counted back from it).
    event:
      form.format && form.startTime
        ? {
            format: form.format,
            thirdPlace: form.thirdPlace,
            startsAt,
            checkInOpensMinutes: form.checkInOpensMinutes,
            checkInClosesMinutes: form.checkInClosesMinutes,
          }
        : null,
  };
}

/** Which status moves staff may make: publish a draft, unpublish, cancel (final). */
export function canMoveTournament(from: string, to: TournamentStatus): boolean {
  if (from === "cancelled") return false;
  // Staff publish a draft or approve a pending one; send either back to draft.
  if (to === "published") return from === "draft" || from === "pending";
  if (to === "draft") return from === "published" || from === "pending";
  if (to === "pending") return false;
  return to === "cancelled";
}

/** The audit action each status move is written as. */
export const STATUS_ACTION: Record<TournamentStatus, string> = {
  published: "tournament.publish",
  draft: "tournament.unpublish",
  pending: "tournament.ask_approval",
  cancelled: "tournament.cancel",
};
