import { z } from "zod";
import { always, parseWith, refuse, refusedFields, typedText, type FieldErrors } from "./form-schema";
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
  | { ok: true; registration: RegistrationInput }
  | { ok: false; code: RegistrationFormErrorCode; field: string; errors: FieldErrors; player?: number };

const MAX_TEXT = 60;

/** A text field as typed: trimmed and cut at MAX_TEXT ("" when absent). */
const clipped = (value: unknown) => typedText(value).slice(0, MAX_TEXT);
const clippedField = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(clipped, schema);
const optionalText = () => clippedField(z.string());
const requiredText = (code: RegistrationFormErrorCode) => clippedField(z.string().min(1, { error: code }));

/** Each player's fields in form order: player1Name, player1Ign, player1Phone, player2Name, … */
const playerFields = (most: number) =>
  Array.from({ length: most }, (_, index) => [`player${index + 1}Name`, `player${index + 1}Ign`, `player${index + 1}Phone`]).flat();

/**
 * The registration form's schema for an event of `size` players and `substitutes` optional places:
 * each field on its own, then the rules between fields (substitutes, duplicate in-game names, the
 * registrant's phone that falls back to the captain's, the payment method).
 */
function registrationSchema(feeAmount: number, size: number, substitutes: number) {
  const solo = size === 1;
  const most = size + substitutes;
  const shape: Record<string, z.ZodType> = {
    teamName: solo ? optionalText() : requiredText("TEAM_NAME_REQUIRED"),
    coachName: optionalText(),
    phone: clippedField(z.string().transform(normalizePhone)),
    paymentMethod: optionalText(),
  };
  for (let n = 1; n <= size; n += 1) {
    shape[`player${n}Name`] = requiredText("PLAYER_DATA_MISSING");
    shape[`player${n}Ign`] = requiredText("PLAYER_DATA_MISSING");
    // The captain (player 1) of a team must give a phone; any phone given is digits only. A solo player gives none.
    shape[`player${n}Phone`] = solo
      ? z
          .unknown()
          .optional()
          .transform(() => "")
      : clippedField(
          z
            .string()
            .transform(normalizePhone)
            // Not `abort: true`: it would stop the rules between fields below, and with them every other error.
            .transform((phone, ctx) =>
              n === 1 && !phone
                ? refuse(ctx, "PLAYER_PHONE_REQUIRED")
                : phone && !isDigitsPhone(phone)
                  ? refuse(ctx, "PLAYER_PHONE_DIGITS")
                  : phone,
            ),
        );
  }
  // Substitutes are optional: read as typed, checked with their row below.
  for (let n = size + 1; n <= most; n += 1)
    for (const name of [`player${n}Name`, `player${n}Ign`, `player${n}Phone`]) shape[name] = optionalText();

  return z.looseObject(shape).superRefine(
    (raw, ctx) => {
      const form = raw as Record<string, unknown>;
      const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
      const issue = (field: string, code: RegistrationFormErrorCode) => ctx.addIssue({ code: "custom", message: code, path: [field] });
      // Players beyond the team and its substitutes must not arrive at all (a forged form).
      if (clipped(form[`player${most + 1}Name`]) || clipped(form[`player${most + 1}Ign`])) issue("players", "WRONG_PLAYER_COUNT");
      // A substitute named needs both a name and an in-game id.
      for (let n = size + 1; n <= most; n += 1) {
        const [name, ign, phone] = [text(`player${n}Name`), text(`player${n}Ign`), text(`player${n}Phone`)];
        if (!name && !ign && !phone) continue;
        if (!name) issue(`player${n}Name`, "PLAYER_DATA_MISSING");
        if (!ign) issue(`player${n}Ign`, "PLAYER_DATA_MISSING");
        if (phone && !isDigitsPhone(phone)) issue(`player${n}Phone`, "PLAYER_PHONE_DIGITS");
      }
      const refused = refusedFields(ctx);
      // In-game names are compared once every player is valid on their own (SPEC order: players first).
      if (![...refused].some((field) => field.startsWith("player"))) {
        const seen = new Set<string>();
        for (let n = 1; n <= most; n += 1) {
          const ign = text(`player${n}Ign`).toLowerCase();
          if (!ign) continue;
          if (seen.has(ign)) issue(`player${n}Ign`, "DUPLICATE_IGN");
          seen.add(ign);
        }
      }
      // On a team event the registrant's phone is the captain's unless they type another (docs/product.md,
      // "Tournament registration"); when the captain's own phone was refused, that error stands for both.
      const phone = text("phone") || (solo ? "" : text("player1Phone"));
      if (!phone) {
        if (solo || !refused.has("player1Phone")) issue("phone", "PHONE_REQUIRED");
      } else if (!isDigitsPhone(phone)) issue("phone", "PHONE_DIGITS");
      if (feeAmount > 0 && !isPaymentMethod(text("paymentMethod"))) issue("paymentMethod", "PAYMENT_METHOD_REQUIRED");
    },
    { when: always },
  );
}

/**
 * SPEC §5 "Tournament" rules, for the game's team size and the tournament's fee, every wrong field at
 * once; `code` is the first in SPEC order (team name, player count, each player, in-game names, phone,
 * payment method) and `player` the number of the player it is about.
 * The form posts players as player1Name, player1Ign, player1Phone, … (1-based).
 */
export function parseRegistration(
  game: string,
  feeAmount: number,
  raw: Record<string, unknown>,
  team: { size?: number | null; substitutes?: number } = {},
): RegistrationResult {
  // The event's own team size (docs/product.md "Running an event"); the game's SPEC §9 size for events made before sizes were chosen.
  const size = team.size ?? playersPerTeam(game);
  const substitutes = size === 1 ? 0 : (team.substitutes ?? 0);
  const solo = size === 1;
  const most = size + substitutes;
  const parsed = parseWith<ReturnType<typeof registrationSchema>, RegistrationFormErrorCode>(
    registrationSchema(feeAmount, size, substitutes),
    raw,
    ["teamName", "players", ...playerFields(most), "phone", "paymentMethod"],
  );
  if (!parsed.ok) {
    const player = /^player(\d+)/.exec(parsed.field)?.[1];
    return parsed.code.startsWith("PLAYER_") && player ? { ...parsed, player: Number(player) } : parsed;
  }
  const form = parsed.data as Record<string, string>;
  const players: PlayerInput[] = [];
  for (let n = 1; n <= most; n += 1) {
    const [name, ign, phone] = [form[`player${n}Name`] ?? "", form[`player${n}Ign`] ?? "", form[`player${n}Phone`] ?? ""];
    if (n > size && !name && !ign && !phone) continue;
    players.push({ name, ign, phone: phone || null });
  }
  const method = form.paymentMethod ?? "";
  return {
    ok: true,
    registration: {
      teamName: solo ? null : (form.teamName ?? ""),
      // A coach belongs to a team: none on a solo event, none for eFootball (SPEC §9).
      coachName: !solo && showsCoachField(game) ? form.coachName || null : null,
      phone: form.phone || (solo ? "" : (players[0]?.phone ?? "")),
      paymentMethod: feeAmount > 0 && isPaymentMethod(method) ? method : null,
      players,
    },
  };
}
