import { and, asc, eq, inArray } from "drizzle-orm";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  orders,
  organizations,
  prizePoolFreezes,
  prizePoolOrders,
  registrations,
  settings,
  tournaments,
} from "~/db/schema";
import { rateInHundredths, type Currency, type Money } from "~/domain/money";
import { currencyFor, type PaymentMethod } from "~/domain/payment-methods";
import { recordAudit } from "~/features/admin/audit.server";
import type { KindEnding } from "~/features/orders/core/outcome";
import type { OrderKindHandler } from "~/features/orders/order-kind-registry.server";
import { OrderError, createOrder } from "~/features/orders/orders.server";
import type { Database, Transaction } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { sharedRead, writingShared } from "~/lib/shared-reads.server";
import { CURRENCIES, isCurrency, platformAccount, userAccount, type AccountKind } from "./core/accounts";
import { feeSplit, parseCommission, poolAccount, poolAccountId, poolFunded, type PrizeFunding } from "./core/prize-pools";
import { prizeMoney } from "./core/prizes";
import { LedgerError, post } from "./ledger.server";
import { mailWallet } from "./wallet-mail.server";

/**
 * Tournaments' prize pools (docs/organizations.md "Prize pools", decision 014): the organizer's
 * deposit (an order of kind `prize_pool`), the entry fees of a fee-funded event (credited when the
 * registration's order is approved, reversed when it is refunded), the staff's freeze. The payout
 * itself is wallet.server.ts's payTournamentPrizes, which pays from the pool when there is one.
 */

type Reader = Database | Transaction;

export type PrizePoolErrorCode =
  "NOT_FOUND" | "NOT_ORGANIZER_FUNDED" | "ALREADY_FUNDED" | "WRONG_METHOD" | "PRIZE_NOT_MONEY" | "ALREADY_FROZEN" | "NOT_FROZEN";

export class PrizePoolError extends DomainError<PrizePoolErrorCode> {}

/** The `settings` key of the commission staff set on /admin/organizations. */
export const POOL_COMMISSION_KEY = "prize_pool_commission_percent";

async function readPoolCommission(db: Reader): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, POOL_COMMISSION_KEY));
  const saved = row ? parseCommission(row.value) : null;
  // Until staff save one, PRIZE_POOL_COMMISSION_PERCENT (default 10) is the commission.
  return saved?.ok ? saved.percent : env().PRIZE_POOL_COMMISSION_PERCENT;
}

/**
 * The platform's commission on fee-funded pools, percent of each entry fee: the staff's setting,
 * kept in this process until `settings` changes (lib/shared-reads.server.ts), so pages showing it
 * do not read the database each time. Inside a transaction (an approval crediting a fee) it is read
 * there, so the entries record the commission of that moment.
 */
export function poolCommissionPercent(db: Reader): Promise<number> {
  return sharedRead(db as Database, ["settings"], POOL_COMMISSION_KEY, () => readPoolCommission(db));
}

/** Staff set the commission (0–50, checked by parseCommission); audited. Pools already credited keep what their entries say. */
export async function setPoolCommission(db: Database, staffId: string, percent: number) {
  await writingShared(["settings"], () =>
    db.transaction(async (tx) => {
      const before = await readPoolCommission(tx);
      await tx
        .insert(settings)
        .values({ key: POOL_COMMISSION_KEY, value: String(percent) })
        .onConflictDoUpdate({ target: settings.key, set: { value: String(percent), updatedAt: new Date() } });
      await recordAudit(tx, {
        actorId: staffId,
        action: "prize_pool.commission_set",
        entity: "setting",
        entityId: POOL_COMMISSION_KEY,
        before: { percent: before },
        after: { percent },
      });
    }),
  );
}

