import { emailSchema } from "./email";
import { FAVORITE_GAMES, type FavoriteGame } from "./games";

/** SPEC §5/§9: the age dropdown offers 12 to 75, default 12. */
export const AGE_OPTIONS = Array.from({ length: 64 }, (_, index) => 12 + index);
export const DEFAULT_AGE = 12;
/** SPEC §5: the server accepts any integer a smallint holds. */
export const AGE_MIN = -32768;
export const AGE_MAX = 32767;

export type ProfileErrorCode = "EMPTY_FIELDS" | "INVALID_EMAIL" | "INVALID_AGE" | "INVALID_GAME";

export interface ProfileInput {
  email: string;
  fullname: string;
  age: number;
  favoriteGame: FavoriteGame;
}

export type ProfileResult = { ok: true; profile: ProfileInput } | { ok: false; code: ProfileErrorCode; field: keyof ProfileInput };

const INTEGER = /^[-+]?\d+$/;

/** Longest full name kept; longer ones are cut. */
export const FULLNAME_MAX = 120;

/**
 * The one rule for a full name, whichever way it arrives (our profile form, a provider's profile,
 * the auth library): text, control characters removed, trimmed, at most FULLNAME_MAX characters.
 * Empty (or not text) gives "".
 */
export function cleanFullname(value: unknown): string {
  if (typeof value !== "string") return "";
  // eslint-disable-next-line no-control-regex
  return [...value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").trim()].slice(0, FULLNAME_MAX).join("").trim();
}

/** The profile form's rules, in SPEC order; the same function runs in the browser and in the action. */
export function parseProfile(raw: { email?: unknown; fullname?: unknown; age?: unknown; favoriteGame?: unknown }): ProfileResult {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const email = text(raw.email);
  const fullname = cleanFullname(raw.fullname);
  const age = text(raw.age);
  const favoriteGame = text(raw.favoriteGame);
  if (!email) return { ok: false, code: "EMPTY_FIELDS", field: "email" };
  if (!fullname) return { ok: false, code: "EMPTY_FIELDS", field: "fullname" };
  if (!age) return { ok: false, code: "EMPTY_FIELDS", field: "age" };
  const normalizedEmail = emailSchema.safeParse(email);
  if (!normalizedEmail.success) return { ok: false, code: "INVALID_EMAIL", field: "email" };
  const ageNumber = INTEGER.test(age) ? Number(age) : Number.NaN;
  if (!Number.isSafeInteger(ageNumber) || ageNumber < AGE_MIN || ageNumber > AGE_MAX) {
    return { ok: false, code: "INVALID_AGE", field: "age" };
  }
  if (!(FAVORITE_GAMES as readonly string[]).includes(favoriteGame)) return { ok: false, code: "INVALID_GAME", field: "favoriteGame" };
  return {
    ok: true,
    profile: { email: normalizedEmail.data, fullname, age: ageNumber, favoriteGame: favoriteGame as FavoriteGame },
  };
}

/** A profile is complete once it has a name and an age (SPEC §5 required fields). */
export function isProfileComplete(user: { name: string | null; age: number | null }): boolean {
  return Boolean(user.name?.trim()) && user.age !== null;
}
