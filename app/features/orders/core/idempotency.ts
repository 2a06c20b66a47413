/**
 * Order creation is idempotent (#15 hole 3): each checkout or registration form carries a key
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