/** What the pool of a tournament holds, per currency (0 where it has no account yet). */
export async function poolBalances(db: Reader, tournamentId: string): Promise<Record<Currency, number>> {
  const rows = await db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [poolAccountId(tournamentId, "USD"), poolAccountId(tournamentId, "VES")]));
  const result: Record<Currency, number> = { USD: 0, VES: 0 };
  for (const row of rows) if (isCurrency(row.currency)) result[row.currency] = Number(row.balance);
  return result;
}

/** The staff's freeze on the pool, when there is one. */
export async function poolFreeze(db: Reader, tournamentId: string) {
  const [row] = await db
    .select({ frozenAt: prizePoolFreezes.frozenAt, reason: prizePoolFreezes.reason })
    .from(prizePoolFreezes)
    .where(eq(prizePoolFreezes.tournamentId, tournamentId));
  return row?.frozenAt ? { frozenAt: row.frozenAt, reason: row.reason ?? "" } : null;
}

/** The prize an organizer must deposit: the tournament's prize text read as money (null when it is not money). */
export function organizerTarget(tournament: { prize: string }): Money | null {
  return prizeMoney(tournament.prize);
}

export interface PoolView {
  funding: PrizeFunding;
  /** Organizer-funded: the prize to hold; null otherwise. */
  target: Money | null;
  balances: Record<Currency, number>;
  /** Organizer-funded: the pool holds the whole prize (players may trust it). */
  funded: boolean;
  frozen: { frozenAt: string; reason: string } | null;
  commissionPercent: number;
}

/** What pages show of a tournament's pool (null when its prizes are not funded through one). */
export async function poolView(db: Reader, tournament: { id: string; prizeFunding: string; prize: string }): Promise<PoolView | null> {
  const funding = tournament.prizeFunding as PrizeFunding;
  if (funding !== "organizer" && funding !== "fees") return null;
  const [balances, freeze] = await Promise.all([poolBalances(db, tournament.id), poolFreeze(db, tournament.id)]);
  const target = funding === "organizer" ? organizerTarget(tournament) : null;
  return {
    funding,
    target,
    balances,
    funded: target ? poolFunded(target.amount, balances[target.currency]) : false,
    frozen: freeze ? { frozenAt: freeze.frozenAt.toISOString(), reason: freeze.reason } : null,
    commissionPercent: await poolCommissionPercent(db),
  };
}

/**
 * Whether an organization's tournament may be published or sent to approval: an organizer-funded
 * one only once its pool holds the whole prize. Answers the refusal's code, or null.
 */
export async function publishProblem(db: Reader, tournament: { id: string; prizeFunding: string; prize: string }) {
  if (tournament.prizeFunding !== "organizer") return null;
  const target = organizerTarget(tournament);
  if (!target) return "PRIZE_NOT_MONEY" as const;
  const balances = await poolBalances(db, tournament.id);
  return poolFunded(target.amount, balances[target.currency]) ? null : ("POOL_NOT_FUNDED" as const);
}

/** Whether the pool holds any money (its funding and prize can then no longer change). */
export async function poolHoldsMoney(db: Reader, tournamentId: string): Promise<boolean> {
  const balances = await poolBalances(db, tournamentId);
  return CURRENCIES.some((currency) => balances[currency] > 0);
}

/* ───────────── The organizer's deposit ───────────── */

/**
 * Creates the order that pays an organizer-funded tournament's prize into its pool: the amount still
 * missing, in the prize's currency (the method must be of that currency), priced here from the
 * tournament's row under its lock; idempotent by the form's key.
 */
