import type { OrderStatus } from "./lifecycle";

/** The steps a buyer follows on the order page, like the shops they know (SEAGM): sent, verifying, approved, delivered. */
export const TRACKING_STEPS = ["sent", "verifying", "approved", "delivered"] as const;
export type TrackingStepKey = (typeof TRACKING_STEPS)[number];

export interface TrackingStep {
  key: TrackingStepKey;
  /** done: reached (with its time); current: under way now (staff verifying, delivery pending); todo: not yet. */
  state: "done" | "current" | "todo";
  at: string | null;
}

/** The final bad states, shown instead of the steps (rejected too: the buyer must act). */
export type StoppedStatus = Extract<OrderStatus, "rejected" | "cancelled" | "expired" | "refunded">;

export type Tracking = { kind: "steps"; steps: TrackingStep[] } | { kind: "stopped"; status: StoppedStatus; at: string | null };

/** The status each step's time is read from (the latest move into it: a resent proof counts from the new one). */
const STEP_STATUS: Record<TrackingStepKey, OrderStatus> = {
  sent: "initiated",
  verifying: "proof_submitted",
  approved: "approved",
  delivered: "fulfilled",
};

const REACHED: Partial<Record<OrderStatus, number>> = { initiated: 0, proof_submitted: 1, approved: 2, fulfilled: 3 };

/**
 * Derived from the status and its history (order_status_history), never stored. `endReached`: the
 * kind's end came with the approval (a confirmed place, Plus running), so the last step is done then.
 */
export function orderTracking(
  status: OrderStatus,
  history: ReadonlyArray<{ toStatus: string; createdAt: Date | string }>,
  endReached = false,
): Tracking {
  const lastAt = (wanted: OrderStatus) => {
    const line = [...history].reverse().find((entry) => entry.toStatus === wanted);
    return line ? new Date(line.createdAt).toISOString() : null;
  };
  const reached = REACHED[status];
  if (reached === undefined) return { kind: "stopped", status: status as StoppedStatus, at: lastAt(status) };
  if (status === "approved" && endReached)
    return {
      kind: "steps",
      steps: TRACKING_STEPS.map((key) => ({ key, state: "done", at: lastAt(STEP_STATUS[key === "delivered" ? "approved" : key]) })),
    };
  const steps = TRACKING_STEPS.map((key, index): TrackingStep => {
    const underWay = (status === "proof_submitted" && key === "verifying") || (status === "approved" && key === "delivered");
    if (underWay) return { key, state: "current", at: key === "verifying" ? lastAt(STEP_STATUS[key]) : null };
    if (index <= reached) return { key, state: "done", at: lastAt(STEP_STATUS[key]) };
    return { key, state: "todo", at: null };
  });
  return { kind: "steps", steps };
}
