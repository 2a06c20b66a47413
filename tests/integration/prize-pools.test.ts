// Tournaments' prize pools (docs/organizations.md "Prize pools"): an organizer's deposit, fee credits
// and their refunds, payouts from the pool and the return of the rest — money is never made or lost
// (property test), a frozen pool pays nothing, and two payouts at once pay once.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { competitionPrizes, registrations, tournaments, users } from "~/db/schema";
import { createOrder, moveOrder } from "~/features/orders/orders.server";
import { poolAccountId } from "~/features/wallet/core/prize-pools";
import { reconcile, reconciled } from "~/features/wallet/ledger.server";
import {
  createPoolDeposit,
  poolBalances,
  poolCommissionPercent,
  publishProblem,
  setPoolCommission,
  setPoolFrozen,
} from "~/features/wallet/prize-pools.server";
import {
  payOrderWithWallet,
  payTournamentPrizes,
  prizePayouts,
  reversePrize,
  walletSummary,
  adjustWallet,
} from "~/features/wallet/wallet.server";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
const staffId = "staff-1";
const system = { userId: null, role: "system" as const };
const staff = { userId: staffId, role: "staff" as const };

beforeEach(async () => {
  await handle.db.insert(users).values({ id: staffId, email: "staff@example.com", isStaff: true });
});

async function newUser(name = "player") {
  const id = randomUUID();
  await handle.db.insert(users).values({ id, email: `${name}-${id}@example.com`, name });
  return id;
}

async function newTournament(values: { funding: "organizer" | "fees"; prize?: string; fee?: number; split?: string[] }) {
  const id = `cup-${randomUUID().slice(0, 8)}`;
  await handle.db.insert(tournaments).values({
    id,
    title: "Copa del pozo",
    game: "free-fire",
    prize: values.prize ?? "$100",
    prizeFunding: values.funding,
    prizeSplit: values.split ?? [],
    feeAmount: values.fee ?? 0,
    feeCurrency: "USD",
    players: ["Equipos"],
    image: "/x.jpg",
    date: "2099-12-01",
    capacity: 64,
    registrationClosesAt: new Date("2099-11-30T00:00:00Z"),
    status: "draft",
  });
  return id;
}

/** A registration whose fee order waits; answers the registration and its order. */
async function register(tournamentId: string, userId: string, amount: number) {
  const order = await createOrder(handle.db, {
    userId,
    kind: "tournament",
    paymentMethod: "binance",
    currency: "USD",
    amount,
    amountUsd: amount,
    exchangeRate: null,
    phone: "04141234567",
    email: "player@example.com",
    tournamentId,
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ label: "Inscripción", unitAmount: amount, quantity: 1 }],
  });
  const registrationId = randomUUID();
  await handle.db.insert(registrations).values({
    id: registrationId,
    tournamentId,
    userId,
    teamName: `T-${registrationId.slice(0, 4)}`,
    phone: "04141234567",
    status: "pending_payment",
    orderId: order.id,
  });
  return { registrationId, orderId: order.id };
}

const approve = (orderId: string) => handle.db.transaction((tx) => moveOrder(tx, orderId, "approved", system));
const refund = (orderId: string) => handle.db.transaction((tx) => moveOrder(tx, orderId, "refunded", staff, "refund"));

async function deposit(tournamentId: string, userId: string) {
  const order = await createPoolDeposit(handle.db, {
    userId,
    email: "org@example.com",
    phone: "04141234567",
    tournamentId,
    method: "binance",
    exchangeRate: "40.00",
    expiresAt: new Date(Date.now() + 3_600_000),
    label: "Premio",
    idempotencyKey: null,
  });
  return order.id;
}

async function accountBalance(id: string): Promise<number> {
  const rows = (await handle.db.execute(sql`select balance from ledger_accounts where id = ${id}`)) as unknown as {
    rows: Array<{ balance: string }>;
  };
  return Number(rows.rows[0]?.balance ?? 0);
}

