import { parseDiscordWebhookUrl } from "~/features/notifications/core/notices";
import { MAX_SUBSTITUTES, TEAM_SIZES, isGameId, playersPerTeam, usualTeamSize, type GameId } from "~/domain/games";
import { FORMATS, isFormat, isThirdPlace, type ThirdPlace } from "~/features/competition/core/formats";
import { parseMinorUnits, parseWholeNumber } from "./money-input";
import { isPrizeFunding, type PrizeFunding } from "~/features/wallet/core/prize-pools";
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
  { ok: true; values: TournamentValues; event: EventPlan | null } | { ok: false; code: TournamentFormCode; field: string };

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

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * Reads the tournament form. `today` is the platform's date; `confirmedTeams` the teams already
 * confirmed (an edit cannot make the tournament smaller than that).
 */
export function parseTournamentForm(
  raw: Record<string, unknown> & { badges?: unknown },
  context: { today: string; now: Date; confirmedTeams?: number },
): TournamentFormResult {
  const title = text(raw.title);
  if (!title) return { ok: false, code: "TITLE_REQUIRED", field: "title" };
  if (title.length > TITLE_MAX) return { ok: false, code: "TITLE_TOO_LONG", field: "title" };
  const game = text(raw.game);
  if (!isGameId(game)) return { ok: false, code: "GAME_UNKNOWN", field: "game" };

  const date = text(raw.date);
  if (!isCalendarDate(date)) return { ok: false, code: "DATE_INVALID", field: "date" };
  if (date < context.today) return { ok: false, code: "DATE_IN_PAST", field: "date" };
  const startTime = text(raw.startTime) || null;
  if (startTime && !/^([01]\d|2[0-3]):[0-5]\d$/.test(startTime)) return { ok: false, code: "TIME_INVALID", field: "startTime" };
  const startsAt = zonedDateTime(`${date}T${startTime ?? "23:59"}`)!;
  if (startsAt <= context.now) return { ok: false, code: "DATE_IN_PAST", field: startTime ? "startTime" : "date" };

  const registrationClosesAt = zonedDateTime(text(raw.registrationClosesAt));
  if (!registrationClosesAt) return { ok: false, code: "CLOSES_INVALID", field: "registrationClosesAt" };
  const opensText = text(raw.registrationOpensAt);
  const registrationOpensAt = opensText ? zonedDateTime(opensText) : null;
  if (opensText && !registrationOpensAt) return { ok: false, code: "OPENS_INVALID", field: "registrationOpensAt" };
  if (registrationOpensAt && registrationClosesAt <= registrationOpensAt)
    return { ok: false, code: "CLOSES_BEFORE_OPENS", field: "registrationClosesAt" };
  if (registrationClosesAt > startsAt) return { ok: false, code: "CLOSES_AFTER_START", field: "registrationClosesAt" };

  const capacity = parseWholeNumber(raw.capacity, { min: 1, max: CAPACITY_MAX });
  if (!capacity.ok) {
    const code = (
      {
        REQUIRED: "CAPACITY_REQUIRED",
        NOT_A_NUMBER: "CAPACITY_INVALID",
        NEGATIVE: "CAPACITY_NOT_POSITIVE",
        ZERO: "CAPACITY_NOT_POSITIVE",
        TOO_LARGE: "CAPACITY_TOO_LARGE",
      } as const
    )[capacity.code];
    return { ok: false, code, field: "capacity" };
  }
  if (capacity.value < (context.confirmedTeams ?? 0)) return { ok: false, code: "CAPACITY_BELOW_CONFIRMED", field: "capacity" };

  const feeKind = text(raw.feeKind) as FeeKind;
  if (!(FEE_KINDS as readonly string[]).includes(feeKind)) return { ok: false, code: "FEE_KIND_UNKNOWN", field: "feeKind" };
  let feeAmount = 0;
  const feeCurrency: "USD" | "VES" = feeKind === "VES" ? "VES" : "USD";
  if (feeKind !== "free") {
    const fee = parseMinorUnits(raw.fee, { max: FEE_MAX[feeCurrency] });
    if (!fee.ok) {
      const code = (
        {
          REQUIRED: "FEE_REQUIRED",
          NOT_A_NUMBER: "FEE_INVALID",
          NEGATIVE: "FEE_NOT_POSITIVE",
          ZERO: "FEE_NOT_POSITIVE",
          TOO_LARGE: "FEE_TOO_LARGE",
        } as const
      )[fee.code];
      return { ok: false, code, field: "fee" };
    }
    feeAmount = fee.value;
  }

  const prize = text(raw.prize);
  if (!prize) return { ok: false, code: "PRIZE_REQUIRED", field: "prize" };
  if (prize.length > PRIZE_MAX) return { ok: false, code: "PRIZE_TOO_LONG", field: "prize" };
  const splitText = text(raw.prizeSplit);
  const prizeSplit = splitText ? splitText.split(/[,;/\s]+/).filter(Boolean) : [];
  if (prizeSplit.some((part) => !/^\d{1,3}$/.test(part) || Number(part) === 0) || prizeSplit.length > 16)
    return { ok: false, code: "SPLIT_INVALID", field: "prizeSplit" };
  if (prizeSplit.length && prizeSplit.reduce((sum, part) => sum + Number(part), 0) !== 100)
    return { ok: false, code: "SPLIT_NOT_100", field: "prizeSplit" };
  // A pool: the organizer deposits the prize (so it must be money), or the fees make it (so the event
  // is paid, and the split says each place's share of whatever the pool holds).
  const prizeFunding = text(raw.prizeFunding) || "none";
  if (!isPrizeFunding(prizeFunding)) return { ok: false, code: "PRIZE_FUNDING_UNKNOWN", field: "prizeFunding" };
  if (prizeFunding === "organizer" && !prizeMoney(prize)) return { ok: false, code: "PRIZE_NOT_MONEY", field: "prize" };
  if (prizeFunding === "fees" && feeAmount === 0) return { ok: false, code: "POOL_NEEDS_FEE", field: "fee" };
  if (prizeFunding === "fees" && prizeSplit.length === 0) return { ok: false, code: "POOL_NEEDS_SPLIT", field: "prizeSplit" };

  const rules = typeof raw.rules === "string" ? raw.rules.replace(/\r\n/g, "\n").trim() : "";
  if (rules.length > RULES_MAX) return { ok: false, code: "RULES_TOO_LONG", field: "rules" };
  // "battle_royale_points" is what earlier forms stored for a battle royale.
  const format = text(raw.format) === "battle_royale_points" ? "battle_royale" : text(raw.format);
  if (format && !isFormat(format)) return { ok: false, code: "FORMAT_UNKNOWN", field: "format" };
  const thirdPlace = text(raw.thirdPlace) || "shared";
  if (!isThirdPlace(thirdPlace)) return { ok: false, code: "THIRD_PLACE_UNKNOWN", field: "thirdPlace" };
  const sizeText = text(raw.teamSize);
  const teamSize = sizeText ? Number(sizeText) : usualTeamSize(game);
  if (!(TEAM_SIZES as readonly number[]).includes(teamSize)) return { ok: false, code: "TEAM_SIZE_INVALID", field: "teamSize" };
  const subsText = text(raw.substitutes) || "0";
  const substitutes = /^\d$/.test(subsText) ? Number(subsText) : NaN;
  if (!(substitutes >= 0 && substitutes <= MAX_SUBSTITUTES) || (teamSize === 1 && substitutes > 0))
    return { ok: false, code: "SUBSTITUTES_INVALID", field: "substitutes" };
  const checkInOpensText = text(raw.checkInOpensMinutes);
  const checkInClosesText = text(raw.checkInClosesMinutes);
  const opens = checkInOpensText ? (/^\d{1,4}$/.test(checkInOpensText) ? Number(checkInOpensText) : NaN) : CHECK_IN_DEFAULTS.opens;
  const closes = checkInClosesText ? (/^\d{1,4}$/.test(checkInClosesText) ? Number(checkInClosesText) : NaN) : CHECK_IN_DEFAULTS.closes;
  if (!(opens >= 1 && opens <= 1440)) return { ok: false, code: "CHECK_IN_INVALID", field: "checkInOpensMinutes" };
  if (!(closes >= 0 && closes < opens)) return { ok: false, code: "CHECK_IN_INVALID", field: "checkInClosesMinutes" };

  const badgeList = Array.isArray(raw.badges) ? raw.badges.map(String) : text(raw.badges) ? [text(raw.badges)] : [];
  if (badgeList.some((badge) => !(TOURNAMENT_BADGES as readonly string[]).includes(badge)))
    return { ok: false, code: "BADGE_UNKNOWN", field: "badges" };
  const webhookText = text(raw.discordWebhookUrl);
  if (webhookText && !parseDiscordWebhookUrl(webhookText)) return { ok: false, code: "WEBHOOK_INVALID", field: "discordWebhookUrl" };

  return {
    ok: true,
    values: {
      title,
      game,
      date,
      startTime,
      registrationOpensAt,
      registrationClosesAt,
      capacity: capacity.value,
      feeAmount,
      feeCurrency,
      prize,
      prizeSplit,
      prizeFunding,
      rules,
      format,
      teamSize,
      substitutes,
      badges: [...new Set(badgeList)],
      discordWebhookUrl: webhookText || null,
      // A checkbox: sent ("on") when ticked, absent when not.
      plusOnly: raw.plusOnly === "on" || raw.plusOnly === "true",
      players: [String(capacity.value), teamSizeKey(game, teamSize)],
    },
    // Run on the platform once it has a format and the hour it starts at (check-in is counted back from it).
    event: format && startTime ? { format, thirdPlace, startsAt, checkInOpensMinutes: opens, checkInClosesMinutes: closes } : null,
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
