import { playersPerTeam, showsCoachField } from "./games";
import { isPaymentMethod, type PaymentMethod } from "./payment-methods";
import { isDigitsPhone, normalizePhone } from "./phone";

/** pending_payment: the place is held while the order is paid; confirmed; released: the place is given back. */
export const REGISTRATION_STATUSES = ["pending_payment", "confirmed", "released"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The one rule of who takes a place in a tournament: every registration until it is released (SQL: holdsPlaceSql). */
export function holdsPlace(status: RegistrationStatus): boolean {
  return status !== "released";
}

export interface PlayerInput {
  name: string;
  ign: string;
  phone: string | null;
}

export interface RegistrationInput {
  teamName: string | null;
  coachName: string | null;
  phone: string;
  paymentMethod: PaymentMethod | null;
  players: PlayerInput[];
}

/** What the registration form itself can get wrong; refusals that need the database are `RegistrationErrorCode` in registrations.server.ts. */
export type RegistrationFormErrorCode =
  | "TEAM_NAME_REQUIRED"
  | "WRONG_PLAYER_COUNT"
  | "PLAYER_DATA_MISSING"
  | "PLAYER_PHONE_REQUIRED"
  | "PLAYER_PHONE_DIGITS"
  | "DUPLICATE_IGN"
  | "PHONE_REQUIRED"
  | "PHONE_DIGITS"
  | "PAYMENT_METHOD_REQUIRED";

export type RegistrationResult =
  { ok: true; registration: RegistrationInput } | { ok: false; code: RegistrationFormErrorCode; player?: number };

const MAX_TEXT = 60;

/**
 * SPEC §5 "Tournament" rules, in order, for the game's team size and the tournament's fee.
 * The form posts players as player1Name, player1Ign, player1Phone, … (1-based).
 */
export function parseRegistration(
  game: string,
  feeAmount: number,
  raw: Record<string, unknown>,
  team: { size?: number | null; substitutes?: number } = {},
): RegistrationResult {
  const text = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string).trim().slice(0, MAX_TEXT) : "");
  // The event's own team size (docs/product.md "Running an event"); the game's SPEC §9 size for events made before sizes were chosen.
  const size = team.size ?? playersPerTeam(game);
  const substitutes = size === 1 ? 0 : (team.substitutes ?? 0);
  const solo = size === 1;

  const teamName = text("teamName");
  if (!solo && !teamName) return { ok: false, code: "TEAM_NAME_REQUIRED" };

  // Players beyond the team and its substitutes must not arrive at all (a forged form).
  const most = size + substitutes;
  if (text(`player${most + 1}Name`) || text(`player${most + 1}Ign`)) return { ok: false, code: "WRONG_PLAYER_COUNT" };
  const players: PlayerInput[] = [];
  for (let n = 1; n <= size; n += 1) {
    const name = text(`player${n}Name`);
    const ign = text(`player${n}Ign`);
    if (!name || !ign) return { ok: false, code: "PLAYER_DATA_MISSING", player: n };
    const phone = solo ? "" : normalizePhone(text(`player${n}Phone`));
    // The captain (player 1) of a team must give a phone; any phone given is digits only.
    if (!solo && n === 1 && !phone) return { ok: false, code: "PLAYER_PHONE_REQUIRED", player: n };
    if (phone && !isDigitsPhone(phone)) return { ok: false, code: "PLAYER_PHONE_DIGITS", player: n };
    players.push({ name, ign, phone: phone || null });
  }
  // Substitutes are optional; one named needs both a name and an in-game id.
  for (let n = size + 1; n <= most; n += 1) {
    const name = text(`player${n}Name`);
    const ign = text(`player${n}Ign`);
    const phone = text(`player${n}Phone`);
    if (!name && !ign && !phone) continue;
    if (!name || !ign) return { ok: false, code: "PLAYER_DATA_MISSING", player: n };
    if (phone && !isDigitsPhone(phone)) return { ok: false, code: "PLAYER_PHONE_DIGITS", player: n };
    players.push({ name, ign, phone: phone || null });
  }
  const igns = players.map((player) => player.ign.toLowerCase());
  if (new Set(igns).size !== igns.length) return { ok: false, code: "DUPLICATE_IGN" };

  // On a team event the registrant's phone is the captain's unless they type another (docs/product.md, "Tournament registration").
  const phone = normalizePhone(text("phone")) || (solo ? "" : (players[0]?.phone ?? ""));
  if (!phone) return { ok: false, code: "PHONE_REQUIRED" };
  if (!isDigitsPhone(phone)) return { ok: false, code: "PHONE_DIGITS" };

  const method = text("paymentMethod");
  const paymentMethod = isPaymentMethod(method) ? method : null;
  if (feeAmount > 0 && !paymentMethod) return { ok: false, code: "PAYMENT_METHOD_REQUIRED" };

  return {
    ok: true,
    registration: {
      teamName: solo ? null : teamName,
      // A coach belongs to a team: none on a solo event, none for eFootball (SPEC §9).
      coachName: !solo && showsCoachField(game) ? text("coachName") || null : null,
      phone,
      paymentMethod: feeAmount > 0 ? paymentMethod : null,
      players,
    },
  };
}
