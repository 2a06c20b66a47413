import { z } from "zod";
import { parseWith, textField, type FieldErrors } from "~/domain/form-schema";
import { parseMinorUnits } from "~/features/admin/core/money-input";
import { isMemberAt, nextPeriod, type Period } from "~/features/plus/core/membership";
import { donationSplit } from "./donations";

/**
 * Fans' monthly subscriptions to a streamer and the streamer's subscriber-only posts
 * (docs/streamers.md). Pure: the server and the tests share it. Money is integer minor units.
 */

/** The price a streamer may ask for one month, in USD cents: $1.00 to $20.00. */
export const SUBSCRIPTION_PRICE_MIN = 100;
export const SUBSCRIPTION_PRICE_MAX = 2000;
/** One purchase is one month. */
export const SUBSCRIPTION_MONTHS = 1;
/** The renewal reminder goes out this long before a subscription ends (as Plus's does). */
export const SUBSCRIPTION_REMINDER_DAYS = 3;
export const POST_TITLE_MAX = 80;
export const POST_BODY_MAX = 2000;

export type SubscriptionErrorCode = "BAD_PRICE" | "POST_TITLE" | "POST_BODY" | "NOT_OFFERED" | "CANNOT_SUBSCRIBE_SELF";

/** A price typed by the streamer in dollars ("3", "4.99") → cents, within the limits. */
export function parseSubscriptionPrice(raw: string | undefined): { ok: true; cents: number } | { ok: false; code: "BAD_PRICE" } {
  const parsed = parseMinorUnits(raw, { max: SUBSCRIPTION_PRICE_MAX });
  if (!parsed.ok || !isSubscriptionPrice(parsed.value)) return { ok: false, code: "BAD_PRICE" };
  return { ok: true, cents: parsed.value };
}

export function isSubscriptionPrice(cents: number): boolean {
  return Number.isInteger(cents) && cents >= SUBSCRIPTION_PRICE_MIN && cents <= SUBSCRIPTION_PRICE_MAX;
}

/**
 * The platform's fee on one subscription and what the streamer gets (they sum to the amount). The
 * issue's "a Plus member's subscriptions carry no platform fee" is read on the fan's side: a fan who
 * holds Plus when the subscription is approved pays no fee, and the streamer receives the whole price.
 */
export function subscriptionSplit(amount: number, feeBasisPoints: number, subscriberHoldsPlus: boolean): { fee: number; net: number } {
  return donationSplit(amount, subscriberHoldsPlus ? 0 : feeBasisPoints);
}

/** The month one more approved purchase adds: from now, or from the end of the subscription running now. */
export function nextSubscriptionPeriod(periods: readonly Period[], now: Date): Period {
  return nextPeriod(periods, now, SUBSCRIPTION_MONTHS);
}

export function isSubscribedAt(periods: readonly Period[], at: Date): boolean {
  return isMemberAt(periods, at);
}

/** Whether the renewal reminder for a subscription ending at `endsAt` is due at `now`. */
export function subscriptionReminderDue(endsAt: Date, now: Date): boolean {
  return endsAt > now && endsAt.getTime() - now.getTime() <= SUBSCRIPTION_REMINDER_DAYS * 24 * 60 * 60_000;
}

/** Who reads a post: the streamer and their subscribers read the text; everyone else sees the title and "Suscríbete". */
export type PostReader = { own: boolean; subscribed: boolean };

export function postView<T extends { title: string; body: string }>(
  post: T,
  reader: PostReader,
): Omit<T, "body"> & { body: string | null } {
  return { ...post, body: reader.own || reader.subscribed ? post.body : null };
}

/** A text 1 to `max` characters long, trimmed; `code` otherwise. */
const postText = (max: number, code: "POST_TITLE" | "POST_BODY") =>
  textField(z.string().refine((text) => text.length > 0 && [...text].length <= max, { error: code }));

/** A subscribers' post: title and body, both checked at once. */
const postSchema = z.object({ title: postText(POST_TITLE_MAX, "POST_TITLE"), body: postText(POST_BODY_MAX, "POST_BODY") });

export function parsePostForm(
  fields: Record<string, string | undefined>,
): { ok: true; title: string; body: string } | { ok: false; code: "POST_TITLE" | "POST_BODY"; field: string; errors: FieldErrors } {
  const parsed = parseWith<typeof postSchema, "POST_TITLE" | "POST_BODY">(postSchema, fields, ["title", "body"]);
  return parsed.ok ? { ok: true, ...parsed.data } : parsed;
}
