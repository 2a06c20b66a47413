// The wallet's double-entry ledger: every movement sums to zero per currency, cached balances equal
// the sum of entries, no wallet goes below zero — under any sequence of movements (property test)
// and under concurrent withdrawals (20 at once of the whole balance: one accepted).
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { competitionPrizes, registrationPlayers, registrations, settings, tournaments, users } from "~/db/schema";
import { decideOrder } from "~/features/orders/orders.server";
import { platformAccount, userAccount } from "~/features/wallet/core/accounts";
import { DEFAULT_WITHDRAWAL_RULES } from "~/features/wallet/core/withdrawals";
import { LedgerError, post, reconcile, reconciled } from "~/features/wallet/ledger.server";
import {
  WITHDRAWAL_RULES_KEY,
  WalletError,
  adjustWallet,
  decideWithdrawal,
  payOrderWithWallet,
  payTournamentPrizes,
  prizesPaid,
  requestWithdrawal,
  reversePrize,
  prizePayouts,
  walletSummary,
} from "~/features/wallet/wallet.server";
import type { Currency } from "~/domain/money";

import { newPlayer, waitingPlusOrder } from "./support/orders";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
const staffId = "staff-1";

beforeEach(async () => {
  await handle.db.insert(users).values({ id: staffId, email: "staff@example.com", isStaff: true });
  // Permissive limits so that the sequences exercise the ledger, not the limits.
  await handle.db.insert(settings).values({
    key: WITHDRAWAL_RULES_KEY,
    value: JSON.stringify({
      ...DEFAULT_WITHDRAWAL_RULES,
      minimumAmount: { USD: 200, VES: 200 },
      minimumFee: { USD: 100, VES: 100 },
      dailyMaximum: { USD: 10_000_000, VES: 10_000_000 },
    }),
  });
});

async function prize(userId: string, currency: Currency, amount: number) {
  await handle.db.transaction((tx) =>
    post(tx, {
      kind: "prize",
      idempotencyKey: `test-prize:${randomUUID()}`,
      lines: [
        { account: platformAccount("prizes", currency), amount: -amount },
        { account: userAccount(userId, currency), amount },
      ],
    }),
  );
}

const destination = { method: "binance", payId: "123456789" } as const;

async function expectLedgerSound() {
  const report = await reconcile(handle.db);
  expect(report.differences).toEqual([]);
  expect(report.unbalancedTransactions).toBe(0);
  expect(report.negativeWallets).toBe(0);
  for (const row of report.sums) expect(row.sum).toBe(0);
  for (const row of report.transit) expect(row.ledger).toBe(row.withdrawals);
  expect(reconciled(report)).toBe(true);
}

