import { z } from "zod";
import { refuse } from "~/domain/form-schema";

/**
 * Money and numbers as staff type them: decimal text ("12.50", "12,50", "1.234,56" is refused
 * as ambiguous), stored as integer minor units. Every rule answers a code, never a message.
 */
export type MoneyInputCode = "REQUIRED" | "NOT_A_NUMBER" | "NEGATIVE" | "ZERO" | "TOO_LARGE";

const DECIMAL = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** "12.5" → 1250. `allowZero` for a free fee; `max` in minor units (an absurd amount is refused). */
export function parseMinorUnits(
  raw: unknown,
  options: { allowZero?: boolean; max: number },
): { ok: true; value: number } | { ok: false; code: MoneyInputCode } {
  const text = typeof raw === "string" ? raw.trim().replace(/\s/g, "") : "";
  if (text === "") return { ok: false, code: "REQUIRED" };
  if (text.startsWith("-")) return { ok: false, code: /^-\d/.test(text) ? "NEGATIVE" : "NOT_A_NUMBER" };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, code: "NOT_A_NUMBER" };
  const value = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (value === 0 && !options.allowZero) return { ok: false, code: "ZERO" };
  if (value > options.max) return { ok: false, code: "TOO_LARGE" };
  return { ok: true, value };
}

/** A whole number typed by staff (capacity, order): digits only, within [min, max]. */
export function parseWholeNumber(
  raw: unknown,
  options: { min: number; max: number },
): { ok: true; value: number } | { ok: false; code: MoneyInputCode } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return { ok: false, code: "REQUIRED" };
  if (/^-\d+$/.test(text)) return { ok: false, code: "NEGATIVE" };
  if (!/^\d{1,9}$/.test(text)) return { ok: false, code: "NOT_A_NUMBER" };
  const value = Number(text);
  if (value < options.min) return { ok: false, code: value === 0 ? "ZERO" : "NEGATIVE" };
  if (value > options.max) return { ok: false, code: "TOO_LARGE" };
  return { ok: true, value };
}

/** Minor units back to the decimal text a form shows: 1250 → "12.50". */
export function minorUnitsText(value: number): string {
  return `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, "0")}`;
}

/**
 * A money field of a form's zod schema: its minor units, or the field refused with `code` (one code for
 * every mistake, or one per MoneyInputCode).
 */
export function minorUnitsField(code: string | Record<MoneyInputCode, string>, options: { allowZero?: boolean; max: number }) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseMinorUnits(raw, options);
      return parsed.ok ? parsed.value : refuse(ctx, typeof code === "string" ? code : code[parsed.code]);
    });
}
