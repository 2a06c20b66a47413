import { mayMove, type OrderStatus } from "./lifecycle";

/** What staff may decide on an order, and the status each decision moves it to. */
export const DECISIONS = ["approve", "reject", "fulfil", "refund", "cancel"] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_TARGET: Record<Decision, OrderStatus> = {
  approve: "approved",
  reject: "rejected",
  fulfil: "fulfilled",
  refund: "refunded",
  cancel: "cancelled",
};

/** Decisions that must say why: the buyer reads the reason in their mail. */
const NEEDS_REASON: ReadonlySet<Decision> = new Set(["reject", "refund", "cancel"]);
export const REASON_MAX = 300;
/** A refund's bank or transfer reference. */
export const REFUND_REFERENCE_MAX = 100;
/** The top-up provider's transaction id, optional when staff mark an order delivered. */
export const PROVIDER_REFERENCE_MAX = 100;

export type DecisionErrorCode =
  "UNKNOWN_INTENT" | "REASON_REQUIRED" | "REASON_TOO_LONG" | "REFERENCE_REQUIRED" | "REFERENCE_TOO_LONG" | "PROVIDER_REFERENCE_TOO_LONG";

export function isDecision(value: unknown): value is Decision {
  return typeof value === "string" && (DECISIONS as readonly string[]).includes(value);
}

export function needsReason(decision: Decision): boolean {
  return NEEDS_REASON.has(decision);
}

/** The decisions the status table allows staff from `status`, in the order they are shown. */
export function allowedDecisions(status: OrderStatus): Decision[] {
  return DECISIONS.filter((decision) => mayMove(status, DECISION_TARGET[decision], "staff"));
}

/**
 * "Approve and deliver" in one step: a store order whose proof is waiting is approved, then marked
 * delivered; only store orders are delivered by hand (a registration's or Plus's approval is all).
 */
export function canApproveAndDeliver(kind: string, status: OrderStatus): boolean {
  return kind === "store" && mayMove(status, "approved", "staff") && mayMove("approved", "fulfilled", "staff");
}

/**
 * Where a refund's money goes: back to the buyer's wallet at once (a ledger movement, no reference
 * needed; the only way for an order paid from the wallet), or outside the platform by a transfer
 * staff make and trace with its reference.
 */
export const REFUND_DESTINATIONS = ["wallet", "outside"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

export interface ParsedDecision {
  decision: Decision;
  reason?: string;
  refundReference?: string;
  /** Refund only: "wallet" credits the buyer's wallet in the refund's transaction. */
  refundTo?: RefundDestination;
  /** Fulfilment only: the provider's transaction id for the delivered top-up. */
  providerReference?: string;
}

/**
 * Reads a decision form: the intent; for a rejection, refund or cancellation a reason of 1–300
 * characters; for a fulfilment an optional provider transaction id (trimmed, at most 100).
 */
export function parseDecision(raw: {
  intent: unknown;
  reason?: unknown;
  refundReference?: unknown;
  refundTo?: unknown;
  providerReference?: unknown;
}): ({ ok: true } & ParsedDecision) | { ok: false; code: DecisionErrorCode; field?: string } {
  if (!isDecision(raw.intent)) return { ok: false, code: "UNKNOWN_INTENT" };
  if (raw.intent === "fulfil") {
    const providerReference = typeof raw.providerReference === "string" ? raw.providerReference.trim() : "";
    if ([...providerReference].length > PROVIDER_REFERENCE_MAX)
      return { ok: false, code: "PROVIDER_REFERENCE_TOO_LONG", field: "providerReference" };
    return providerReference ? { ok: true, decision: "fulfil", providerReference } : { ok: true, decision: "fulfil" };
  }
  if (!needsReason(raw.intent)) return { ok: true, decision: raw.intent };
  const reason = typeof raw.reason === "string" ? raw.reason.trim() : "";
  if (!reason) return { ok: false, code: "REASON_REQUIRED", field: "reason" };
  if ([...reason].length > REASON_MAX) return { ok: false, code: "REASON_TOO_LONG", field: "reason" };
  if (raw.intent !== "refund") return { ok: true, decision: raw.intent, reason };
  if (raw.refundTo === "wallet") return { ok: true, decision: "refund", reason, refundTo: "wallet" };
  const refundReference = typeof raw.refundReference === "string" ? raw.refundReference.trim() : "";
  // Staff refund outside the platform (a transfer back): its reference is what the buyer can trace.
  if (!refundReference) return { ok: false, code: "REFERENCE_REQUIRED", field: "refundReference" };
  if ([...refundReference].length > REFUND_REFERENCE_MAX) return { ok: false, code: "REFERENCE_TOO_LONG", field: "refundReference" };
  return { ok: true, decision: "refund", reason, refundReference, refundTo: "outside" };
}
