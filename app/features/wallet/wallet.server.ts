import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import {
  competitionPrizes,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  orders,
  registrationPlayers,
  registrations,
  settings,
  tournaments,
  users,
  walletPrizePayouts,
  walletWithdrawals,
} from "~/db/schema";
import type { Currency } from "~/domain/money";
import { recordAudit } from "~/features/admin/audit.server";
import { mailOrderMove } from "~/features/orders/order-mail.server";
import { moveOrder } from "~/features/orders/orders.server";
import { membershipOf } from "~/features/plus/plus.server";
import type { Database, Transaction } from "~/lib/db.server";
import { CURRENCIES, isCurrency, platformAccount, userAccount, userAccountId, type TransactionKind } from "./core/accounts";
import {
  filledPlaces,
  missingPlaces,
  organizerPayoutProblem,
  placeAmounts,
  poolAccount,
  poolAccountId,
  poolShares,
  type PoolPayoutCode,
} from "./core/prize-pools";
import { poolFreeze, poolFunder, poolView } from "./prize-pools.server";
import { prizeMoney, prizeShares, type PrizeReceiver } from "./core/prizes";
import { eventTeamSize } from "~/domain/games";
import {
  DEFAULT_WITHDRAWAL_RULES,
  mayDecide,
  withdrawalFee,
  withdrawalProblem,
  type Destination,
  type WithdrawalRules,
  type WithdrawalStatus,
} from "./core/withdrawals";
import { LedgerError, lockAccounts, post } from "./ledger.server";
import { mailWallet } from "./wallet-mail.server";
import { DomainError } from "~/lib/domain-error";

export type WalletErrorCode =
  | "BAD_AMOUNT"
  | "BELOW_MINIMUM"
  | "FEE_TOO_HIGH"
  | "OVER_DAILY_MAXIMUM"
  | "ACCOUNT_TOO_NEW"
  | "INSUFFICIENT_FUNDS"
  | "BAD_DESTINATION"
  | "NOT_FOUND"
  | "ALREADY_DECIDED"
  | "ALREADY_PAID"
  | "NOTHING_TO_PAY"
  | "NOT_PAYABLE"
  | "KEY_REUSED"
  | PoolPayoutCode;

/** A wallet rule a request broke; nothing changed. Routes translate the code. */
export class WalletError extends DomainError<WalletErrorCode> {}

function asWalletError(error: unknown): never {
  if (error instanceof LedgerError) {
    if (error.code === "INSUFFICIENT_FUNDS") throw new WalletError("INSUFFICIENT_FUNDS");
    if (error.code === "KEY_REUSED") throw new WalletError("KEY_REUSED");
  }
  throw error;
}

/* ───────────── Settings ───────────── */

export const WITHDRAWAL_RULES_KEY = "wallet_withdrawal_rules";

/** The staff's withdrawal settings (fee, minimums, daily maximum, new-account hold), else the defaults. */
export async function withdrawalRules(db: Database | Transaction): Promise<WithdrawalRules> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, WITHDRAWAL_RULES_KEY));
  if (!row) return DEFAULT_WITHDRAWAL_RULES;
  try {
    const stored = JSON.parse(row.value) as Partial<WithdrawalRules>;
    return { ...DEFAULT_WITHDRAWAL_RULES, ...stored };
  } catch {
    return DEFAULT_WITHDRAWAL_RULES;
  }
}

export async function saveWithdrawalRules(db: Database, staffId: string, rules: WithdrawalRules) {
  await db.transaction(async (tx) => {
    const before = await withdrawalRules(tx);
    await tx
      .insert(settings)
      .values({ key: WITHDRAWAL_RULES_KEY, value: JSON.stringify(rules) })
      .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(rules), updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: staffId,
      action: "wallet.rules",
      entity: "setting",
      entityId: WITHDRAWAL_RULES_KEY,
      before,
      after: rules,
    });
  });
}

/* ───────────── Reading a wallet ───────────── */

