import { describe, expect, it } from "vitest";
import { allowedDecisions, formatDateTime, parseDecision, parseQueueFilters, queueSearch } from "./order-decisions";

describe("staff decisions", () => {
  it("follow the status table", () => {
    expect(allowedDecisions("proof_submitted")).toEqual(["approve", "reject"]);
    expect(allowedDecisions("approved")).toEqual(["fulfil"]);
    for (const status of ["initiated", "rejected", "fulfilled", "cancelled", "expired", "refunded"] as const) expect(allowedDecisions(status)).toEqual([]);
  });

  it("need a known intent, and a rejection a reason of 1–300 characters", () => {
    expect(parseDecision({ intent: "approve", reason: null })).toEqual({ ok: true, decision: "approve" });
    expect(parseDecision({ intent: "fulfil", reason: "ignored" })).toEqual({ ok: true, decision: "fulfil" });
    expect(parseDecision({ intent: "reject", reason: "  Monto incompleto " })).toEqual({ ok: true, decision: "reject", reason: "Monto incompleto" });
    expect(parseDecision({ intent: "reject", reason: "ñ".repeat(300) })).toMatchObject({ ok: true });
    expect(parseDecision({ intent: "reject", reason: "ñ".repeat(301) })).toEqual({ ok: false, code: "REASON_TOO_LONG" });
    expect(parseDecision({ intent: "reject", reason: " " })).toEqual({ ok: false, code: "REASON_REQUIRED" });
    expect(parseDecision({ intent: "reject", reason: null })).toEqual({ ok: false, code: "REASON_REQUIRED" });
    expect(parseDecision({ intent: "refund", reason: null })).toEqual({ ok: false, code: "UNKNOWN_INTENT" });
    expect(parseDecision({ intent: null, reason: null })).toEqual({ ok: false, code: "UNKNOWN_INTENT" });
  });
});

describe("queue filters", () => {
  it("default to proofs waiting, any method, page 1", () => {
    expect(parseQueueFilters(new URLSearchParams())).toEqual({ status: "proof_submitted", method: "all", page: 1, done: null });
  });

  it("read known values and ignore the rest", () => {
    expect(parseQueueFilters(new URLSearchParams("status=approved&method=paypal&page=3&done=42"))).toEqual({ status: "approved", method: "paypal", page: 3, done: 42 });
    expect(parseQueueFilters(new URLSearchParams("status=all"))).toMatchObject({ status: "all" });
    expect(parseQueueFilters(new URLSearchParams("status=x&method=toString&page=1e9&done=-1"))).toEqual({ status: "proof_submitted", method: "all", page: 1, done: null });
    expect(parseQueueFilters(new URLSearchParams("page=0"))).toMatchObject({ page: 1 });
  });

  it("round-trip through the links", () => {
    expect(queueSearch({ status: "all", method: "binance", page: 2 })).toBe("?status=all&method=binance&page=2");
    expect(queueSearch({ status: "proof_submitted", method: "all", page: 1 })).toBe("?status=proof_submitted&method=all");
  });

  it("show times in Venezuela's time zone", () => {
    expect(formatDateTime(new Date("2026-11-20T15:00:00Z"), "en")).toBe("11/20/26, 11:00 AM");
  });
});