describe("the ledger", () => {
  it("refuses unbalanced movements, overdrafts and edits; a repeated key moves money once", async () => {
    const ana = await newPlayer(handle.db, "ana");
    await expect(
      handle.db.transaction((tx) =>
        post(tx, {
          kind: "adjustment",
          idempotencyKey: "k1",
          lines: [
            { account: userAccount(ana, "USD"), amount: 100 },
            { account: platformAccount("adjustments", "USD"), amount: -99 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: "UNBALANCED" });
    await expect(
      handle.db.transaction((tx) =>
        post(tx, {
          kind: "adjustment",
          idempotencyKey: "k2",
          lines: [
            { account: userAccount(ana, "USD"), amount: 100 },
            { account: platformAccount("adjustments", "VES"), amount: -100 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      adjustWallet(handle.db, { staffId, userId: ana, currency: "USD", amount: -1, reason: "oops", idempotencyKey: "k3" }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    await adjustWallet(handle.db, { staffId, userId: ana, currency: "USD", amount: 500, reason: "gift", idempotencyKey: "k4" });
    await adjustWallet(handle.db, { staffId, userId: ana, currency: "USD", amount: 500, reason: "gift", idempotencyKey: "k4" });
    expect((await walletSummary(handle.db, ana)).USD.available).toBe(500);
    await expect(handle.db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    await expectLedgerSound();
  });

  it("withdrawal: held in transit; paid → bank and fees; rejected → back to the wallet", async () => {
    const ana = await newPlayer(handle.db, "ana");
    await prize(ana, "USD", 10_000);
    const first = await requestWithdrawal(handle.db, { userId: ana, currency: "USD", amount: 4_000, destination, idempotencyKey: "w1" });
    const again = await requestWithdrawal(handle.db, { userId: ana, currency: "USD", amount: 4_000, destination, idempotencyKey: "w1" });
    expect(again).toEqual({ id: first.id, repeated: true });
    expect(await walletSummary(handle.db, ana)).toMatchObject({ USD: { available: 6_000, pending: 4_000 } });
    await decideWithdrawal(handle.db, staffId, first.id, { decision: "paid", reference: "BIN-1" });
    await expect(decideWithdrawal(handle.db, staffId, first.id, { decision: "rejected", reason: "late" })).rejects.toMatchObject({
      code: "ALREADY_DECIDED",
    });
    const second = await requestWithdrawal(handle.db, { userId: ana, currency: "USD", amount: 6_000, destination, idempotencyKey: "w2" });
    await decideWithdrawal(handle.db, staffId, second.id, { decision: "rejected", reason: "wrong Pay ID" });
    expect(await walletSummary(handle.db, ana)).toMatchObject({ USD: { available: 6_000, pending: 0 } });
    const balances = await handle.db.execute(sql`select id, balance from ledger_accounts where kind <> 'user' order by id`);
    expect(
      (balances as unknown as { rows: Array<{ id: string; balance: string }> }).rows.map((row) => [row.id, Number(row.balance)]),
    ).toEqual([
      ["bank:USD", 3_800],
      ["fees:USD", 200],
      ["payouts_in_transit:USD", 0],
      ["prizes:USD", -10_000],
    ]);
    await expectLedgerSound();
  });

  it("pays an order from the wallet fully or not at all, and approves it", async () => {
    const ana = await newPlayer(handle.db, "ana");
    await prize(ana, "USD", 400);
    const order = await waitingPlusOrder(handle.db, ana, "USD", 500);
    await expect(payOrderWithWallet(handle.db, ana, order)).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    await prize(ana, "USD", 100);
    const other = await newPlayer(handle.db, "other");
    await expect(payOrderWithWallet(handle.db, other, order)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await payOrderWithWallet(handle.db, ana, order);
    await expect(payOrderWithWallet(handle.db, ana, order)).rejects.toMatchObject({ code: "NOT_PAYABLE" });
    const status = await handle.db.execute(sql`select status from orders where id = ${order}`);
    expect((status as unknown as { rows: Array<{ status: string }> }).rows[0]?.status).toBe("approved");
    expect((await walletSummary(handle.db, ana)).USD.available).toBe(0);
    await expectLedgerSound();
  });

  it("any sequence of prizes, withdrawals, decisions, wallet payments, refunds to the wallet and adjustments keeps the books balanced", async () => {
    const currency = fc.constantFrom<Currency>("USD", "VES");
    const who = fc.nat({ max: 2 });
    const amount = fc.integer({ min: 1, max: 20_000 });
    const operation = fc.oneof(
      fc.record({ op: fc.constant("prize" as const), who, currency, amount }),
      fc.record({ op: fc.constant("withdraw" as const), who, currency, amount }),
      fc.record({ op: fc.constant("decide" as const), pay: fc.boolean() }),
      fc.record({ op: fc.constant("order" as const), who, currency, amount }),
      fc.record({ op: fc.constant("refund" as const) }),
      fc.record({
        op: fc.constant("adjust" as const),
        who,
        currency,
        amount: fc.integer({ min: -20_000, max: 20_000 }).filter((n) => n !== 0),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const people = [await newPlayer(handle.db, "a"), await newPlayer(handle.db, "b"), await newPlayer(handle.db, "c")];
        const open: string[] = [];
        const paidOrders: string[] = [];
        for (const step of operations) {
          try {
            if (step.op === "prize") await prize(people[step.who]!, step.currency, step.amount);
            else if (step.op === "withdraw") {
              const made = await requestWithdrawal(handle.db, {
                userId: people[step.who]!,
                currency: step.currency,
                amount: step.amount,
                destination,
                idempotencyKey: randomUUID(),
              });
              open.push(made.id);
            } else if (step.op === "decide") {
              const id = open.shift();
              if (id)
                await decideWithdrawal(
                  handle.db,
                  staffId,
                  id,
                  step.pay ? { decision: "paid", reference: "R" } : { decision: "rejected", reason: "no" },
                );
            } else if (step.op === "order") {
              const orderId = await waitingPlusOrder(handle.db, people[step.who]!, step.currency, step.amount);
              await payOrderWithWallet(handle.db, people[step.who]!, orderId);
              paidOrders.push(orderId);
            } else if (step.op === "refund") {
              const orderId = paidOrders.shift();
              if (orderId)
                await decideOrder(
                  handle.db,
                  orderId,
                  { userId: staffId, isStaff: true },
                  { decision: "refund", reason: "r", refundTo: "wallet" },
                );
            } else
              await adjustWallet(handle.db, {
                staffId,
                userId: people[step.who]!,
                currency: step.currency,
                amount: step.amount,
                reason: "test",
                idempotencyKey: randomUUID(),
              });
          } catch (error) {
            // A refused movement (not enough money, below a limit) is fine; anything else is a bug.
            if (!(error instanceof WalletError)) throw error;
          }
        }
        await expectLedgerSound();
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it("20 withdrawals of the whole balance at once: exactly one is accepted", async () => {
    const ana = await newPlayer(handle.db, "ana");
    await prize(ana, "USD", 10_000);
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        requestWithdrawal(handle.db, { userId: ana, currency: "USD", amount: 10_000, destination, idempotencyKey: `all-${index}` }),
      ),
    );
    const accepted = attempts.filter((attempt) => attempt.status === "fulfilled");
    const refused = attempts.filter((attempt) => attempt.status === "rejected");
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const attempt of refused) expect((attempt as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await walletSummary(handle.db, ana)).toMatchObject({ USD: { available: 0, pending: 10_000 } });
    await expectLedgerSound();
  });

  it("pays a tournament's money prizes to captains once; a reversal is a new movement", async () => {
    const [ana, ben, cai] = [await newPlayer(handle.db, "ana"), await newPlayer(handle.db, "ben"), await newPlayer(handle.db, "cai")];
    await handle.db.insert(tournaments).values({
      id: "cup",
      title: "Copa",
      game: "free-fire",
      prize: "$100",
      players: ["Equipos"],
      image: "/x.jpg",
      date: "2026-12-01",
      capacity: 8,
      registrationClosesAt: new Date(),
    });
    for (const [index, userId] of [ana, ben, cai].entries())
      await handle.db
        .insert(registrations)
        .values({ id: `r${index}`, tournamentId: "cup", userId, teamName: `T${index}`, phone: "04141234567", status: "confirmed" });
    await handle.db.insert(competitionPrizes).values([
      { tournamentId: "cup", registrationId: "r0", place: 1, amount: "$50" },
      { tournamentId: "cup", registrationId: "r1", place: 2, amount: "$30" },
      { tournamentId: "cup", registrationId: "r2", place: 3, amount: "2.000 diamantes" },
    ]);
    const paid = await payTournamentPrizes(handle.db, staffId, "cup");
    expect(paid.map((row) => row.amount)).toEqual([5000, 3000]);
    await expect(payTournamentPrizes(handle.db, staffId, "cup")).rejects.toMatchObject({ code: "ALREADY_PAID" });
    expect((await walletSummary(handle.db, ana)).USD.available).toBe(5000);
    const [first] = await prizePayouts(handle.db, "cup");
    await reversePrize(handle.db, staffId, first!.id, "wrong winner");
    await expect(reversePrize(handle.db, staffId, first!.id, "again")).rejects.toMatchObject({ code: "ALREADY_DECIDED" });
    expect((await walletSummary(handle.db, ana)).USD.available).toBe(0);
    expect(await prizesPaid(handle.db, "cup")).toBe(true);
    const mails = await handle.db.execute(sql`select count(*)::int as n from mail_outbox where kind like 'wallet.prize%'`);
    expect((mails as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(3);
    await expectLedgerSound();
  });

  it("splits a team's prize equally among its starters when staff choose so; a starter without an account: to the captain", async () => {
    const [cap, two, three] = [await newPlayer(handle.db, "cap"), await newPlayer(handle.db, "two"), await newPlayer(handle.db, "three")];
    await handle.db.insert(tournaments).values({
      id: "squad-cup",
      title: "Copa Escuadras",
      game: "free-fire",
      teamSize: 4,
      prize: "$100",
      players: ["Escuadras"],
      image: "/x.jpg",
      date: "2026-12-01",
      capacity: 8,
      registrationClosesAt: new Date(),
    });
    await handle.db
      .insert(registrations)
      .values({ id: "sq", tournamentId: "squad-cup", userId: cap, teamName: "Escuadra", phone: "04141234567", status: "confirmed" });
    // Four starters (one typed by hand, without an account) and a substitute, who gets nothing.
    const substitute = await newPlayer(handle.db, "sub");
    await handle.db.insert(registrationPlayers).values(
      [cap, two, three, null, substitute].map((userId, index) => ({
        id: `p${index}`,
        registrationId: "sq",
        tournamentId: "squad-cup",
        position: index + 1,
        name: `Jugador ${index + 1}`,
        ign: `IGN${index + 1}`,
        userId,
      })),
    );
    await handle.db.insert(competitionPrizes).values([{ tournamentId: "squad-cup", registrationId: "sq", place: 1, amount: "$10.01" }]);
    const paid = await payTournamentPrizes(handle.db, staffId, "squad-cup", "starters");
    // 1001 cents in four shares: 251, 250, 250, 250; the hand-typed starter's share goes to the captain.
    expect(paid.map((row) => [row.userId, row.amount])).toEqual([
      [cap, 251 + 250],
      [two, 250],
      [three, 250],
    ]);
    expect((await walletSummary(handle.db, substitute)).USD.available).toBe(0);
    expect((await prizePayouts(handle.db, "squad-cup")).reduce((sum, row) => sum + Number(row.amount), 0)).toBe(1001);
    await expectLedgerSound();
  });
});