/** Available (the ledger's balance) and pending (withdrawals asked for, not yet paid) per currency. */
export async function walletSummary(db: Database, userId: string) {
  const [accounts, pending] = await Promise.all([
    db
      .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, "user"))),
    db
      .select({ currency: walletWithdrawals.currency, amount: sql<string>`sum(${walletWithdrawals.amount})` })
      .from(walletWithdrawals)
      .where(and(eq(walletWithdrawals.userId, userId), eq(walletWithdrawals.status, "requested")))
      .groupBy(walletWithdrawals.currency),
  ]);
  const result: Record<Currency, { available: number; pending: number }> = {
    USD: { available: 0, pending: 0 },
    VES: { available: 0, pending: 0 },
  };
  for (const row of accounts) if (isCurrency(row.currency)) result[row.currency].available = Number(row.balance);
  for (const row of pending) if (isCurrency(row.currency)) result[row.currency].pending = Number(row.amount);
  return result;
}

export const HISTORY_PAGE = 30;

/** The user's movements, newest first (keyset on the entry id), with the reason code and what it is about. */
export async function walletHistory(db: Database, userId: string, before: number | null = null) {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      currency: ledgerEntries.currency,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerTransactions.kind,
      subjectId: ledgerTransactions.subjectId,
      reason: ledgerTransactions.reason,
      tournamentTitle: tournaments.title,
      orderNumber: orders.number,
      withdrawalNumber: walletWithdrawals.number,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(
      tournaments,
      and(
        inArray(ledgerTransactions.kind, ["prize", "prize_reversal", "prize_pool_return"]),
        eq(tournaments.id, ledgerTransactions.subjectId),
      ),
    )
    .leftJoin(
      orders,
      and(inArray(ledgerTransactions.kind, ["wallet_payment", "order_refund"]), eq(orders.id, ledgerTransactions.subjectId)),
    )
    .leftJoin(
      walletWithdrawals,
      and(inArray(ledgerTransactions.kind, ["withdrawal", "withdrawal_rejected"]), eq(walletWithdrawals.id, ledgerTransactions.subjectId)),
    )
    .where(
      and(
        inArray(ledgerEntries.accountId, [userAccountId(userId, "USD"), userAccountId(userId, "VES")]),
        before ? lt(ledgerEntries.id, before) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(HISTORY_PAGE + 1);
  return {
    rows: rows.slice(0, HISTORY_PAGE).map((row) => ({ ...row, kind: row.kind as TransactionKind, currency: row.currency as Currency })),
    more: rows.length > HISTORY_PAGE,
  };
}

export async function withdrawalsOf(db: Database, userId: string) {
  return db
    .select()
    .from(walletWithdrawals)
    .where(eq(walletWithdrawals.userId, userId))
    .orderBy(desc(walletWithdrawals.createdAt))
    .limit(20);
}

/* ───────────── Withdrawals ───────────── */

/** What a withdrawal would cost the user now (the form's confirmation step): fee and whether it is Plus's 0 %. */
export async function quoteWithdrawal(db: Database, userId: string, amount: number, currency: Currency, now = new Date()) {
  const [rules, membership] = await Promise.all([withdrawalRules(db), membershipOf(db, userId, now)]);
  const fee = withdrawalFee(amount, currency, rules, membership.member);
  return { fee, net: amount - fee, plusMember: membership.member, rules };
}

function startOfDay(now: Date) {
  // Limits count the platform's day in Caracas (UTC−4, no daylight saving).
  const shifted = new Date(now.getTime() - 4 * 3_600_000);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) + 4 * 3_600_000);
}

/**
 * A user asks to take `amount` out of their wallet: under the wallet's row lock, the limits are
 * checked (minimum, today's maximum, new-account hold), the fee fixed (0 for Plus members now), the
 * amount moved from the wallet to payouts in transit, the request written and the user mailed —
 * all or nothing. The same key answers the same withdrawal; concurrent requests never overdraw.
 */
