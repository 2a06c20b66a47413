/**
 * The opaque "older" cursor of the staff's team list and a profile's tournaments (docs/teams.md):
 * the last row's sort key (a timestamp or a day, as text) and its id, the tie-breaker, so a page neither
 * skips nor repeats rows that share a key. Pure; the SQL compares `(key, id) < (cursor)` on an index.
 */

export interface KeysetCursor {
  key: string;
  id: string;
}

export function encodeKeyset(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString("base64url");
}

/**
 * A timestamp in UTC with microseconds (PostgreSQL keeps them: a cut at milliseconds would repeat or skip
 * rows made in the same millisecond) or a day (YYYY-MM-DD): nothing else reaches the SQL.
 */
const KEY = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{6}Z)?$/;

/** A cursor from the address bar, or null when it is not one of ours (the first page is shown then). */
export function decodeKeyset(raw: string | null | undefined, kind: "timestamp" | "day"): KeysetCursor | null {
  if (!raw || raw.length > 200) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [key, id] = value as unknown[];
    if (typeof key !== "string" || typeof id !== "string" || id.length === 0 || id.length > 64) return null;
    if (!KEY.test(key) || (kind === "day") !== (key.length === 10)) return null;
    const prefix = key.slice(0, kind === "day" ? 10 : 23);
    const parsed = new Date(kind === "day" ? `${prefix}T00:00:00.000Z` : `${prefix}Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, prefix.length) !== prefix) return null;
    return { key, id };
  } catch {
    return null;
  }
}

/** Cuts a page read with one row too many: the rows shown and the cursor of the next page, if there is one. */
export function keysetPage<R>(rows: readonly R[], limit: number, cursorOf: (row: R) => KeysetCursor): { rows: R[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? encodeKeyset(cursorOf(last)) : null };
}
