import { describe, expect, it } from "vitest";
import { bracketSize, isBracketFormat, isFormat, winsNeeded } from "./formats";

describe("formats", () => {
  it("knows its formats", () => {
    expect(isFormat("double_elimination")).toBe(true);
    expect(isFormat("swiss")).toBe(true);
    expect(isFormat("ladder")).toBe(false);
    expect(isBracketFormat("battle_royale")).toBe(false);
    expect(isBracketFormat("round_robin")).toBe(true);
  });
  it("needs a majority of games", () => {
    expect([1, 3, 5, 7].map(winsNeeded)).toEqual([1, 2, 3, 4]);
  });
  it("sizes elimination brackets to the next power of two", () => {
    expect([2, 3, 5, 8, 9, 64, 65].map(bracketSize)).toEqual([2, 4, 8, 8, 16, 64, 128]);
  });
});