export async function requestWithdrawal(
  db: Database,
  input: { userId: string; currency: Currency; amount: number; destination: Destination; idempotencyKey: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const key = `withdrawal:${input.userId}:${input.idempotencyKey}`;
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: walletWithdrawals.id, subject: ledgerTransactions.subjectId })
        .from(ledgerTransactions)
        .innerJoin(walletWithdrawals, eq(walletWithdrawals.id, ledgerTransactions.subjectId))
        .where(eq(ledgerTransactions.idempotencyKey, key));
      if (existing) return { id: existing.id, repeated: true };
      const wallet = userAccount(input.userId, input.currency);
      const transit = platformAccount("payouts_in_transit", input.currency);
      await tx
        .insert(ledgerAccounts)
        .values(
          [wallet, transit].map((account) => ({ id: account.id, kind: account.kind, userId: account.userId, currency: account.currency })),
        )
        .onConflictDoNothing();
      // Every account the movement touches, locked in id order before anything is read.
      const balances = await lockAccounts(tx, [wallet.id, transit.id]);
      const [user] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, input.userId));
      if (!user) throw new WalletError("NOT_FOUND");
      const rules = await withdrawalRules(tx);
      const { member } = await membershipOf(tx, input.userId, now);
      const fee = withdrawalFee(input.amount, input.currency, rules, member);
      const [today] = await tx
        .select({ sum: sql<string>`coalesce(sum(${walletWithdrawals.amount}), 0)` })
        .from(walletWithdrawals)
        .where(
          and(
            eq(walletWithdrawals.userId, input.userId),
            eq(walletWithdrawals.currency, input.currency),
            inArray(walletWithdrawals.status, ["requested", "paid"]),
            gte(walletWithdrawals.createdAt, startOfDay(now)),
          ),
        );
      const problem = withdrawalProblem({
        amount: input.amount,
        currency: input.currency,
        fee,
        requestedToday: Number(today?.sum ?? 0),
        accountCreatedAt: user.createdAt,
        now,
        rules,
      });
      if (problem) throw new WalletError(problem);
      if ((balances.get(wallet.id) ?? 0) < input.amount) throw new WalletError("INSUFFICIENT_FUNDS");
      const id = randomUUID();
      await tx.insert(walletWithdrawals).values({
        id,
        userId: input.userId,
        currency: input.currency,
        amount: input.amount,
        fee,
        method: input.destination.method,
        destination: input.destination,
        plusMember: member,
        createdAt: now,
      });
      await post(tx, {
        kind: "withdrawal",
        idempotencyKey: key,
        subjectId: id,
        actorId: input.userId,
        lines: [
          { account: wallet, amount: -input.amount },
          { account: transit, amount: input.amount },
        ],
      });
      const [row] = await tx.select({ number: walletWithdrawals.number }).from(walletWithdrawals).where(eq(walletWithdrawals.id, id));
      await mailWallet(tx, input.userId, "withdrawalRequested", {
        amount: input.amount,
        currency: input.currency,
        fee,
        number: row?.number,
      });
      return { id, repeated: false };
    });
  } catch (error) {
    return asWalletError(error);
  }
}

/** The staff's payout queue: requested first (oldest first), then the latest decided. */
export async function payoutQueue(db: Database, status: WithdrawalStatus = "requested") {
  return db
    .select({
      id: walletWithdrawals.id,
      number: walletWithdrawals.number,
      currency: walletWithdrawals.currency,
      amount: walletWithdrawals.amount,
      fee: walletWithdrawals.fee,
      method: walletWithdrawals.method,
      destination: walletWithdrawals.destination,
      status: walletWithdrawals.status,
      plusMember: walletWithdrawals.plusMember,
      reference: walletWithdrawals.reference,
      reason: walletWithdrawals.reason,
      createdAt: walletWithdrawals.createdAt,
      email: users.email,
      name: users.name,
    })
    .from(walletWithdrawals)
    .innerJoin(users, eq(users.id, walletWithdrawals.userId))
    .where(eq(walletWithdrawals.status, status))
    .orderBy(status === "requested" ? asc(walletWithdrawals.createdAt) : desc(walletWithdrawals.decidedAt))
    .limit(100);
}

export type PayoutDecision = { decision: "paid"; reference: string } | { decision: "rejected"; reason: string };

/**
 * Staff decide a withdrawal once: paid outside (the reference recorded; the amount leaves payouts in
 * transit for the bank, the fee for the platform's fees) or rejected with a reason (the amount goes
 * back to the wallet). Audited and mailed in the same transaction.
 */
