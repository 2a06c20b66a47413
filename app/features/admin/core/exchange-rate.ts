import { z } from "zod";
import { parseWith, textField, typedText, type FieldErrors } from "~/domain/form-schema";
import { minorUnitsField, minorUnitsText } from "./money-input";

/** A Bs per USD rate staff type: positive, two decimals at most, below an absurd bound. */
export const RATE_MAX_HUNDREDTHS = 10_000_000_00; // 10 million Bs per USD
export const RATE_SOURCE_MAX = 200;

export type RateErrorCode =
  "RATE_REQUIRED" | "RATE_INVALID" | "RATE_NOT_POSITIVE" | "RATE_TOO_LARGE" | "DATE_INVALID" | "DATE_IN_FUTURE" | "SOURCE_TOO_LONG";

export interface RateInput {
  /** Normalised decimal string, as orders store it: "245.50". */
  rate: string;
  effectiveOn: string;
  source: string;
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The rate form's schema for the platform's date `today`: the rate, the day it takes effect (today when empty), the source. */
function rateSchema(today: string) {
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return z.object({
    rate: minorUnitsField(
      {
        REQUIRED: "RATE_REQUIRED",
        NOT_A_NUMBER: "RATE_INVALID",
        NEGATIVE: "RATE_NOT_POSITIVE",
        ZERO: "RATE_NOT_POSITIVE",
        TOO_LARGE: "RATE_TOO_LARGE",
      },
      { max: RATE_MAX_HUNDREDTHS },
    ).transform((hundredths) => minorUnitsText(hundredths)),
    effectiveOn: z.preprocess(
      (value) => typedText(value) || today,
      z
        .string()
        .refine(isCalendarDate, { error: "DATE_INVALID", abort: true })
        .refine((day) => day <= tomorrow, { error: "DATE_IN_FUTURE" }),
    ),
    source: textField(z.string().max(RATE_SOURCE_MAX, { error: "SOURCE_TOO_LONG" })),
  });
}

/** Reads the rate form, every wrong field at once. `today` is the platform's date (YYYY-MM-DD); a rate may be for tomorrow at most (published the evening before). */
export function parseRateForm(
  raw: { rate?: unknown; effectiveOn?: unknown; source?: unknown },
  today: string,
): { ok: true; value: RateInput } | { ok: false; code: RateErrorCode; field: string; errors: FieldErrors } {
  const parsed = parseWith<ReturnType<typeof rateSchema>, RateErrorCode>(rateSchema(today), raw, ["rate", "effectiveOn", "source"]);
  return parsed.ok ? { ok: true, value: parsed.data } : parsed;
}

/** A new rate this far from the current one (as a fraction) asks staff to confirm it: a typo such as 2455 for 245,5. */
export const RATE_CHANGE_CONFIRM_ABOVE = 0.2;

/**
 * How far a new rate is from the current one, as a signed fraction (0.25 = 25% higher), or null
 * when there is no current rate to compare with.
 */
export function rateChange(current: string | null | undefined, next: string): number | null {
  const before = Number(current);
  const after = Number(next);
  if (!current || !Number.isFinite(before) || before <= 0 || !Number.isFinite(after)) return null;
  return (after - before) / before;
}

/** Whether saving `next` over `current` must be confirmed first (a change of more than 20%, up or down). */
export function needsRateConfirmation(current: string | null | undefined, next: string): boolean {
  const change = rateChange(current, next);
  return change !== null && Math.abs(change) > RATE_CHANGE_CONFIRM_ABOVE;
}
