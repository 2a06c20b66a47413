import { isPaid, type OrderStatus } from "./lifecycle";

/** A value to put into the words: plain text, or a time the page formats in the platform's zone. */
export type OutcomeValue = { text: string } | { dateTime: string } | { date: string };

/**
 * What a kind of order says it came to once paid (its handler supplies it: the order module names no
 * kind). `reached`: the kind's end is there (place confirmed, Plus running, diamonds delivered).
 * Keys are under `outcome.` in the orders namespace.
 */
export interface KindEnding {
  /** The last step's name for this kind, e.g. "registered" (shown from the start, done once reached). */
  step: string;
  reached: boolean;
  /** Short words for the chip and the list, e.g. "registrationConfirmed"; the page's sentence is `<headline>Next`. */
  headline: string;
  /** The page's sentence when not `<headline>Next` (e.g. no check-in time announced yet). */
  sentence?: string;
  values?: Record<string, OutcomeValue>;
  /** The next thing to do (the event's page). */
  link?: { href: string; label: string };
  /** Facts shown under the words (player ID, in-game name). */
  details?: Array<{ label: string; value: string }>;
}

export interface OrderOutcome {
  /** Translation keys in the orders namespace. */
  headline: string;
  sentence: string;
  values: Record<string, OutcomeValue>;
  tone: "waiting" | "done" | "stopped";
  link: KindEnding["link"] | null;
  details: NonNullable<KindEnding["details"]>;
}

const STOPPED: ReadonlySet<OrderStatus> = new Set(["rejected", "cancelled", "expired", "refunded"]);

/**
 * The one place that decides what an order's page and the list of orders say about it: the kind's
 * own end once paid and reached, else the words of the status (paying, verifying, delivering, a bad end).
 */
export function orderOutcome(
  status: OrderStatus,
  ending: KindEnding | null,
  expiresAt: string | null = null,
  refundedToWallet = false,
): OrderOutcome {
  const paid = isPaid(status);
  if (paid && ending?.reached)
    return {
      headline: `outcome.${ending.headline}`,
      sentence: `outcome.${ending.sentence ?? `${ending.headline}Next`}`,
      values: ending.values ?? {},
      tone: "done",
      link: ending.link ?? null,
      details: ending.details ?? [],
    };
  // Money refunded to the wallet is there now: the sentence says so and the next step is the wallet.
  if (status === "refunded" && refundedToWallet)
    return {
      headline: "status.refunded",
      sentence: "next.refundedToWallet",
      values: {},
      tone: "stopped",
      link: { href: "/wallet", label: "outcome.seeWallet" },
      details: [],
    };
  return {
    headline: `status.${status}`,
    sentence: `next.${status}`,
    values: status === "initiated" && expiresAt ? { time: { dateTime: expiresAt } } : {},
    tone: STOPPED.has(status) ? "stopped" : status === "fulfilled" ? "done" : "waiting",
    // The event's page stays useful while the payment is checked; a stopped order has nothing next.
    link: STOPPED.has(status) ? null : (ending?.link ?? null),
    details: ending?.details ?? [],
  };
}