export async function decideWithdrawal(db: Database, staffId: string, withdrawalId: string, decided: PayoutDecision) {
  if (!/^[0-9a-f-]{36}$/i.test(withdrawalId)) throw new WalletError("NOT_FOUND");
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, withdrawalId)).for("update");
    if (!row) throw new WalletError("NOT_FOUND");
    if (!mayDecide(row.status as WithdrawalStatus, decided.decision)) throw new WalletError("ALREADY_DECIDED");
    const currency = row.currency as Currency;
    const amount = Number(row.amount);
    const fee = Number(row.fee);
    const paid = decided.decision === "paid";
    // Paid: the bank has the amount less the fee, the platform the fee. Rejected: back to the wallet.
    await post(tx, {
      kind: paid ? "withdrawal_paid" : "withdrawal_rejected",
      idempotencyKey: `withdrawal-decided:${row.id}`,
      subjectId: row.id,
      actorId: staffId,
      reason: paid ? decided.reference : decided.reason,
      lines: [
        { account: platformAccount("payouts_in_transit", currency), amount: -amount },
        ...(paid
          ? [
              { account: platformAccount("bank", currency), amount: amount - fee },
              ...(fee > 0 ? [{ account: platformAccount("fees", currency), amount: fee }] : []),
            ]
          : [{ account: userAccount(row.userId, currency), amount }]),
      ],
    });
    const after = {
      status: decided.decision,
      reference: decided.decision === "paid" ? decided.reference : null,
      reason: decided.decision === "rejected" ? decided.reason : null,
    };
    await tx
      .update(walletWithdrawals)
      .set({ ...after, decidedBy: staffId, decidedAt: new Date() })
      .where(eq(walletWithdrawals.id, row.id));
    await recordAudit(tx, {
      actorId: staffId,
      action: `wallet.withdrawal_${decided.decision}`,
      entity: "withdrawal",
      entityId: row.id,
      before: { status: row.status },
      after,
    });
    await mailWallet(tx, row.userId, decided.decision === "paid" ? "withdrawalPaid" : "withdrawalRejected", {
      amount,
      currency,
      fee,
      number: row.number,
      reference: after.reference ?? undefined,
      reason: after.reason ?? undefined,
    });
    return after;
  });
}

/* ───────────── Prizes ───────────── */

/** What the prize rules read of a tournament (its game and team size, its prize text, split and funding). */
const PRIZE_TOURNAMENT_COLUMNS = {
  id: tournaments.id,
  game: tournaments.game,
  teamSize: tournaments.teamSize,
  prize: tournaments.prize,
  prizeSplit: tournaments.prizeSplit,
  prizeFunding: tournaments.prizeFunding,
};

/** The tournament's recorded prizes as wallet credits: each placed team's money prize to its captain. */
export async function prizePlan(db: Database | Transaction, tournamentId: string) {
  const rows = await db
    .select({
      registrationId: competitionPrizes.registrationId,
      place: competitionPrizes.place,
      text: competitionPrizes.amount,
      userId: registrations.userId,
      teamName: registrations.teamName,
      captainName: users.name,
    })
    .from(competitionPrizes)
    .innerJoin(registrations, eq(registrations.id, competitionPrizes.registrationId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(competitionPrizes.tournamentId, tournamentId))
    // Within a shared place the better seed comes first (it gets the odd cent: placeAmounts).
    .orderBy(
      asc(competitionPrizes.place),
      sql`(select e.seed from competition_entrants e where e.tournament_id = ${competitionPrizes.tournamentId} and e.registration_id = ${competitionPrizes.registrationId})`,
      asc(competitionPrizes.registrationId),
    );
  return rows.map((row) => ({ ...row, money: prizeMoney(row.text) }));
}

/** What was credited for the tournament (reversed ones included, marked). */
export async function prizePayouts(db: Database | Transaction, tournamentId: string) {
  return db
    .select({
      id: walletPrizePayouts.id,
      registrationId: walletPrizePayouts.registrationId,
      userId: walletPrizePayouts.userId,
      place: walletPrizePayouts.place,
      currency: walletPrizePayouts.currency,
      amount: walletPrizePayouts.amount,
      reversedBy: walletPrizePayouts.reversedBy,
      createdAt: walletPrizePayouts.createdAt,
      email: users.email,
      name: users.name,
    })
    .from(walletPrizePayouts)
    .innerJoin(users, eq(users.id, walletPrizePayouts.userId))
    .where(eq(walletPrizePayouts.tournamentId, tournamentId))
    .orderBy(asc(walletPrizePayouts.place), asc(walletPrizePayouts.createdAt));
}

/** Whether the tournament's prizes are in wallets now (some credit not reversed): the standings are then final. */
export async function prizesPaid(db: Database | Transaction, tournamentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: walletPrizePayouts.id })
    .from(walletPrizePayouts)
    .where(and(eq(walletPrizePayouts.tournamentId, tournamentId), isNull(walletPrizePayouts.reversedBy)))
    .limit(1);
  return Boolean(row);
}

