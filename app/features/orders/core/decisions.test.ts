import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./lifecycle";
import { allowedDecisions, parseDecision } from "./decisions";

describe("staff decisions", () => {
  it("follow the status table", () => {
    const allowed = Object.fromEntries(ORDER_STATUSES.map((status) => [status, allowedDecisions(status)]));
    expect(allowed).toEqual({
      initiated: ["cancel"],
      proof_submitted: ["approve", "reject", "cancel"],
      approved: ["fulfil", "refund"],
      rejected: ["cancel"],
      fulfilled: ["refund"],
      cancelled: [],
      expired: [],
      refunded: [],
    });
  });

  it("need a known intent, and a rejection, refund or cancellation a reason of 1–300 characters", () => {
    expect(parseDecision({ intent: "approve", reason: null })).toEqual({ ok: true, decision: "approve" });
    expect(parseDecision({ intent: "fulfil", reason: "ignored" })).toEqual({ ok: true, decision: "fulfil" });
    expect(parseDecision({ intent: "reject", reason: "  Monto incompleto " })).toEqual({
      ok: true,
      decision: "reject",
      reason: "Monto incompleto",
    });
    expect(parseDecision({ intent: "reject", reason: "ñ".repeat(300) })).toMatchObject({ ok: true });
    expect(parseDecision({ intent: "reject", reason: "ñ".repeat(301) })).toMatchObject({ ok: false, code: "REASON_TOO_LONG" });
    expect(parseDecision({ intent: "cancel", reason: " " })).toMatchObject({ ok: false, code: "REASON_REQUIRED", field: "reason" });
    expect(parseDecision({ intent: "refund", reason: null })).toMatchObject({ ok: false, code: "REASON_REQUIRED" });
    expect(parseDecision({ intent: "refund", reason: "Torneo cancelado", refundReference: " 0102-778 " })).toEqual({
      ok: true,
      decision: "refund",
      reason: "Torneo cancelado",
      refundReference: "0102-778",
    });
    expect(parseDecision({ intent: "refund", reason: "x", refundReference: "9".repeat(81) })).toMatchObject({
      ok: false,
      code: "REFERENCE_TOO_LONG",
    });
    expect(parseDecision({ intent: "delete", reason: null })).toEqual({ ok: false, code: "UNKNOWN_INTENT" });
    expect(parseDecision({ intent: null, reason: null })).toEqual({ ok: false, code: "UNKNOWN_INTENT" });
  });
});
