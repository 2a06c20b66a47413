import { describe, expect, it } from "vitest";
import { checkPrizes, sharedPlaces } from "./prizes";

describe("prize distribution", () => {
  it("keeps the teams with an amount, in place order", () => {
    const result = checkPrizes([
      { registrationId: "b", place: "2", amount: " $30 " },
      { registrationId: "a", place: "1", amount: "$50" },
      { registrationId: "c", place: "", amount: "" },
    ]);
    expect(result).toEqual({
      ok: true,
      prizes: [
        { registrationId: "a", place: 1, amount: "$50" },
        { registrationId: "b", place: 2, amount: "$30" },
      ],
    });
  });
  it("refuses a place given twice, a missing place, or an amount too long", () => {
    expect(
      checkPrizes([
        { registrationId: "a", place: 1, amount: "$5" },
        { registrationId: "b", place: 1, amount: "$5" },
      ]).ok,
    ).toBe(false);
    expect(checkPrizes([{ registrationId: "a", place: "", amount: "$5" }]).ok).toBe(false);
    expect(checkPrizes([{ registrationId: "a", place: 1, amount: "x".repeat(41) }]).ok).toBe(false);
  });
});

describe("checkPrizes with a fee-funded pool", () => {
  it("gives a row with a place and no amount its place's share of the pool", () => {
    expect(
      checkPrizes(
        [
          { registrationId: "a", place: "2", amount: "" },
          { registrationId: "b", place: "1", amount: "" },
          { registrationId: "c", place: "", amount: "" },
        ],
        ["70", "30"],
      ),
    ).toEqual({
      ok: true,
      prizes: [
        { registrationId: "b", place: 1, amount: "70 %" },
        { registrationId: "a", place: 2, amount: "30 %" },
      ],
    });
  });
});

describe("a shared 3rd place", () => {
  const rows = [
    { registrationId: "a", place: "1", amount: "$50" },
    { registrationId: "b", place: "2", amount: "$30" },
    { registrationId: "c", place: "3", amount: "$10" },
    { registrationId: "d", place: "3", amount: "$10" },
  ];
  it("gives 3rd to both semifinal losers when the organizer chose shared places, never a third team", () => {
    expect(checkPrizes(rows, [], [3])).toMatchObject({ ok: true });
    expect(checkPrizes(rows)).toEqual({ ok: false, code: "BAD_PRIZES" });
    expect(checkPrizes([...rows, { registrationId: "e", place: "3", amount: "$1" }], [], [3])).toEqual({ ok: false, code: "BAD_PRIZES" });
    expect(checkPrizes([...rows.slice(0, 2), { registrationId: "c", place: "2", amount: "$1" }], [], [3])).toEqual({
      ok: false,
      code: "BAD_PRIZES",
    });
  });
  it("is 3rd in elimination brackets without a 3rd-place match, and nowhere else", () => {
    expect(sharedPlaces("single_elimination", "shared")).toEqual([3]);
    expect(sharedPlaces("groups_playoffs", "shared")).toEqual([3]);
    expect(sharedPlaces("single_elimination", "match")).toEqual([]);
    expect(sharedPlaces("double_elimination", "shared")).toEqual([]);
    expect(sharedPlaces("round_robin", "shared")).toEqual([]);
  });
});