/**
 * The operator confirms the final standings: each prize recorded for the tournament is credited to
 * the placed team's captain, or split among its starters when they choose so (`prizeShares`), each
 * receiver mailed, all in one transaction under the tournament's row lock. Paying twice is refused;
 * a correction after payment goes through `reversePrize` (a new, opposite movement per receiver),
 * then the prizes are recorded again and paid again.
 *
 * Where the money comes from (docs/organizations.md "Prize pools"): without a pool, the platform's
 * prizes account; with one, the tournament's pool, never more than it holds, and never while staff
 * froze it. An organizer-funded pool pays the recorded amounts and gives what is left back to the
 * organizer's wallet; a fee-funded pool pays each place its share (the prize split, %) of what it holds.
 */
export async function payTournamentPrizes(db: Database, staffId: string, tournamentId: string, receiver: PrizeReceiver = "captain") {
  try {
    return await db.transaction(async (tx) => {
      const [tournament] = await tx
        .select({ ...PRIZE_TOURNAMENT_COLUMNS, title: tournaments.title })
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId))
        .for("update");
      if (!tournament) throw new WalletError("NOT_FOUND");
      if (await prizesPaid(tx, tournamentId)) throw new WalletError("ALREADY_PAID");
      const recorded = await prizePlan(tx, tournamentId);
      const pooled = tournament.prizeFunding === "organizer" || tournament.prizeFunding === "fees";
      const balances = pooled
        ? await lockAccounts(
            tx,
            CURRENCIES.map((currency) => poolAccountId(tournamentId, currency)),
          )
        : new Map();
      if (pooled && (await poolFreeze(tx, tournamentId))) throw new WalletError("POOL_FROZEN");
      const held = (currency: Currency) => balances.get(poolAccountId(tournamentId, currency)) ?? 0;
      const payments = prizePayments(tournament, recorded, held);
      if (payments.length === 0) throw new WalletError(pooled ? "POOL_EMPTY" : "NOTHING_TO_PAY");
      const [{ round } = { round: 0 }] = await tx
        .select({ round: sql<number>`count(*)::int` })
        .from(walletPrizePayouts)
        .where(eq(walletPrizePayouts.tournamentId, tournamentId));
      const starters =
        receiver === "starters"
          ? await startersOf(
              tx,
              payments.map((row) => row.registrationId),
              eventTeamSize(tournament),
            )
          : new Map();
      const paid = [];
      for (const row of payments) {
        const source = pooled ? poolAccount(tournamentId, row.currency) : platformAccount("prizes", row.currency);
        for (const share of prizeShares(row.amount, row.userId, starters.get(row.registrationId) ?? [], receiver)) {
          const id = randomUUID();
          const { transactionId } = await post(tx, {
            kind: "prize",
            idempotencyKey: `prize:${tournamentId}:${row.registrationId}:${row.place}:${round}${pooled ? `:${row.currency}` : ""}${receiver === "starters" ? `:${share.userId}` : ""}`,
            subjectId: tournamentId,
            actorId: staffId,
            lines: [
              { account: source, amount: -share.amount },
              { account: userAccount(share.userId, row.currency), amount: share.amount },
            ],
          });
          await tx.insert(walletPrizePayouts).values({
            id,
            tournamentId,
            registrationId: row.registrationId,
            userId: share.userId,
            place: row.place,
            currency: row.currency,
            amount: share.amount,
            transactionId,
          });
          await mailWallet(tx, share.userId, "prize", {
            amount: share.amount,
            currency: row.currency,
            title: tournament.title,
            place: row.place,
          });
          paid.push({ userId: share.userId, place: row.place, amount: share.amount, currency: row.currency });
        }
      }
      const returned = tournament.prizeFunding === "organizer" ? await returnRest(tx, staffId, tournament, held, paid, round) : [];
      await recordAudit(tx, {
        actorId: staffId,
        action: "wallet.prizes_paid",
        entity: "tournament",
        entityId: tournamentId,
        after: { receiver, paid, funding: tournament.prizeFunding, returned },
      });
      return paid;
    });
  } catch (error) {
    return asWalletError(error);
  }
}

