import { and, eq, sql } from "drizzle-orm";
import type { CrudInterface, DataTypes, Table } from "brackets-manager";
import type { Id } from "brackets-model";
import { bracketRows } from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { BRACKET_TABLES, emptyBracket, type BracketData } from "./core/bracket";

type Executor = Database | Transaction;
type Row = Record<string, unknown>;

/**
 * brackets-manager's storage (its `CrudInterface`) on our `bracket_rows` table, for one tournament and
 * one transaction (decision 007). Each brackets-manager table is a `kind`; its objects are JSON in
 * `data` with the id in its own column; filters are JSON containment (`data @> {…}`).
 */
export class DrizzleBracketStorage implements CrudInterface {
  constructor(
    private readonly db: Executor,
    private readonly tournamentId: string,
  ) {}

  private scope(table: Table) {
    return and(eq(bracketRows.tournamentId, this.tournamentId), eq(bracketRows.kind, table));
  }

  private where(table: Table, filter: Row) {
    const { id, ...rest } = filter;
    const conditions = [this.scope(table)];
    if (id !== undefined) conditions.push(eq(bracketRows.id, Number(id)));
    if (Object.keys(rest).length) conditions.push(sql`${bracketRows.data} @> ${JSON.stringify(rest)}::jsonb`);
    return and(...conditions);
  }

  private async nextId(table: Table): Promise<number> {
    const [row] = await this.db
      .select({ next: sql<number>`coalesce(max(${bracketRows.id}) + 1, 0)::int` })
      .from(bracketRows)
      .where(this.scope(table));
    return Number(row?.next ?? 0);
  }

  insert<T extends Table>(table: T, value: Omit<DataTypes[T], "id">): Promise<Id>;
  insert<T extends Table>(table: T, values: Omit<DataTypes[T], "id">[]): Promise<boolean>;
  async insert<T extends Table>(table: T, value: Omit<DataTypes[T], "id"> | Omit<DataTypes[T], "id">[]): Promise<Id | boolean> {
    const values = Array.isArray(value) ? value : [value];
    const first = await this.nextId(table);
    if (values.length) {
      await this.db
        .insert(bracketRows)
        .values(
          values.map((data, index) => ({ tournamentId: this.tournamentId, kind: table, id: first + index, data: stripId(data as Row) })),
        );
    }
    return Array.isArray(value) ? true : first;
  }

  select<T extends Table>(table: T): Promise<Array<DataTypes[T]> | null>;
  select<T extends Table>(table: T, id: Id): Promise<DataTypes[T] | null>;
  select<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<Array<DataTypes[T]> | null>;
  async select<T extends Table>(table: T, arg?: Id | Partial<DataTypes[T]>): Promise<DataTypes[T] | Array<DataTypes[T]> | null> {
    if (typeof arg === "number" || typeof arg === "string") {
      const rows = await this.db
        .select()
        .from(bracketRows)
        .where(this.where(table, { id: arg }));
      return rows[0] ? (toObject(rows[0]) as unknown as DataTypes[T]) : null;
    }
    const rows = await this.db
      .select()
      .from(bracketRows)
      .where(arg ? this.where(table, arg as Row) : this.scope(table))
      .orderBy(bracketRows.id);
    return rows.map((row) => toObject(row) as unknown as DataTypes[T]);
  }

  update<T extends Table>(table: T, id: Id, value: DataTypes[T]): Promise<boolean>;
  update<T extends Table>(table: T, filter: Partial<DataTypes[T]>, value: Partial<DataTypes[T]>): Promise<boolean>;
  async update<T extends Table>(table: T, arg: Id | Partial<DataTypes[T]>, value: DataTypes[T] | Partial<DataTypes[T]>): Promise<boolean> {
    if (typeof arg === "number" || typeof arg === "string") {
      await this.db
        .update(bracketRows)
        .set({ data: stripId(value as Row) })
        .where(this.where(table, { id: arg }));
      return true;
    }
    // A partial update merges top-level keys, as brackets-manager's reference storage does.
    await this.db
      .update(bracketRows)
      .set({ data: sql`${bracketRows.data} || ${JSON.stringify(stripId(value as Row))}::jsonb` })
      .where(this.where(table, arg as Row));
    return true;
  }

  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    await this.db.delete(bracketRows).where(filter ? this.where(table, filter as Row) : this.scope(table));
    return true;
  }
}

function stripId(value: Row): Row {
  const { id: _id, ...rest } = value;
  // JSON has no undefined: brackets-manager uses it to mean "not set", which is what a missing key says.
  return JSON.parse(JSON.stringify(rest)) as Row;
}

function toObject(row: { id: number; data: unknown }): Row {
  return { ...(row.data as Row), id: row.id };
}

/** Every bracket row of a tournament, grouped by brackets-manager table: one query (the bracket page). */
export async function loadBracket(db: Executor, tournamentId: string): Promise<BracketData> {
  const rows = await db
    .select()
    .from(bracketRows)
    .where(eq(bracketRows.tournamentId, tournamentId))
    .orderBy(bracketRows.kind, bracketRows.id);
  const data = emptyBracket() as unknown as Record<string, Row[]>;
  for (const row of rows) data[row.kind]?.push(toObject(row));
  return data as unknown as BracketData;
}

/** Replaces a tournament's bracket with rows built in memory (start, or a correction that re-flows it). */
export async function replaceBracket(db: Executor, tournamentId: string, data: BracketData): Promise<void> {
  await db.delete(bracketRows).where(eq(bracketRows.tournamentId, tournamentId));
  const values = BRACKET_TABLES.flatMap((kind) =>
    (data[kind] as unknown as Row[]).map((object) => ({ tournamentId, kind, id: Number(object.id), data: stripId(object) })),
  );
  for (let start = 0; start < values.length; start += 500) await db.insert(bracketRows).values(values.slice(start, start + 500));
}
