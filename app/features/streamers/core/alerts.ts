import { formatMoney } from "~/domain/format";
import type { Language } from "~/domain/language";
import type { Currency } from "~/domain/money";

/** How long one alert stays on stream, and the most the overlay keeps waiting behind it. */
export const ALERT_SHOW_MS = 7000;
export const ALERT_QUEUE_MAX = 20;
/** How often the overlay's stream looks for new donations (one indexed read per open overlay). */
export const ALERT_LOOK_MS = 2000;

/** What the overlay shows of one donation: the donor's public handle only if they agreed to appear. */
export interface DonationAlert {
  /** The donor's @handle, or null: "Alguien" / "Someone". */
  who: string | null;
  amount: string;
  message: string;
}

export function donationAlert(
  donation: { handle: string | null; public: boolean; amount: number; currency: Currency; message: string },
  language: Language,
): DonationAlert {
  return {
    who: donation.public && donation.handle ? `@${donation.handle}` : null,
    amount: formatMoney({ amount: donation.amount, currency: donation.currency }, language),
    message: donation.message,
  };
}

/** An alert key as it appears in the overlay's address: 32 URL-safe characters (from 24 random bytes). */
export function isAlertKey(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{32}$/.test(value);
}
