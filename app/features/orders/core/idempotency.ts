/**
 * Order creation is idempotent (docs/reliability.md "Holes closed", hole 3): each checkout or registration form carries a key
 * made once per form render, and a request repeated with the same key (a retried mobile request,
 * a double submit) gets the order the first one created.
 */
const KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The form's key, or null when it is missing or not a key (then the request is not deduplicated). */
export function parseIdempotencyKey(value: unknown): string | null {
  return typeof value === "string" && KEY.test(value) ? value : null;
}

/** Keys are scoped by what they buy, so one key can never answer for another kind of purchase. */
export function scopedIdempotencyKey(scope: "store" | "plus" | { tournamentId: string }, key: string | null): string | null {
  if (!key) return null;
  return typeof scope === "string" ? `${scope}:${key}` : `tournament:${scope.tournamentId}:${key}`;
}

/** A key sent again with other content is refused (409), never answered with the first order (docs/reliability.md "Limits and idempotency"). */
export type IdempotencyErrorCode = "ORDER_KEY_REUSED";

/** What an order asks for, as far as a retry must repeat it: kind, method, who pays, for whom, the lines. */
export interface OrderContent {
  kind: string;
  paymentMethod: string;
  currency: string;
  /** The total in US cents (a Bs total moves with the rate; the dollar price does not). */
  amountUsd: number;
  phone: string;
  gamerId: string | null;
  gameServer: string | null;
  tournamentId: string | null;
  /** Package (or null: a registration, Plus) and quantity of each line; order does not matter. */
  lines: { packageId: string | null; quantity: number }[];
}

/**
 * Whether a request repeated with a key asks for the same order the key created. Labels are left
 * out (they follow the language), and so are ids made per attempt (a registration's).
 */
export function sameOrderContent(a: OrderContent, b: OrderContent): boolean {
  const lines = (content: OrderContent) =>
    content.lines
      .map((line) => `${line.packageId ?? ""}\u0000${line.quantity}`)
      .sort()
      .join("\u0001");
  return (
    a.kind === b.kind &&
    a.paymentMethod === b.paymentMethod &&
    a.currency === b.currency &&
    a.amountUsd === b.amountUsd &&
    a.phone === b.phone &&
    (a.gamerId ?? null) === (b.gamerId ?? null) &&
    (a.gameServer ?? null) === (b.gameServer ?? null) &&
    (a.tournamentId ?? null) === (b.tournamentId ?? null) &&
    lines(a) === lines(b)
  );
}