export async function createPoolDeposit(
  db: Database,
  input: {
    userId: string;
    email: string;
    phone: string;
    tournamentId: string;
    method: PaymentMethod;
    exchangeRate: string;
    expiresAt: Date;
    label: string;
    idempotencyKey: string | null;
  },
) {
  return db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ id: tournaments.id, prize: tournaments.prize, prizeFunding: tournaments.prizeFunding })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId))
      .for("update");
    if (!tournament) throw new PrizePoolError("NOT_FOUND");
    if (tournament.prizeFunding !== "organizer") throw new PrizePoolError("NOT_ORGANIZER_FUNDED");
    const target = organizerTarget(tournament);
    if (!target) throw new PrizePoolError("PRIZE_NOT_MONEY");
    if (currencyFor(input.method) !== target.currency) throw new PrizePoolError("WRONG_METHOD");
    const missing = target.amount - (await poolBalances(tx, tournament.id))[target.currency];
    if (missing <= 0) throw new PrizePoolError("ALREADY_FUNDED");
    const amountUsd = target.currency === "USD" ? missing : Math.round((missing * 100) / rateInHundredths(input.exchangeRate));
    const order = await createOrder(tx, {
      userId: input.userId,
      kind: "prize_pool",
      paymentMethod: input.method,
      currency: target.currency,
      amount: missing,
      amountUsd,
      exchangeRate: target.currency === "VES" ? input.exchangeRate : null,
      phone: input.phone,
      email: input.email,
      tournamentId: tournament.id,
      expiresAt: input.expiresAt,
      idempotencyKey: input.idempotencyKey,
      items: [{ label: input.label, unitAmount: missing, quantity: 1 }],
    });
    await tx.insert(prizePoolOrders).values({ orderId: order.id, tournamentId: tournament.id }).onConflictDoNothing();
    return order;
  });
}

/** The tournament's deposit orders, newest first (the organizer's form shows the one in progress). */
export async function poolDeposits(db: Reader, tournamentId: string) {
  return db
    .select({ id: orders.id, number: orders.number, status: orders.status, amount: orders.amount, currency: orders.currency })
    .from(prizePoolOrders)
    .innerJoin(orders, eq(orders.id, prizePoolOrders.orderId))
    .where(eq(prizePoolOrders.tournamentId, tournamentId))
    .orderBy(asc(orders.createdAt))
    .limit(20);
}

/** Who gets back what an organizer-funded pool holds after the payout: the buyer of its first approved deposit. */
export async function poolFunder(db: Reader, tournamentId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(prizePoolOrders)
    .innerJoin(orders, eq(orders.id, prizePoolOrders.orderId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.subjectId, orders.id))
    .where(and(eq(prizePoolOrders.tournamentId, tournamentId), eq(ledgerTransactions.kind, "prize_pool_deposit")))
    .orderBy(asc(ledgerTransactions.createdAt))
    .limit(1);
  return row?.userId ?? null;
}

