import { formatMoney } from "~/domain/format";
import type { Language } from "~/domain/language";
import type { Currency } from "~/domain/money";
import { decodeCursor, encodeCursor, type PageCursor } from "~/domain/page-cursor";
import { giftLabel } from "./gifts";

/** How long one alert stays on stream, and the most the overlay keeps waiting behind it. */
export const ALERT_SHOW_MS = 7000;
export const ALERT_QUEUE_MAX = 20;
/**
 * How often the overlay's stream looks for new donations and test alerts (two indexed reads per open
 * overlay): every second, so a donation is on stream within 2 s of its approval.
 */
export const ALERT_LOOK_MS = 1000;

/** What the overlay shows of one donation: the donor's public handle only if they agreed to appear. */
export interface DonationAlert {
  /** The donor's @handle, or null: "Alguien" / "Someone". */
  who: string | null;
  amount: string;
  message: string;
  /** A gift's items, "👑 3 × Corona" (in the streamer's language); absent for a plain donation. */
  gift?: string;
  /** A sample the streamer sent to check their overlay: no money moved, and it says so on screen. */
  test?: true;
}

export function donationAlert(
  donation: {
    handle: string | null;
    public: boolean;
    amount: number;
    currency: Currency;
    message: string;
    gift?: { icon: string; nameEs: string; nameEn: string; quantity: number } | null;
  },
  language: Language,
): DonationAlert {
  const { gift } = donation;
  return {
    who: donation.public && donation.handle ? `@${donation.handle}` : null,
    amount: formatMoney({ amount: donation.amount, currency: donation.currency }, language),
    message: donation.message,
    ...(gift ? { gift: `${gift.icon} ${giftLabel(gift, gift.quantity, language)}` } : {}),
  };
}

/** An alert key as it appears in the overlay's address: 32 URL-safe characters (from 24 random bytes). */
export function isAlertKey(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{32}$/.test(value);
}

/** The amount a test alert shows (minor units of dollars): a sample, never money. */
export const TEST_ALERT_AMOUNT = 500;

/** The sample alert of the "test alert" button: a made-up $5.00 with the given words, marked as a test. */
export function testAlert(language: Language, message: string): DonationAlert {
  return { who: null, amount: formatMoney({ amount: TEST_ALERT_AMOUNT, currency: "USD" }, language), message, test: true };
}

/**
 * Where an overlay is in its two feeds (donations and the streamer's test alerts), as one event id:
 * the two cursors joined by a dot, either side empty when that feed had nothing yet.
 */
export interface AlertPlace {
  donation: PageCursor | null;
  test: PageCursor | null;
}

export function encodeAlertPlace(place: AlertPlace): string {
  return `${place.donation ? encodeCursor(place.donation) : ""}.${place.test ? encodeCursor(place.test) : ""}`;
}

/**
 * An event id or `after=` back to a place; null when it is missing or not ours. An id of the older
 * form (the donation cursor alone) gives `test: undefined`: the test feed then starts at now.
 */
export function decodeAlertPlace(
  value: string | null | undefined,
): { donation: PageCursor | null; test: PageCursor | null | undefined } | null {
  if (!value || value.length > 400) return null;
  if (!value.includes(".")) {
    const donation = decodeCursor(value);
    return donation ? { donation, test: undefined } : null;
  }
  const match = /^([\w-]*)\.([\w-]*)$/.exec(value);
  if (!match) return null;
  const [donation, test] = [match[1] ? decodeCursor(match[1]) : null, match[2] ? decodeCursor(match[2]) : null];
  if ((match[1] && !donation) || (match[2] && !test)) return null;
  return { donation, test };
}
