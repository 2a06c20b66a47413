import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "~/db/schema";
import type { Currency } from "~/domain/money";
import type { Database, Transaction } from "~/lib/db.server";
import { lockOrder, mustStayPositive, postingProblem, type Line, type TransactionKind } from "./core/accounts";
import { DomainError } from "~/lib/domain-error";

export type LedgerErrorCode = "UNBALANCED" | "EMPTY" | "BAD_AMOUNT" | "INSUFFICIENT_FUNDS" | "KEY_REUSED";

/** A movement the ledger refuses; nothing was written. */
export class LedgerError extends DomainError<LedgerErrorCode> {}

export interface Posting {
  kind: TransactionKind;
  /** The request's key: a second post with it writes nothing and answers the first transaction. */
  idempotencyKey: string;
  subjectId?: string | null;
  reason?: string | null;
  actorId?: string | null;
  lines: readonly Line[];
}

/** Creates the accounts of these lines if they do not exist yet (a user's first prize creates their wallet). */
async function ensureAccounts(tx: Transaction, lines: readonly Line[]) {
  const seen = new Map(lines.map((line) => [line.account.id, line.account]));
  await tx
    .insert(ledgerAccounts)
    .values(
      [...seen.values()].map((account) => ({ id: account.id, kind: account.kind, userId: account.userId, currency: account.currency })),
    )
    .onConflictDoNothing();
}

/**
 * Locks these accounts' rows (`SELECT … FOR UPDATE`, always in id order so two movements never
 * wait on each other in a circle) and answers their cached balances. Call inside a transaction.
 */
export async function lockAccounts(tx: Transaction, ids: readonly string[]): Promise<Map<string, number>> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, sorted))
    .orderBy(ledgerAccounts.id)
    .for("update");
  return new Map(rows.map((row) => [row.id, Number(row.balance)]));
}

/**
 * THE one writer of the ledger: one transaction of entries summing to zero per currency, with the
 * accounts' rows locked, no user wallet or prize pool below zero, the cached balances moved with the entries.
 * Idempotent by key (the unique index: concurrent posts with one key write once). Entries are only
 * ever inserted here; nothing updates or deletes them (a database trigger refuses it too).
 */