async function depositOrder(tx: Transaction, orderId: string) {
  const [row] = await tx
    .select({ amount: orders.amount, currency: orders.currency, tournamentId: prizePoolOrders.tournamentId })
    .from(orders)
    .innerJoin(prizePoolOrders, eq(prizePoolOrders.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row || !isCurrency(row.currency)) throw new OrderError("NOT_FOUND");
  return { ...row, currency: row.currency as Currency };
}

/** Deposit orders: approving one moves its amount from orders clearing into the pool; refunding takes it back while the pool holds it. */
export const prizePoolOrderKind: OrderKindHandler = {
  kind: "prize_pool",
  async onTransition({ tx, orderId, to, actorUserId }) {
    if (to === "approved") {
      const order = await depositOrder(tx, orderId);
      await post(tx, {
        kind: "prize_pool_deposit",
        idempotencyKey: `pool-deposit:${orderId}`,
        subjectId: orderId,
        actorId: actorUserId,
        lines: [
          { account: platformAccount("orders_clearing", order.currency), amount: -order.amount },
          { account: poolAccount(order.tournamentId, order.currency), amount: order.amount },
        ],
      });
    } else if (to === "refunded") {
      const order = await depositOrder(tx, orderId);
      const [deposited] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `pool-deposit:${orderId}`));
      if (!deposited) return;
      try {
        await post(tx, {
          kind: "prize_pool_deposit_refund",
          idempotencyKey: `pool-deposit-refund:${orderId}`,
          subjectId: orderId,
          actorId: actorUserId,
          lines: [
            { account: poolAccount(order.tournamentId, order.currency), amount: -order.amount },
            { account: platformAccount("orders_clearing", order.currency), amount: order.amount },
          ],
        });
      } catch (error) {
        // The prizes were already paid from it: nothing is left to give back.
        if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") throw new OrderError("NOT_ALLOWED_IN_STATE");
        throw error;
      }
    }
  },
  async endings(db, list) {
    const ids = list.map((order) => order.id);
    const rows = ids.length
      ? await db
          .select({
            orderId: prizePoolOrders.orderId,
            tournamentId: tournaments.id,
            title: tournaments.title,
            slug: organizations.slug,
          })
          .from(prizePoolOrders)
          .innerJoin(tournaments, eq(tournaments.id, prizePoolOrders.tournamentId))
          .leftJoin(organizations, eq(organizations.id, tournaments.organizationId))
          .where(inArray(prizePoolOrders.orderId, ids))
      : [];
    return new Map(
      rows.map((row): [string, KindEnding] => [
        row.orderId,
        {
          step: "poolFunded",
          reached: true,
          headline: "poolFunded",
          values: { title: { text: row.title } },
          link: row.slug
            ? { href: `/organizations/${row.slug}/manage/tournaments/${row.tournamentId}`, label: "outcome.seeTournamentForm" }
            : { href: `/tournament?id=${encodeURIComponent(row.tournamentId)}`, label: "outcome.seeEvent" },
        },
      ]),
    );
  },
};

/**
 * A cancelled organizer-funded tournament: whatever its pool holds goes back, whole, to the wallet of
 * the organizer who deposited it (`prize_pool_return`, mailed), in the cancellation's transaction
 * (docs/organizations.md "Cancelling"). A fee-funded pool empties through the refunds of its orders.
 */
export async function returnPoolOnCancel(tx: Transaction, actorId: string, tournament: { id: string; title: string }) {
  const funder = await poolFunder(tx, tournament.id);
  if (!funder) return [];
  const held = await poolBalances(tx, tournament.id);
  const returned: Array<{ userId: string; amount: number; currency: Currency }> = [];
  for (const currency of CURRENCIES) {
    const amount = held[currency];
    if (amount <= 0) continue;
    await post(tx, {
      kind: "prize_pool_return",
      idempotencyKey: `pool-return:${tournament.id}:cancel:${currency}`,
      subjectId: tournament.id,
      actorId,
      lines: [
        { account: poolAccount(tournament.id, currency), amount: -amount },
        { account: userAccount(funder, currency), amount },
      ],
    });
    await mailWallet(tx, funder, "poolCancelled", { amount, currency, title: tournament.title });
    returned.push({ userId: funder, amount, currency });
  }
  return returned;
}

/* ───────────── Entry fees of a fee-funded pool ───────────── */

/**
 * An approved registration order of a fee-funded tournament: its amount leaves orders clearing, the
 * platform's commission (the setting at that moment, recorded in the entries) to prize_pool_fees, the
 * rest to the tournament's pool. In the approval's transaction; once per order (idempotency key).
 */
export async function creditEntryFee(tx: Transaction, orderId: string, actorId: string | null) {
  const [row] = await tx
    .select({
      amount: orders.amount,
      currency: orders.currency,
      tournamentId: registrations.tournamentId,
      prizeFunding: tournaments.prizeFunding,
    })
    .from(orders)
    .innerJoin(registrations, eq(registrations.orderId, orders.id))
    .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
    .where(eq(orders.id, orderId));
  if (!row || row.prizeFunding !== "fees" || !isCurrency(row.currency) || row.amount <= 0) return;
  const currency: Currency = row.currency;
  const { commission, pool } = feeSplit(row.amount, await poolCommissionPercent(tx));
  await post(tx, {
    kind: "prize_pool_fee",
    idempotencyKey: `pool-fee:${orderId}`,
    subjectId: orderId,
    actorId,
    lines: [
      { account: platformAccount("orders_clearing", currency), amount: -row.amount },
      ...(pool > 0 ? [{ account: poolAccount(row.tournamentId, currency), amount: pool }] : []),
      ...(commission > 0 ? [{ account: platformAccount("prize_pool_fees", currency), amount: commission }] : []),
    ],
  });
}