type RecordedPrize = Awaited<ReturnType<typeof prizePlan>>[number];

/**
 * What each placed team is paid, by the tournament's funding: the recorded money prizes (no pool,
 * or an organizer's pool, which must hold them all in its currency), or each place's share of a
 * fee-funded pool in each currency it holds (every place of the split must have a team).
 */
function prizePayments(
  tournament: { prizeFunding: string; prizeSplit: string[] },
  recorded: RecordedPrize[],
  held: (currency: Currency) => number,
): Array<{ registrationId: string; userId: string; place: number; amount: number; currency: Currency }> {
  if (tournament.prizeFunding === "fees") {
    const split = tournament.prizeSplit.map(Number);
    const places = recorded.map((row) => row.place);
    if (split.length === 0 || missingPlaces(split, filledPlaces(places)).length > 0) throw new WalletError("POOL_PLACES_MISSING");
    return CURRENCIES.flatMap((currency) => {
      // Teams sharing a place (a shared 3rd place) split what the places they fill hold.
      const amounts = placeAmounts(poolShares(held(currency), split), places);
      return recorded
        .map((row, index) => ({
          registrationId: row.registrationId,
          userId: row.userId,
          place: row.place,
          amount: amounts[index]!,
          currency,
        }))
        .filter((payment) => payment.amount > 0);
    });
  }
  const money = recorded.flatMap((row) =>
    row.money ? [{ registrationId: row.registrationId, userId: row.userId, place: row.place, ...row.money }] : [],
  );
  if (tournament.prizeFunding === "organizer" && money.length > 0) {
    const currency = money[0]!.currency;
    const problem = organizerPayoutProblem(money, { currency, balance: held(currency) });
    if (problem) throw new WalletError(problem);
  }
  return money;
}

/** After an organizer-funded payout, what the pool still holds goes back to the organizer who deposited it. */
async function returnRest(
  tx: Transaction,
  staffId: string,
  tournament: { id: string; title: string },
  held: (currency: Currency) => number,
  paid: Array<{ amount: number; currency: Currency }>,
  round: number,
) {
  const funder = await poolFunder(tx, tournament.id);
  if (!funder) return [];
  const returned = [];
  for (const currency of CURRENCIES) {
    const rest = held(currency) - paid.filter((row) => row.currency === currency).reduce((sum, row) => sum + row.amount, 0);
    if (rest <= 0) continue;
    await post(tx, {
      kind: "prize_pool_return",
      idempotencyKey: `pool-return:${tournament.id}:${round}:${currency}`,
      subjectId: tournament.id,
      actorId: staffId,
      lines: [
        { account: poolAccount(tournament.id, currency), amount: -rest },
        { account: userAccount(funder, currency), amount: rest },
      ],
    });
    await mailWallet(tx, funder, "poolReturned", { amount: rest, currency, title: tournament.title });
    returned.push({ userId: funder, amount: rest, currency });
  }
  return returned;
}

/** Each registration's starters in order (the first `size` players), with their account when they have one here. */
async function startersOf(tx: Transaction, registrationIds: string[], size: number): Promise<Map<string, Array<string | null>>> {
  const rows = registrationIds.length
    ? await tx
        .select({ registrationId: registrationPlayers.registrationId, userId: registrationPlayers.userId })
        .from(registrationPlayers)
        .where(and(inArray(registrationPlayers.registrationId, registrationIds), lte(registrationPlayers.position, size)))
        .orderBy(asc(registrationPlayers.registrationId), asc(registrationPlayers.position))
    : [];
  const starters = new Map<string, Array<string | null>>();
  for (const row of rows) starters.set(row.registrationId, [...(starters.get(row.registrationId) ?? []), row.userId]);
  return starters;
}

