import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";

interface Runnable<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

const kept = new WeakMap<Database | Transaction, Map<string, Runnable<unknown>>>();

/**
 * Runs a query whose SQL is built once per database handle and then only given new values
 * (`sql.placeholder(…)` in the query, `values` here). Building a drizzle query's SQL (walking its
 * columns, joins and conditions) was 7–14 % of a signed-in page's CPU, more than the database's
 * answer (issue 31, decision 009); a prepared query skips it, and on PostgreSQL each connection parses
 * the statement once (a named prepared statement). `name` is the statement's name: one per query
 * shape in the whole app, as PostgreSQL refuses one name for two texts on a connection.
 */
export function runPrepared<Handle extends Database | Transaction, Result>(
  database: Handle,
  name: string,
  build: (database: Handle, name: string) => Runnable<Result>,
  values: Record<string, unknown>,
): Promise<Result> {
  let queries = kept.get(database);
  if (!queries) kept.set(database, (queries = new Map()));
  let query = queries.get(name) as Runnable<Result> | undefined;
  if (!query) queries.set(name, (query = build(database, name)));
  return query.execute(values);
}

const dialect = new PgDialect();

/**
 * A hand-written statement (`sql\`…\`` with `sql.placeholder(…)`), prepared like a query builder's: for
 * `runPrepared`'s `build`. Its answer is the driver's (`rows` of objects), as `db.execute` gives it.
 */
export function preparedStatement<Row>(database: Database | Transaction, name: string, statement: SQL): Runnable<{ rows: Row[] }> {
  const prepared = database._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    dialect.sqlToQuery(statement),
    undefined,
    name,
    false,
  );
  return { execute: (values) => prepared.execute(values) };
}