/**
 * A refunded registration order whose fee went into a pool: the exact entries of that credit are
 * reversed (a new movement). Refused while the pool no longer holds the share (its prizes were paid).
 */
export async function reverseEntryFee(tx: Transaction, orderId: string, actorId: string | null) {
  const entries = await tx
    .select({
      accountId: ledgerEntries.accountId,
      amount: ledgerEntries.amount,
      kind: ledgerAccounts.kind,
      currency: ledgerEntries.currency,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransactions.idempotencyKey, `pool-fee:${orderId}`));
  if (entries.length === 0) return;
  try {
    await post(tx, {
      kind: "prize_pool_fee_refund",
      idempotencyKey: `pool-fee-refund:${orderId}`,
      subjectId: orderId,
      actorId,
      lines: entries.map((entry) => ({
        account: {
          id: entry.accountId,
          kind: entry.kind as AccountKind,
          userId: null,
          currency: entry.currency as Currency,
        },
        amount: -Number(entry.amount),
      })),
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") throw new OrderError("NOT_ALLOWED_IN_STATE");
    throw error;
  }
}

/* ───────────── Freezing ───────────── */

/**
 * Platform staff freeze a pool (no payout until it is unfrozen) or unfreeze it, with a reason;
 * under the tournament's row lock (a payout takes it too, so a freeze and a payout never cross); audited.
 */
export async function setPoolFrozen(
  db: Database,
  input: { staffId: string; tournamentId: string; frozen: boolean; reason: string | null },
) {
  await db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ id: tournaments.id, prizeFunding: tournaments.prizeFunding })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId))
      .for("update");
    if (!tournament || tournament.prizeFunding === "none") throw new PrizePoolError("NOT_FOUND");
    const before = await poolFreeze(tx, tournament.id);
    if (input.frozen && before) throw new PrizePoolError("ALREADY_FROZEN");
    if (!input.frozen && !before) throw new PrizePoolError("NOT_FROZEN");
    const values = input.frozen
      ? { frozenAt: new Date(), reason: input.reason, frozenBy: input.staffId }
      : { frozenAt: null, reason: null, frozenBy: input.staffId };
    await tx
      .insert(prizePoolFreezes)
      .values({ tournamentId: tournament.id, ...values })
      .onConflictDoUpdate({ target: prizePoolFreezes.tournamentId, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: input.staffId,
      action: input.frozen ? "prize_pool.freeze" : "prize_pool.unfreeze",
      entity: "tournament",
      entityId: tournament.id,
      before: before ? { frozen: true, reason: before.reason } : { frozen: false },
      after: { frozen: input.frozen, reason: input.reason },
    });
  });
}

/** /admin/organizations: organizations' tournaments with a pool, soonest first, with what each holds and whether it is frozen. */
export async function poolsForStaff(db: Database) {
  const rows = await db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      date: tournaments.date,
      prize: tournaments.prize,
      prizeFunding: tournaments.prizeFunding,
      organization: organizations.name,
    })
    .from(tournaments)
    .innerJoin(organizations, eq(organizations.id, tournaments.organizationId))
    .where(and(inArray(tournaments.prizeFunding, ["organizer", "fees"]), inArray(tournaments.status, ["pending", "published", "draft"])))
    .orderBy(asc(tournaments.date))
    .limit(100);
  return Promise.all(rows.map(async (row) => ({ ...row, pool: (await poolView(db, row))! })));
}
