import { describe, expect, it } from "vitest";
import { platformToday } from "~/domain/format";
import { parseRateForm } from "./exchange-rate";

const today = "2026-03-10";

describe("parseRateForm", () => {
  it("normalises the rate to two decimals and defaults the date to today", () => {
    expect(parseRateForm({ rate: "250,5", source: " BCV " }, today)).toEqual({
      ok: true,
      value: { rate: "250.50", effectiveOn: today, source: "BCV" },
    });
    expect(parseRateForm({ rate: "36", effectiveOn: "2026-03-09" }, today)).toEqual({
      ok: true,
      value: { rate: "36.00", effectiveOn: "2026-03-09", source: "" },
    });
  });
  it("refuses bad rates, dates and sources with a code and the field", () => {
    expect(parseRateForm({ rate: "" }, today)).toMatchObject({ ok: false, code: "RATE_REQUIRED", field: "rate" });
    expect(parseRateForm({ rate: "-1" }, today)).toMatchObject({ ok: false, code: "RATE_NOT_POSITIVE" });
    expect(parseRateForm({ rate: "0" }, today)).toMatchObject({ ok: false, code: "RATE_NOT_POSITIVE" });
    expect(parseRateForm({ rate: "abc" }, today)).toMatchObject({ ok: false, code: "RATE_INVALID" });
    expect(parseRateForm({ rate: "99999999" }, today)).toMatchObject({ ok: false, code: "RATE_TOO_LARGE" });
    expect(parseRateForm({ rate: "250", effectiveOn: "2026-02-30" }, today)).toMatchObject({
      ok: false,
      code: "DATE_INVALID",
      field: "effectiveOn",
    });
    expect(parseRateForm({ rate: "250", effectiveOn: "2026-03-12" }, today)).toMatchObject({ ok: false, code: "DATE_IN_FUTURE" });
    expect(parseRateForm({ rate: "250", effectiveOn: "2026-03-11" }, today)).toMatchObject({ ok: true });
    expect(parseRateForm({ rate: "250", source: "x".repeat(201) }, today)).toMatchObject({
      ok: false,
      code: "SOURCE_TOO_LONG",
      field: "source",
    });
  });
  it("names every wrong field at once, the rate first", () => {
    expect(parseRateForm({ rate: "abc", effectiveOn: "2026-03-20", source: "x".repeat(201) }, today)).toMatchObject({
      ok: false,
      code: "RATE_INVALID",
      field: "rate",
      errors: { rate: "RATE_INVALID", effectiveOn: "DATE_IN_FUTURE", source: "SOURCE_TOO_LONG" },
    });
  });
  it("knows the platform's date", () => {
    expect(platformToday(new Date("2026-03-11T02:00:00Z"))).toBe("2026-03-10");
  });
});

describe("a large rate change", () => {
  it("asks for confirmation beyond 20% either way, not at 20% or without a current rate", async () => {
    const { needsRateConfirmation, rateChange } = await import("./exchange-rate");
    expect(needsRateConfirmation("100.00", "120.00")).toBe(false);
    expect(needsRateConfirmation("100.00", "120.01")).toBe(true);
    expect(needsRateConfirmation("100.00", "80.00")).toBe(false);
    expect(needsRateConfirmation("100.00", "79.99")).toBe(true);
    expect(needsRateConfirmation("245.50", "2455.00")).toBe(true);
    expect(needsRateConfirmation(null, "2455.00")).toBe(false);
    expect(rateChange("200.00", "250.00")).toBeCloseTo(0.25);
  });
});