async function expectLedgerSound() {
  const report = await reconcile(handle.db);
  expect(report.differences).toEqual([]);
  expect(report.unbalancedTransactions).toBe(0);
  expect(reconciled(report)).toBe(true);
  const negativePools = (await handle.db.execute(
    sql`select count(*)::int as n from ledger_accounts where kind = 'prize_pool' and balance < 0`,
  )) as unknown as { rows: Array<{ n: number }> };
  expect(negativePools.rows[0]?.n).toBe(0);
}

describe("organizer-funded pools", () => {
  it("holds the deposit before publishing, pays the prizes from it and returns the rest to the organizer", async () => {
    const organizer = await newUser("org");
    const [ana, ben] = [await newUser("ana"), await newUser("ben")];
    const cup = await newTournament({ funding: "organizer", prize: "$100" });
    expect(await publishProblem(handle.db, { id: cup, prizeFunding: "organizer", prize: "$100" })).toBe("POOL_NOT_FUNDED");
    const orderId = await deposit(cup, organizer);
    // A Pago Móvil deposit would be bolívares for a dollar prize: refused.
    await expect(
      createPoolDeposit(handle.db, {
        userId: organizer,
        email: "o@example.com",
        phone: "04141234567",
        tournamentId: cup,
        method: "pago_movil",
        exchangeRate: "40.00",
        expiresAt: new Date(Date.now() + 60_000),
        label: "Premio",
        idempotencyKey: null,
      }),
    ).rejects.toMatchObject({ code: "WRONG_METHOD" });
    await approve(orderId);
    expect((await poolBalances(handle.db, cup)).USD).toBe(10_000);
    expect(await publishProblem(handle.db, { id: cup, prizeFunding: "organizer", prize: "$100" })).toBeNull();
    await expect(deposit(cup, organizer)).rejects.toMatchObject({ code: "ALREADY_FUNDED" });

    for (const [index, userId] of [ana, ben].entries())
      await handle.db
        .insert(registrations)
        .values({ id: `${cup}-r${index}`, tournamentId: cup, userId, teamName: `T${index}`, phone: "04141234567", status: "confirmed" });
    // More than the pool holds: refused, nothing moves.
    await handle.db.insert(competitionPrizes).values([
      { tournamentId: cup, registrationId: `${cup}-r0`, place: 1, amount: "$80" },
      { tournamentId: cup, registrationId: `${cup}-r1`, place: 2, amount: "$30" },
    ]);
    await expect(payTournamentPrizes(handle.db, staffId, cup)).rejects.toMatchObject({ code: "POOL_SHORT" });
    await handle.db.execute(sql`update competition_prizes set amount = '$20' where registration_id = ${`${cup}-r1`}`);

    await setPoolFrozen(handle.db, { staffId, tournamentId: cup, frozen: true, reason: "Denuncia de amaño" });
    await expect(payTournamentPrizes(handle.db, staffId, cup)).rejects.toMatchObject({ code: "POOL_FROZEN" });
    await setPoolFrozen(handle.db, { staffId, tournamentId: cup, frozen: false, reason: "Revisado" });
    const audit = (await handle.db.execute(
      sql`select action from audit_log where entity_id = ${cup} and action like 'prize_pool.%' order by created_at`,
    )) as unknown as { rows: Array<{ action: string }> };
    expect(audit.rows.map((row) => row.action)).toEqual(["prize_pool.freeze", "prize_pool.unfreeze"]);

    await handle.db.execute(sql`update competition_prizes set amount = '$70' where registration_id = ${`${cup}-r0`}`);
    const paid = await payTournamentPrizes(handle.db, staffId, cup);
    expect(paid.map((row) => row.amount)).toEqual([7_000, 2_000]);
    expect((await walletSummary(handle.db, ana)).USD.available).toBe(7_000);
    // $100 held − $90 paid: $10 back to the organizer, the pool empty.
    expect((await walletSummary(handle.db, organizer)).USD.available).toBe(1_000);
    expect((await poolBalances(handle.db, cup)).USD).toBe(0);
    // A reversal goes back into the pool it came from, never the platform's prizes account.
    const [first] = await prizePayouts(handle.db, cup);
    await reversePrize(handle.db, staffId, first!.id, "wrong winner");
    expect((await poolBalances(handle.db, cup)).USD).toBe(7_000);
    expect(await accountBalance("prizes:USD")).toBe(0);
    await expectLedgerSound();
  });

  it("can be funded from the organizer's wallet balance", async () => {
    const organizer = await newUser("org");
    await adjustWallet(handle.db, { staffId, userId: organizer, currency: "USD", amount: 5_000, reason: "saldo", idempotencyKey: "a1" });
    const cup = await newTournament({ funding: "organizer", prize: "$50" });
    await payOrderWithWallet(handle.db, organizer, await deposit(cup, organizer));
    expect((await poolBalances(handle.db, cup)).USD).toBe(5_000);
    expect((await walletSummary(handle.db, organizer)).USD.available).toBe(0);
    await expectLedgerSound();
  });
});