/** Takes back one credited prize with a reason (a new, opposite movement); refused if the receiver has already spent it. */
export async function reversePrize(db: Database, staffId: string, payoutId: string, reason: string) {
  if (!/^[0-9a-f-]{36}$/i.test(payoutId)) throw new WalletError("NOT_FOUND");
  try {
    return await db.transaction(async (tx) => {
      const [payout] = await tx.select().from(walletPrizePayouts).where(eq(walletPrizePayouts.id, payoutId)).for("update");
      if (!payout) throw new WalletError("NOT_FOUND");
      if (payout.reversedBy) throw new WalletError("ALREADY_DECIDED");
      const currency = payout.currency as Currency;
      const amount = Number(payout.amount);
      // Back where it was paid from: the platform's prizes account, or the tournament's pool.
      const [paidFrom] = await tx
        .select({ accountId: ledgerEntries.accountId })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.transactionId, payout.transactionId), lt(ledgerEntries.amount, 0)));
      const source = paidFrom?.accountId.startsWith("prize_pool:")
        ? poolAccount(payout.tournamentId, currency)
        : platformAccount("prizes", currency);
      const { transactionId } = await post(tx, {
        kind: "prize_reversal",
        idempotencyKey: `prize-reversal:${payout.id}`,
        subjectId: payout.tournamentId,
        actorId: staffId,
        reason,
        lines: [
          { account: userAccount(payout.userId, currency), amount: -amount },
          { account: source, amount },
        ],
      });
      await tx.update(walletPrizePayouts).set({ reversedBy: transactionId }).where(eq(walletPrizePayouts.id, payout.id));
      await recordAudit(tx, {
        actorId: staffId,
        action: "wallet.prize_reversed",
        entity: "tournament",
        entityId: payout.tournamentId,
        before: { payoutId: payout.id, amount, currency },
        after: { reason },
      });
      const [tournament] = await tx.select({ title: tournaments.title }).from(tournaments).where(eq(tournaments.id, payout.tournamentId));
      await mailWallet(tx, payout.userId, "prizeReversed", { amount, currency, title: tournament?.title, reason, place: payout.place });
      return { transactionId };
    });
  } catch (error) {
    return asWalletError(error);
  }
}

/* ───────────── Paying an order with the wallet ───────────── */

/**
 * Pays a waiting order from the buyer's wallet, fully or not at all, in the order's currency: the
 * amount moves from the wallet to orders clearing and the order goes to `approved` through the
 * lifecycle's one writer (its kind then does what an approval does), all in one transaction.
 */
export async function payOrderWithWallet(db: Database, userId: string, orderId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) throw new WalletError("NOT_FOUND");
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, userId: orders.userId, amount: orders.amount, currency: orders.currency, status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!order || order.userId !== userId) throw new WalletError("NOT_FOUND");
      if (order.status !== "initiated" || !isCurrency(order.currency) || order.amount <= 0) throw new WalletError("NOT_PAYABLE");
      await post(tx, {
        kind: "wallet_payment",
        idempotencyKey: `order:${order.id}`,
        subjectId: order.id,
        actorId: userId,
        lines: [
          { account: userAccount(userId, order.currency), amount: -order.amount },
          { account: platformAccount("orders_clearing", order.currency), amount: order.amount },
        ],
      });
      await moveOrder(tx, order.id, "approved", { userId, role: "system" }, "wallet");
      await mailOrderMove(tx, { orderId: order.id, to: "approved", actor: "system" });
      return { orderId: order.id };
    });
  } catch (error) {
    return asWalletError(error);
  }
}

/** The user's available balance in one currency (for offering "pay with balance"). */
export async function availableIn(db: Database, userId: string, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, userAccountId(userId, currency)));
  return Number(row?.balance ?? 0);
}

/* ───────────── Staff ───────────── */

