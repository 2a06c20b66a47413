import { parseMinorUnits } from "./money-input";

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

/** Reads the rate form. `today` is the platform's date (YYYY-MM-DD); a rate may be for tomorrow at most (published the evening before). */
export function parseRateForm(
  raw: { rate?: unknown; effectiveOn?: unknown; source?: unknown },
  today: string,
): { ok: true; value: RateInput } | { ok: false; code: RateErrorCode; field: string } {
  const amount = parseMinorUnits(raw.rate, { max: RATE_MAX_HUNDREDTHS });
  if (!amount.ok) {
    const code = (
      {
        REQUIRED: "RATE_REQUIRED",
        NOT_A_NUMBER: "RATE_INVALID",
        NEGATIVE: "RATE_NOT_POSITIVE",
        ZERO: "RATE_NOT_POSITIVE",
        TOO_LARGE: "RATE_TOO_LARGE",
      } as const
    )[amount.code];
    return { ok: false, code, field: "rate" };
  }
  const effectiveOn = typeof raw.effectiveOn === "string" && raw.effectiveOn.trim() ? raw.effectiveOn.trim() : today;
  if (!isCalendarDate(effectiveOn)) return { ok: false, code: "DATE_INVALID", field: "effectiveOn" };
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  if (effectiveOn > tomorrow) return { ok: false, code: "DATE_IN_FUTURE", field: "effectiveOn" };
  const source = typeof raw.source === "string" ? raw.source.trim() : "";
  if (source.length > RATE_SOURCE_MAX) return { ok: false, code: "SOURCE_TOO_LONG", field: "source" };
  const rate = `${Math.trunc(amount.value / 100)}.${String(amount.value % 100).padStart(2, "0")}`;
  return { ok: true, value: { rate, effectiveOn, source } };
}
