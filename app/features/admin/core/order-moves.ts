import { canMove, isOrderStatus } from "~/domain/order-status";

export const STAFF_REASON_MAX = 300;
export const REFUND_REFERENCE_MAX = 100;
export type StaffMove = "refund" | "cancel";

/** Which staff moves an order's status allows, read from the status table (refunded / cancelled). */
export function staffMovesFor(status: string): StaffMove[] {
  if (!isOrderStatus(status)) return [];
  const moves: StaffMove[] = [];
  if (canMove(status, "refunded")) moves.push("refund");
  if (canMove(status, "cancelled")) moves.push("cancel");
  return moves;
}

export type StaffMoveCode = "REASON_REQUIRED" | "REASON_TOO_LONG" | "REFERENCE_REQUIRED" | "REFERENCE_TOO_LONG";

/** A refund needs a reason and the bank/transfer reference of the refund; a cancel, a reason. */
export function parseStaffMove(move: StaffMove, raw: { reason?: unknown; refundReference?: unknown }): { ok: true; reason: string; refundReference?: string } | { ok: false; code: StaffMoveCode; field: string } {
  const reason = typeof raw.reason === "string" ? raw.reason.trim() : "";
  if (!reason) return { ok: false, code: "REASON_REQUIRED", field: "reason" };
  if (reason.length > STAFF_REASON_MAX) return { ok: false, code: "REASON_TOO_LONG", field: "reason" };
  if (move === "cancel") return { ok: true, reason };
  const refundReference = typeof raw.refundReference === "string" ? raw.refundReference.trim() : "";
  if (!refundReference) return { ok: false, code: "REFERENCE_REQUIRED", field: "refundReference" };
  if (refundReference.length > REFUND_REFERENCE_MAX) return { ok: false, code: "REFERENCE_TOO_LONG", field: "refundReference" };
  return { ok: true, reason, refundReference };
}
