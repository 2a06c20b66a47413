import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./lifecycle";
import { allowedDecisions, canApproveAndDeliver, parseDecision } from "./decisions";

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
      refundTo: "outside",
    });
    expect(parseDecision({ intent: "refund", reason: "x", refundReference: "9".repeat(101) })).toMatchObject({
      ok: false,
      code: "REFERENCE_TOO_LONG",
    });
    expect(parseDecision({ intent: "refund", reason: "x", refundReference: " " })).toMatchObject({
      ok: false,
      code: "REFERENCE_REQUIRED",
      field: "refundReference",
    });
    expect(parseDecision({ intent: "delete", reason: null })).toEqual({ ok: false, code: "UNKNOWN_INTENT" });
  });

  it("refund to the buyer's wallet without a reference (anything else but 'wallet' is a transfer that needs one)", () => {
    expect(parseDecision({ intent: "refund", reason: "Sin cupo", refundTo: "wallet", refundReference: "" })).toEqual({
      ok: true,
      decision: "refund",
      reason: "Sin cupo",
      refundTo: "wallet",
    });
    expect(parseDecision({ intent: "refund", reason: "Sin cupo", refundTo: "wallet" })).toMatchObject({ ok: true, refundTo: "wallet" });
    expect(parseDecision({ intent: "refund", reason: " ", refundTo: "wallet" })).toMatchObject({ ok: false, code: "REASON_REQUIRED" });
    expect(parseDecision({ intent: "refund", reason: "x", refundTo: "bank" })).toMatchObject({ ok: false, code: "REFERENCE_REQUIRED" });
    expect(parseDecision({ intent: "refund", reason: "x", refundTo: "outside", refundReference: "77" })).toMatchObject({
      ok: true,
      refundTo: "outside",
      refundReference: "77",
    });
  });

  it("read a fulfilment's optional provider transaction id: trimmed, at most 100 characters", () => {
    expect(parseDecision({ intent: "fulfil", providerReference: "  GC-889100 " })).toEqual({
      ok: true,
      decision: "fulfil",
      providerReference: "GC-889100",
    });
    expect(parseDecision({ intent: "fulfil", providerReference: "   " })).toEqual({ ok: true, decision: "fulfil" });
    expect(parseDecision({ intent: "fulfil", providerReference: "ñ".repeat(100) })).toMatchObject({ ok: true });
    expect(parseDecision({ intent: "fulfil", providerReference: "ñ".repeat(101) })).toEqual({
      ok: false,
      code: "PROVIDER_REFERENCE_TOO_LONG",
      field: "providerReference",
    });
    // Only a fulfilment keeps it.
    expect(parseDecision({ intent: "approve", providerReference: "GC-1" })).toEqual({ ok: true, decision: "approve" });
    expect(parseDecision({ intent: null, reason: null })).toEqual({ ok: false, code: "UNKNOWN_INTENT" });
  });
});

describe("canApproveAndDeliver", () => {
  it("is a store order whose proof waits", () => {
    expect(canApproveAndDeliver("store", "proof_submitted")).toBe(true);
  });
  it("is nothing else: other kinds, other states", () => {
    expect(canApproveAndDeliver("tournament", "proof_submitted")).toBe(false);
    expect(canApproveAndDeliver("plus", "proof_submitted")).toBe(false);
    for (const status of ["initiated", "approved", "rejected", "fulfilled", "refunded", "cancelled", "expired"] as const)
      expect(canApproveAndDeliver("store", status)).toBe(false);
  });
});
