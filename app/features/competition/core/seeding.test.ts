import { describe, expect, it } from "vitest";
import { orderSeeds, seedingWithByes, type SeedCandidate } from "./seeding";

const teams: SeedCandidate[] = [
  { registrationId: "a", name: "A", order: 1, pastWins: 0 },
  { registrationId: "b", name: "B", order: 2, pastWins: 5 },
  { registrationId: "c", name: "C", order: 3, pastWins: 5 },
];

describe("seeding", () => {
  it("orders by the staff's numbers, each used once", () => {
    const result = orderSeeds(teams, "manual", { manual: { a: 3, b: 1, c: 2 } });
    expect(result.ok && result.seeds.map((t) => t.name)).toEqual(["B", "C", "A"]);
    expect(orderSeeds(teams, "manual", { manual: { a: 1, b: 1, c: 2 } })).toEqual({ ok: false, code: "BAD_SEEDS" });
    expect(orderSeeds(teams, "manual", { manual: { a: 1, b: 2, c: 4 } })).toEqual({ ok: false, code: "BAD_SEEDS" });
    expect(orderSeeds(teams, "manual", { manual: { a: 1, b: 2 } })).toEqual({ ok: false, code: "BAD_SEEDS" });
  });
  it("shuffles with the given random source and keeps every team", () => {
    const result = orderSeeds(teams, "random", { random: () => 0 });
    expect(result.ok && result.seeds.map((t) => t.name)).toEqual(["B", "C", "A"]);
    expect(result.ok && [...result.seeds].map((t) => t.name).sort()).toEqual(["A", "B", "C"]);
  });
  it("puts past winners first, check-in order breaking ties", () => {
    const result = orderSeeds(teams, "past_results");
    expect(result.ok && result.seeds.map((t) => t.name)).toEqual(["B", "C", "A"]);
  });
  it("pads with byes up to the bracket size", () => {
    expect(seedingWithByes([1, 2, 3, 4, 5, 6], 8)).toEqual([1, 2, 3, 4, 5, 6, null, null]);
    expect(seedingWithByes([1, 2], 2)).toEqual([1, 2]);
  });
});