describe("fee-funded pools", () => {
  it("credits each approved fee minus the commission, reverses a refund, and pays each place its share", async () => {
    const cup = await newTournament({ funding: "fees", prize: "Pozo", fee: 200, split: ["70", "30"] });
    const people = [await newUser("a"), await newUser("b"), await newUser("c")];
    const entries = [];
    for (const userId of people) entries.push(await register(cup, userId, 200));
    for (const entry of entries) await approve(entry.orderId);
    // 10 % of $2 is $0.20: $1.80 a team into the pool.
    expect((await poolBalances(handle.db, cup)).USD).toBe(540);
    expect(await accountBalance("prize_pool_fees:USD")).toBe(60);
    await refund(entries[2]!.orderId);
    expect((await poolBalances(handle.db, cup)).USD).toBe(360);
    expect(await accountBalance("prize_pool_fees:USD")).toBe(40);

    await handle.db
      .insert(competitionPrizes)
      .values([{ tournamentId: cup, registrationId: entries[0]!.registrationId, place: 1, amount: "70 %" }]);
    await expect(payTournamentPrizes(handle.db, staffId, cup)).rejects.toMatchObject({ code: "POOL_PLACES_MISSING" });
    await handle.db
      .insert(competitionPrizes)
      .values([{ tournamentId: cup, registrationId: entries[1]!.registrationId, place: 2, amount: "30 %" }]);
    const paid = await payTournamentPrizes(handle.db, staffId, cup);
    expect(paid.map((row) => row.amount)).toEqual([252, 108]);
    expect((await poolBalances(handle.db, cup)).USD).toBe(0);
    // The pool paid out: a later refund of a fee would take money it no longer holds.
    await expect(refund(entries[0]!.orderId)).rejects.toMatchObject({ code: "NOT_ALLOWED_IN_STATE" });
    await expectLedgerSound();
  });

  it("credits each fee at the commission staff set at its approval, and a refund takes back what that credit recorded", async () => {
    const cup = await newTournament({ funding: "fees", prize: "Pozo", fee: 200, split: ["100"] });
    const early = await register(cup, await newUser("a"), 200);
    await approve(early.orderId);
    // 10 % (the environment's default): $1.80 to the pool, $0.20 to the platform.
    expect((await poolBalances(handle.db, cup)).USD).toBe(180);
    await setPoolCommission(handle.db, staffId, 25);
    expect(await poolCommissionPercent(handle.db)).toBe(25);
    const late = await register(cup, await newUser("b"), 200);
    await approve(late.orderId);
    expect((await poolBalances(handle.db, cup)).USD).toBe(180 + 150);
    expect(await accountBalance("prize_pool_fees:USD")).toBe(20 + 50);
    // The first fee is refunded after the change: its own 10 % comes back, not today's 25 %.
    await refund(early.orderId);
    expect((await poolBalances(handle.db, cup)).USD).toBe(150);
    expect(await accountBalance("prize_pool_fees:USD")).toBe(50);
    await expectLedgerSound();
  });

  it("two payouts at once pay once", async () => {
    const cup = await newTournament({ funding: "fees", prize: "Pozo", fee: 1_000, split: ["100"] });
    const winner = await newUser("w");
    const entry = await register(cup, winner, 1_000);
    await approve(entry.orderId);
    await handle.db
      .insert(competitionPrizes)
      .values([{ tournamentId: cup, registrationId: entry.registrationId, place: 1, amount: "100 %" }]);
    const results = await Promise.allSettled([payTournamentPrizes(handle.db, staffId, cup), payTournamentPrizes(handle.db, staffId, cup)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "ALREADY_PAID" });
    expect((await walletSummary(handle.db, winner)).USD.available).toBe(900);
    expect(await prizePayouts(handle.db, cup)).toHaveLength(1);
    await expectLedgerSound();
  });
});

