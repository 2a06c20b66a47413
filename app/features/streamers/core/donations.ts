import { z } from "zod";
import { checkbox, parseWith, textField, type FieldErrors } from "~/domain/form-schema";
import type { Currency } from "~/domain/money";
import { minorUnitsField } from "~/features/admin/core/money-input";
import { isCurrency } from "~/features/wallet/core/accounts";

/**
 * Donations from a fan's wallet to a streamer (docs/streamers.md): the form and the split
 * between the streamer and the platform. Money is integer minor units.
 */

/** The platform's fee when staff have set none: 10 % (1000 basis points). */
export const DEFAULT_DONATION_FEE_BP = 1000;
export const MESSAGE_MAX = 140;
/** The largest donation one form may send (minor units): 1 000.00. */
export const DONATION_MAX = 100_000;

export type DonationFormErrorCode = "BAD_CURRENCY" | "BAD_AMOUNT" | "MESSAGE_LENGTH";

export type ParsedDonation =
  | { ok: true; currency: Currency; amount: number; message: string; public: boolean }
  | { ok: false; code: DonationFormErrorCode; field: string; errors: FieldErrors };

/** The donation's message and public box (both forms). */
const messageFields = {
  message: textField(z.string().refine((message) => [...message].length <= MESSAGE_MAX, { error: "MESSAGE_LENGTH" })),
  public: checkbox(),
};

/** The wallet donation form: currency, amount, message, public; every wrong field at once. */
const donationSchema = z.object({
  currency: z.unknown().refine(isCurrency, { error: "BAD_CURRENCY" }),
  amount: minorUnitsField("BAD_AMOUNT", { max: DONATION_MAX }),
  ...messageFields,
});

export function parseDonationForm(form: Record<string, string | undefined>): ParsedDonation {
  const parsed = parseWith<typeof donationSchema, DonationFormErrorCode>(donationSchema, form, ["currency", "amount", "message"]);
  return parsed.ok ? { ok: true, ...parsed.data, currency: parsed.data.currency as Currency } : parsed;
}

/** The fee (rounded down: the streamer never gets less than their share) and what the streamer receives; they sum to the amount. */
export function donationSplit(amount: number, feeBasisPoints: number): { fee: number; net: number } {
  const bp = Math.min(Math.max(Math.trunc(feeBasisPoints), 0), 10_000);
  const fee = Math.floor((amount * bp) / 10_000);
  return { fee, net: amount - fee };
}

/** A fee typed by staff as a percentage ("10", "7.5") → basis points; null when out of 0–50 %. */
export function parseFeePercent(raw: string | undefined): number | null {
  const text = (raw ?? "").trim().replace(",", ".");
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return bp <= 5000 ? bp : null;
}

export type ParsedDonationOrder =
  | { ok: true; amountUsd: number; message: string; public: boolean }
  | { ok: false; code: DonationFormErrorCode; field: string; errors: FieldErrors };

const donationOrderSchema = z.object({ amount: minorUnitsField("BAD_AMOUNT", { max: DONATION_MAX }), ...messageFields });

/**
 * A donation paid as an order (Pago Móvil, Binance or PayPal): the amount is typed in dollars, within
 * the wallet donation's limits, and priced on the server (Bs at the stored rate for Pago Móvil).
 */
export function parseDonationOrderForm(form: Record<string, string | undefined>): ParsedDonationOrder {
  const parsed = parseWith<typeof donationOrderSchema, DonationFormErrorCode>(donationOrderSchema, form, ["amount", "message"]);
  if (!parsed.ok) return parsed;
  const { amount, ...rest } = parsed.data;
  return { ok: true, amountUsd: amount, ...rest };
}