/** Staff credit (positive) or debit (negative) a wallet with a reason; audited; a debit never overdraws. */
export async function adjustWallet(
  db: Database,
  input: { staffId: string; userId: string; currency: Currency; amount: number; reason: string; idempotencyKey: string },
) {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!user) throw new WalletError("NOT_FOUND");
      const result = await post(tx, {
        kind: "adjustment",
        idempotencyKey: `adjustment:${input.idempotencyKey}`,
        subjectId: input.userId,
        actorId: input.staffId,
        reason: input.reason,
        lines: [
          { account: userAccount(input.userId, input.currency), amount: input.amount },
          { account: platformAccount("adjustments", input.currency), amount: -input.amount },
        ],
      });
      if (!result.repeated) {
        await recordAudit(tx, {
          actorId: input.staffId,
          action: "wallet.adjust",
          entity: "user",
          entityId: input.userId,
          after: { currency: input.currency, amount: input.amount, reason: input.reason },
        });
        await mailWallet(tx, input.userId, "adjusted", { amount: input.amount, currency: input.currency, reason: input.reason });
      }
      return result;
    });
  } catch (error) {
    return asWalletError(error);
  }
}

export const EXPORT_CAP = 200_000;

/** Every entry of a period [from, to), oldest first, for the accountant's CSV (capped; the cap is said in the file). */
export async function ledgerRows(db: Database, from: Date, to: Date) {
  return db
    .select({
      entryId: ledgerEntries.id,
      createdAt: ledgerEntries.createdAt,
      transactionId: ledgerEntries.transactionId,
      kind: ledgerTransactions.kind,
      subjectId: ledgerTransactions.subjectId,
      reason: ledgerTransactions.reason,
      accountId: ledgerEntries.accountId,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(gte(ledgerTransactions.createdAt, from), lt(ledgerTransactions.createdAt, to)))
    .orderBy(asc(ledgerEntries.id))
    .limit(EXPORT_CAP + 1);
}

/** A user found by e-mail (the staff's adjustment form). */
export async function userByEmail(db: Database, email: string) {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.email, email));
  return row ?? null;
}

/** How a tournament's prizes are funded, and its split (the run page fills a fee-funded pool's shares). */
export async function prizeFundingOf(db: Database, tournamentId: string) {
  const [row] = await db
    .select({ prizeFunding: tournaments.prizeFunding, prizeSplit: tournaments.prizeSplit })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  return row ?? null;
}

/** What the run page shows about paying the tournament's prizes to wallets (and, with a pool, what it holds and pays). */
export async function prizePanel(db: Database, tournamentId: string) {
  const [plan, payouts, [tournament]] = await Promise.all([
    prizePlan(db, tournamentId),
    prizePayouts(db, tournamentId),
    db.select(PRIZE_TOURNAMENT_COLUMNS).from(tournaments).where(eq(tournaments.id, tournamentId)),
  ]);
  const pool = tournament ? await poolView(db, tournament) : null;
  const split = tournament?.prizeSplit.map(Number) ?? [];
  // A fee-funded pool pays each place its share of what it holds now (the same arithmetic as the payout).
  const places = plan.map((row) => row.place);
  const amountsOf = (row: RecordedPrize, index: number): Array<{ amount: number; currency: Currency }> =>
    pool?.funding === "fees"
      ? CURRENCIES.map((currency) => ({
          currency,
          amount: placeAmounts(poolShares(pool.balances[currency], split), places)[index] ?? 0,
        })).filter((money) => money.amount > 0)
      : row.money
        ? [row.money]
        : [];
  return {
    paid: payouts.some((row) => !row.reversedBy),
    /** A team event: staff may split each prize among the starters. */
    teams: tournament ? eventTeamSize(tournament) > 1 : false,
    pool,
    missingPlaces: pool?.funding === "fees" ? missingPlaces(split, filledPlaces(places)) : [],
    plan: plan.map((row, index) => ({
      place: row.place,
      name: row.teamName || row.captainName,
      text: row.text,
      share: pool?.funding === "fees" ? (split[row.place - 1] ?? 0) : null,
      amounts: amountsOf(row, index),
    })),
    payouts: payouts.map((row) => ({
      id: row.id,
      name: row.name || row.email,
      place: row.place,
      amount: Number(row.amount),
      currency: row.currency as Currency,
      reversed: Boolean(row.reversedBy),
    })),
  };
}
