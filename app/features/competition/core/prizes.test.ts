import { describe, expect, it } from "vitest";
import { checkPrizes } from "./prizes";

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
