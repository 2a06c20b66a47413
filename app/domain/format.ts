/**
 * The one formatter of the app (docs/product.md §11: "Dates and times … by one formatter, identical on both
 * sides; numbers and money by one formatter per language"). Pure: the time zone is always passed
 * explicitly, never taken from the runtime, so the server (often UTC) and the browser (anywhere)
 * write the same text and hydration never disagrees.
 */
import type { Language } from "./language";
import type { Money } from "./money";

/** The platform's time zone when the setting TIME_ZONE is not set. */
export const DEFAULT_TIME_ZONE = "America/Caracas";

const LOCALES: Record<Language, string> = { es: "es-VE", en: "en-US" };

/** True when the runtime knows this IANA zone name. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// Building an Intl formatter costs far more than using one: keep each one made.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormatter(language: Language, timeZone: string, kind: "dateTime" | "date" | "time"): Intl.DateTimeFormat {
  const key = `d|${language}|${timeZone}|${kind}`;
  let formatter = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      kind === "dateTime"
        ? { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone }
        : kind === "date"
          ? { day: "numeric", month: "short", year: "numeric", timeZone }
          : { hour: "numeric", minute: "2-digit", timeZone };
    formatter = new Intl.DateTimeFormat(LOCALES[language], options);
    cache.set(key, formatter);
  }
  return formatter;
}

function numberFormatter(language: Language, minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `n|${language}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let formatter = cache.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits, maximumFractionDigits });
    cache.set(key, formatter);
  }
  return formatter;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Normalises the narrow spaces some ICU versions put before "a. m." so both sides agree. */
function tidy(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

/** "19 dic 2026, 2:21 p. m." / "Dec 19, 2026, 2:21 PM" in the given zone; "" for a bad date. */
export function formatDateTime(value: Date | string | number, language: Language, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  return date ? tidy(dateFormatter(language, timeZone, "dateTime").format(date)) : "";
}

/** "19 dic 2026" / "Dec 19, 2026". A plain calendar day ("2026-12-19") is that day everywhere. */
export function formatDate(value: Date | string | number, language: Language, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar day has no time zone: read and write it in UTC so it never shifts a day.
    const date = toDate(`${value}T12:00:00Z`);
    return date ? tidy(dateFormatter(language, "UTC", "date").format(date)) : "";
  }
  const date = toDate(value);
  return date ? tidy(dateFormatter(language, timeZone, "date").format(date)) : "";
}

/** "2:21 p. m." / "2:21 PM" in the given zone. */
export function formatTime(value: Date | string | number, language: Language, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  return date ? tidy(dateFormatter(language, timeZone, "time").format(date)) : "";
}

/** A number grouped per language: 1234.5 → "1.234,5" (es) or "1,234.5" (en). */
export function formatNumber(
  value: number,
  language: Language,
  { minimumFractionDigits = 0, maximumFractionDigits = 2 }: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {},
): string {
  return numberFormatter(language, minimumFractionDigits, Math.max(minimumFractionDigits, maximumFractionDigits)).format(value);
}

/** A count in short form per language, for a badge: 1200 → "1,2 K" (es) / "1.2K" (en); 999 stays "999". */
export function formatCompactNumber(value: number, language: Language): string {
  const key = `c|${language}`;
  let formatter = cache.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], { notation: "compact", maximumFractionDigits: 1 });
    cache.set(key, formatter);
  }
  return tidy(formatter.format(value));
}

/** Two decimals always: the body of every amount of money ("1.473,00" / "1,473.00"). */
export function formatDecimal2(value: number, language: Language): string {
  return formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** An exchange rate such as "245.50" (string or number) written like the amounts beside it: "245,50" (es). */
export function formatRate(rate: string | number, language: Language): string {
  const value = typeof rate === "number" ? rate : Number(rate);
  return Number.isFinite(value) ? formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 6 }) : String(rate);
}

/** Money in minor units, two decimals always: "$1,234.50" (en), "$1.234,50" / "Bs. 1.473,00" (es). */
export function formatMoney({ amount, currency }: Money, language: Language = "es"): string {
  if (!Number.isInteger(amount)) throw new RangeError(`Money amount must be an integer, got ${amount}`);
  const body = formatDecimal2(amount / 100, language);
  return currency === "USD" ? `$${body}` : `Bs. ${body}`;
}

/** Today's date in the platform's time zone, as YYYY-MM-DD (a tournament's day, a rate's day, a chart's day). */
export function platformToday(now = new Date(), timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Offset (minutes east of UTC) of a time zone at an instant. */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
}