describe("money is never made or lost", () => {
  it("across any sequence of deposits, fee credits, refunds, payouts and returns", async () => {
    const step = fc.oneof(
      fc.record({ op: fc.constant("register" as const), fee: fc.integer({ min: 1, max: 5_000 }) }),
      fc.record({ op: fc.constant("refund" as const), pick: fc.nat() }),
      fc.record({ op: fc.constant("pay" as const) }),
      fc.record({ op: fc.constant("reverse" as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<"organizer" | "fees">("organizer", "fees"),
        fc.integer({ min: 100, max: 50_000 }),
        fc.array(step, { minLength: 1, maxLength: 10 }),
        async (funding, prizeCents, steps) => {
          const organizer = await newUser("org");
          const prize = `$${(prizeCents / 100).toFixed(2)}`;
          const cup = await newTournament({ funding, prize, fee: 500, split: ["60", "40"] });
          if (funding === "organizer") await approve(await deposit(cup, organizer));
          const approved: Array<{ registrationId: string; orderId: string }> = [];
          // Right after a payout the pool is empty: a fee pool is shared whole, an organizer's rest goes back.
          let justPaid = false;
          for (const move of steps) {
            justPaid = false;
            try {
              if (move.op === "register") {
                const entry = await register(cup, await newUser("p"), move.fee);
                await approve(entry.orderId);
                approved.push(entry);
              } else if (move.op === "refund" && approved.length) {
                const entry = approved[move.pick % approved.length]!;
                await refund(entry.orderId);
              } else if (move.op === "pay" && approved.length >= 2) {
                await handle.db.execute(sql`delete from competition_prizes where tournament_id = ${cup}`);
                const first = Math.floor(prizeCents * 0.6);
                await handle.db.insert(competitionPrizes).values([
                  { tournamentId: cup, registrationId: approved[0]!.registrationId, place: 1, amount: `$${(first / 100).toFixed(2)}` },
                  { tournamentId: cup, registrationId: approved[1]!.registrationId, place: 2, amount: "40 %" },
                ]);
                await payTournamentPrizes(handle.db, staffId, cup);
                justPaid = true;
              } else if (move.op === "reverse") {
                const live = (await prizePayouts(handle.db, cup)).filter((row) => !row.reversedBy);
                if (live.length) await reversePrize(handle.db, staffId, live[move.pick % live.length]!.id, "fix");
              }
            } catch (error) {
              // Refusals (pool short, already paid, refund after payout, places missing) move nothing.
              if (!(error instanceof Error && "code" in error)) throw error;
            }
          }
          // Every cent that came in through this tournament's orders is in exactly one place.
          const inflow = (await handle.db.execute(sql`
            select coalesce(sum(-e.amount), 0)::bigint as n from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
            where e.account_id = 'orders_clearing:USD' and t.subject_id in (select id from orders where tournament_id = ${cup})`)) as unknown as {
            rows: Array<{ n: string }>;
          };
          const held = await accountBalance(poolAccountId(cup, "USD"));
          const out = (await handle.db.execute(sql`
            select coalesce(sum(e.amount), 0)::bigint as n from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
            where e.account_id <> ${poolAccountId(cup, "USD")} and e.account_id <> 'orders_clearing:USD'
              and ((t.subject_id = ${cup} and t.kind in ('prize', 'prize_reversal', 'prize_pool_return'))
                or (t.subject_id in (select id from orders where tournament_id = ${cup}) and t.kind in ('prize_pool_fee', 'prize_pool_fee_refund')))`)) as unknown as {
            rows: Array<{ n: string }>;
          };
          expect(Number(inflow.rows[0]!.n)).toBe(held + Number(out.rows[0]!.n));
          expect(held).toBeGreaterThanOrEqual(0);
          if (justPaid) expect(held).toBe(0);
          await expectLedgerSound();
        },
      ),
      { numRuns: 15 },
    );
  });
});
