import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, canMove } from "~/domain/order-status";
import { parseStaffMove, staffMovesFor } from "./order-moves";

describe("staffMovesFor", () => {
  it("follows the status table", () => {
    expect(staffMovesFor("approved")).toEqual(["refund"]);
    // Derived, never restated: fulfilled → refunded follows whatever the table says.
    for (const status of ORDER_STATUSES) {
      expect(staffMovesFor(status).includes("refund")).toBe(canMove(status, "refunded"));
      expect(staffMovesFor(status).includes("cancel")).toBe(canMove(status, "cancelled"));
    }
    expect(staffMovesFor("initiated")).toEqual(["cancel"]);
    expect(staffMovesFor("proof_submitted")).toEqual(["cancel"]);
    expect(staffMovesFor("refunded")).toEqual([]);
    expect(staffMovesFor("weird")).toEqual([]);
  });
});

describe("parseStaffMove", () => {
  it("needs a reason, and a reference for a refund", () => {
    expect(parseStaffMove("refund", { reason: " Duplicado ", refundReference: " 00123 " })).toEqual({ ok: true, reason: "Duplicado", refundReference: "00123" });
    expect(parseStaffMove("refund", { reason: "x" })).toEqual({ ok: false, code: "REFERENCE_REQUIRED", field: "refundReference" });
    expect(parseStaffMove("cancel", { reason: "" })).toEqual({ ok: false, code: "REASON_REQUIRED", field: "reason" });
    expect(parseStaffMove("cancel", { reason: "x".repeat(301) })).toEqual({ ok: false, code: "REASON_TOO_LONG", field: "reason" });
    expect(parseStaffMove("cancel", { reason: "No pagó" })).toEqual({ ok: true, reason: "No pagó" });
  });
});
