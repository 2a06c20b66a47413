import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PageAsk, PageCursor } from "~/domain/page-cursor";

/**
 * The SQL of one keyset page of a list ordered by (`at`, `id`), `order` being the list's own
 * direction: the condition after/before the cursor, the order to walk in and how many rows to read
 * (one more than shown, to know whether a page follows). Each list has an index on its filter
 * columns then (at, id), so the database starts at the cursor instead of skipping rows.
 */
export function keysetQuery(columns: { at: AnyColumn; id: AnyColumn }, order: "asc" | "desc", ask: PageAsk, size: number) {
  const { at, id } = columns;
  // Forward in an ascending list, or back in a descending one, walks toward larger keys.
  const up = (ask.toward === "next") === (order === "asc");
  let where: SQL | undefined;
  if (ask.cursor) {
    const key = sql`(${ask.cursor.at}::timestamptz, ${ask.cursor.id})`;
    where = up ? sql`(${at}, ${id}) > ${key}` : sql`(${at}, ${id}) < ${key}`;
  }
  return {
    where,
    orderBy: up ? [asc(at), asc(id)] : [desc(at), desc(id)],
    limit: size + 1,
    /** The key column to select as `cursorAt`: the timestamp as text, to the microsecond. */
    cursorAt: sql<string>`${at}::text`,
  };
}

/** A row's cursor from the `cursorAt` and `id` it was selected with. */
export const cursorOfRow = (row: { cursorAt: string; id: string }): PageCursor => ({ at: row.cursorAt, id: row.id });
