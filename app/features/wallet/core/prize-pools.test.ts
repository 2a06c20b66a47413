import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { feeSplit, missingPlaces, organizerPayoutProblem, parseCommission, poolFunded, poolShares } from "./prize-pools";

describe("prize pools", () => {
  it("splits a $2 fee at 10 %: 20 cents to the platform, $1.80 to the pool", () => {
    expect(feeSplit(200, 10)).toEqual({ commission: 20, pool: 180 });
    expect(feeSplit(155, 10)).toEqual({ commission: 16, pool: 139 });
    expect(feeSplit(500, 0)).toEqual({ commission: 0, pool: 500 });
  });

  it("never makes or loses a cent splitting a fee", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 100 }), (fee, percent) => {
        const { commission, pool } = feeSplit(fee, percent);
        expect(commission + pool).toBe(fee);
        expect(commission).toBeGreaterThanOrEqual(0);
        expect(pool).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("shares a pool by the prize split, the odd cents to the first places", () => {
    expect(poolShares(1000, [50, 30, 20])).toEqual([500, 300, 200]);
    expect(poolShares(1001, [50, 30, 20])).toEqual([501, 300, 200]);
    expect(poolShares(100, [34, 33, 33])).toEqual([34, 33, 33]);
    expect(poolShares(0, [60, 40])).toEqual([0, 0]);
  });

  it("always shares the whole pool, no share negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 16 }),
        (balance, split) => {
          const shares = poolShares(balance, split);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(balance);
          expect(shares.every((share) => share >= 0)).toBe(true);
        },
      ),
    );
  });

  it("refuses an organizer payout above the pool or in another currency", () => {
    const pool = { currency: "USD" as const, balance: 10_000 };
    expect(
      organizerPayoutProblem(
        [
          { amount: 6000, currency: "USD" },
          { amount: 4000, currency: "USD" },
        ],
        pool,
      ),
    ).toBeNull();
    expect(
      organizerPayoutProblem(
        [
          { amount: 6000, currency: "USD" },
          { amount: 4001, currency: "USD" },
        ],
        pool,
      ),
    ).toBe("POOL_SHORT");
    expect(organizerPayoutProblem([{ amount: 100, currency: "VES" }], pool)).toBe("POOL_CURRENCY");
  });

  it("names the places of the split nobody holds", () => {
    expect(missingPlaces([50, 30, 20], [1, 2])).toEqual([3]);
    expect(missingPlaces([100], [1])).toEqual([]);
  });

  it("counts an organizer pool funded only once it holds the whole prize", () => {
    expect(poolFunded(10_000, 9_999)).toBe(false);
    expect(poolFunded(10_000, 10_000)).toBe(true);
    expect(poolFunded(0, 0)).toBe(false);
  });
});

describe("the commission staff set", () => {
  it("is a whole percent from 0 to 50; anything else is refused with one code", () => {
    expect(parseCommission("0")).toEqual({ ok: true, percent: 0 });
    expect(parseCommission(" 12 % ")).toEqual({ ok: true, percent: 12 });
    expect(parseCommission("50")).toEqual({ ok: true, percent: 50 });
    for (const bad of ["51", "-1", "", "7.5", "diez", "100", undefined])
      expect(parseCommission(bad), String(bad)).toEqual({ ok: false, code: "COMMISSION_INVALID" });
  });
});
