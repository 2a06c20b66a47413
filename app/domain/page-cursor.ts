// Keyset ("cursor") paging for long lists (docs/decisions/009-performance.md): a page is asked for
// by the position of a row it starts after or ends before, never by how many rows to skip, so a
// deep page costs what the first one does and rows moving between clicks are neither lost nor repeated.

/** A row's place in a list ordered by (timestamp, id): the timestamp as the database wrote it. */
export interface PageCursor {
  at: string;
  id: string;
}

/** Which page to show: the first, the one after a row (`after=`), or the one before a row (`before=`). */
export interface PageAsk {
  cursor: PageCursor | null;
  toward: "next" | "previous";
}

export const FIRST_PAGE: PageAsk = { cursor: null, toward: "next" };

// What PostgreSQL prints for a timestamptz: "2026-11-21 21:40:01.123456+00" (a 'T', 'Z' or ":30" offset accepted too).
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;
const ID = /^[\w-]{1,64}$/;

/** The cursor as it travels in a link: opaque, URL-safe (base64url of ASCII text, on server and browser alike). */
export function encodeCursor(cursor: PageCursor): string {
  return btoa(`${cursor.at}|${cursor.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A cursor from a link, or null when it is missing or not one of ours (the list then starts over). */
export function decodeCursor(value: string | null | undefined): PageCursor | null {
  if (!value || value.length > 200 || !/^[\w-]+$/.test(value)) return null;
  let text: string;
  try {
    text = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const bar = text.lastIndexOf("|");
  if (bar < 0) return null;
  const at = text.slice(0, bar);
  const id = text.slice(bar + 1);
  return TIMESTAMP.test(at) && ID.test(id) ? { at, id } : null;
}

/** The page a list's query string asks for: `after=` wins over `before=`; nonsense is the first page. */
export function parsePageAsk(params: URLSearchParams): PageAsk {
  const after = decodeCursor(params.get("after"));
  if (after) return { cursor: after, toward: "next" };
  const before = decodeCursor(params.get("before"));
  if (before) return { cursor: before, toward: "previous" };
  return FIRST_PAGE;
}

/** One page of rows, and where the pages beside it start (null: there is none). */
export interface KeysetPage<Row> {
  rows: Row[];
  next: PageCursor | null;
  previous: PageCursor | null;
}

/**
 * Turns the rows a keyset query returned (at most `size + 1`, in walking order: reversed when
 * walking toward the previous page) into the page shown and its neighbours' cursors.
 */
export function readKeysetPage<Row>(rows: Row[], ask: PageAsk, size: number, cursorOf: (row: Row) => PageCursor): KeysetPage<Row> {
  const more = rows.length > size;
  const page = rows.slice(0, size);
  const forward = ask.toward === "next";
  if (!forward) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  // Walking forward there is a previous page when we started after a row; walking back, a next one.
  const next = last && (forward ? more : ask.cursor !== null) ? cursorOf(last) : null;
  const previous = first && (forward ? ask.cursor !== null : more) ? cursorOf(first) : null;
  return { rows: page, next, previous };
}

/**
 * Reads a page with `fetch` (which asks for one row more than `size`). A cursor whose rows are gone
 * (or a forged one) shows the first page rather than an empty one.
 */
export async function fetchKeysetPage<Row>(
  ask: PageAsk,
  size: number,
  cursorOf: (row: Row) => PageCursor,
  fetch: (ask: PageAsk) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  let rows = await fetch(ask);
  if (rows.length === 0 && ask.cursor) rows = await fetch((ask = FIRST_PAGE));
  return readKeysetPage(rows, ask, size, cursorOf);
}

/** The query string of a page: the list's own parameters plus `after=` or `before=`. */
export function pageSearch(base: URLSearchParams, toward: "next" | "previous", cursor: PageCursor): string {
  const params = new URLSearchParams(base);
  params.delete("after");
  params.delete("before");
  params.set(toward === "next" ? "after" : "before", encodeCursor(cursor));
  return `?${params.toString()}`;
}
