import { describe, expect, it } from "vitest";
import { minorUnitsText, parseMinorUnits, parseWholeNumber } from "./money-input";

describe("parseMinorUnits", () => {
  const max = 100_000_00;
  it("reads decimal text with a point or a comma", () => {
    expect(parseMinorUnits("12.5", { max })).toEqual({ ok: true, value: 1250 });
    expect(parseMinorUnits(" 12,05 ", { max })).toEqual({ ok: true, value: 1205 });
    expect(parseMinorUnits("7", { max })).toEqual({ ok: true, value: 700 });
  });
  it("refuses empty, negative, zero, non-numeric and absurd amounts", () => {
    expect(parseMinorUnits("", { max })).toEqual({ ok: false, code: "REQUIRED" });
    expect(parseMinorUnits("-3", { max })).toEqual({ ok: false, code: "NEGATIVE" });
    expect(parseMinorUnits("0", { max })).toEqual({ ok: false, code: "ZERO" });
    expect(parseMinorUnits("0.00", { max, allowZero: true })).toEqual({ ok: true, value: 0 });
    expect(parseMinorUnits("12.345", { max })).toEqual({ ok: false, code: "NOT_A_NUMBER" });
    expect(parseMinorUnits("1e5", { max })).toEqual({ ok: false, code: "NOT_A_NUMBER" });
    expect(parseMinorUnits("abc", { max })).toEqual({ ok: false, code: "NOT_A_NUMBER" });
    expect(parseMinorUnits("100000.01", { max })).toEqual({ ok: false, code: "TOO_LARGE" });
  });
  it("writes minor units back as text", () => {
    expect(minorUnitsText(1205)).toBe("12.05");
    expect(minorUnitsText(0)).toBe("0.00");
  });
});

describe("parseWholeNumber", () => {
  it("accepts digits within bounds only", () => {
    expect(parseWholeNumber("16", { min: 1, max: 1000 })).toEqual({ ok: true, value: 16 });
    expect(parseWholeNumber("0", { min: 1, max: 1000 })).toEqual({ ok: false, code: "ZERO" });
    expect(parseWholeNumber("-2", { min: 1, max: 1000 })).toEqual({ ok: false, code: "NEGATIVE" });
    expect(parseWholeNumber("2.5", { min: 1, max: 1000 })).toEqual({ ok: false, code: "NOT_A_NUMBER" });
    expect(parseWholeNumber("5000", { min: 1, max: 1000 })).toEqual({ ok: false, code: "TOO_LARGE" });
  });
});