export async function post(tx: Transaction, posting: Posting): Promise<{ transactionId: string; repeated: boolean }> {
  const problem = postingProblem(posting.lines);
  if (problem) throw new LedgerError(problem);
  const transactionId = randomUUID();
  const [inserted] = await tx
    .insert(ledgerTransactions)
    .values({
      id: transactionId,
      kind: posting.kind,
      idempotencyKey: posting.idempotencyKey,
      subjectId: posting.subjectId ?? null,
      reason: posting.reason ?? null,
      actorId: posting.actorId ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, posting.idempotencyKey));
    if (!existing || existing.kind !== posting.kind) throw new LedgerError("KEY_REUSED");
    return { transactionId: existing.id, repeated: true };
  }
  await ensureAccounts(tx, posting.lines);
  const ids = lockOrder(posting.lines);
  const balances = await lockAccounts(tx, ids);
  const delta = new Map<string, number>();
  for (const line of posting.lines) delta.set(line.account.id, (delta.get(line.account.id) ?? 0) + line.amount);
  for (const line of posting.lines) {
    const next = (balances.get(line.account.id) ?? 0) + (delta.get(line.account.id) ?? 0);
    if (mustStayPositive(line.account.kind) && next < 0) throw new LedgerError("INSUFFICIENT_FUNDS");
  }
  await tx
    .insert(ledgerEntries)
    .values(
      posting.lines.map((line) => ({ transactionId, accountId: line.account.id, currency: line.account.currency, amount: line.amount })),
    );
  for (const id of ids) {
    const change = delta.get(id) ?? 0;
    if (change !== 0)
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${change}` })
        .where(eq(ledgerAccounts.id, id));
  }
  return { transactionId, repeated: false };
}

/** A user's cached balance per currency (0 where they have no wallet yet). */
export async function userBalances(db: Database | Transaction, userId: string): Promise<Record<Currency, number>> {
  const rows = await db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, "user")));
  const result: Record<Currency, number> = { USD: 0, VES: 0 };
  for (const row of rows) if (row.currency === "USD" || row.currency === "VES") result[row.currency] = Number(row.balance);
  return result;
}

export interface ReconciliationReport {
  /** Sum of every entry per currency: must be 0. */
  sums: Array<{ currency: string; sum: number; entries: number }>;
  /** Accounts whose cached balance differs from the sum of their entries. */
  differences: Array<{ accountId: string; cached: number; sum: number }>;
  /** Transactions whose entries do not sum to zero in some currency. */
  unbalancedTransactions: number;
  /** User wallets below zero. */
  negativeWallets: number;
  /** Payouts in transit vs the withdrawals still waiting (per currency): must match. */
  transit: Array<{ currency: string; ledger: number; withdrawals: number }>;
  accounts: number;
}

/** Checks the whole ledger (npm run ledger:reconcile): zero sums, cache = sum, no negative wallet. */
export async function reconcile(db: Database): Promise<ReconciliationReport> {
  const run = async <Row>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const [sums, differences, unbalanced, negative, transit, accounts] = await Promise.all([
    run<{ currency: string; sum: string; entries: string }>(
      sql`select currency, coalesce(sum(amount), 0)::bigint as sum, count(*)::bigint as entries from ledger_entries group by currency order by currency`,
    ),
    run<{ account_id: string; cached: string; sum: string }>(sql`
      select a.id as account_id, a.balance as cached, coalesce(e.sum, 0)::bigint as sum
      from ledger_accounts a left join (select account_id, sum(amount) as sum from ledger_entries group by account_id) e on e.account_id = a.id
      where a.balance <> coalesce(e.sum, 0)`),
    run<{ count: string }>(sql`
      select count(*)::bigint as count from (select transaction_id from ledger_entries group by transaction_id, currency having sum(amount) <> 0) t`),
    run<{ count: string }>(sql`select count(*)::bigint as count from ledger_accounts where kind = 'user' and balance < 0`),
    run<{ currency: string; ledger: string; withdrawals: string }>(sql`
      select c.currency,
        coalesce((select balance from ledger_accounts where id = 'payouts_in_transit:' || c.currency), 0)::bigint as ledger,
        coalesce((select sum(amount) from wallet_withdrawals where status = 'requested' and currency = c.currency), 0)::bigint as withdrawals
      from (values ('USD'), ('VES')) as c(currency)`),
    run<{ count: string }>(sql`select count(*)::bigint as count from ledger_accounts`),
  ]);
  return {
    sums: sums.map((row) => ({ currency: row.currency, sum: Number(row.sum), entries: Number(row.entries) })),
    differences: differences.map((row) => ({ accountId: row.account_id, cached: Number(row.cached), sum: Number(row.sum) })),
    unbalancedTransactions: Number(unbalanced[0]?.count ?? 0),
    negativeWallets: Number(negative[0]?.count ?? 0),
    transit: transit.map((row) => ({ currency: row.currency, ledger: Number(row.ledger), withdrawals: Number(row.withdrawals) })),
    accounts: Number(accounts[0]?.count ?? 0),
  };
}

/** Whether the report finds nothing wrong. */
export function reconciled(report: ReconciliationReport): boolean {
  return (
    report.sums.every((row) => row.sum === 0) &&
    report.differences.length === 0 &&
    report.unbalancedTransactions === 0 &&
    report.negativeWallets === 0 &&
    report.transit.every((row) => row.ledger === row.withdrawals)
  );
}

/** The platform's accounts and their cached balances (the staff's wallet page). */
export async function platformBalances(db: Database) {
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.kind} <> 'user'`)
    .orderBy(ledgerAccounts.id);
  return rows.map((row) => ({ ...row, currency: row.currency as Currency, balance: Number(row.balance) }));
}
