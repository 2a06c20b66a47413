import { describe, expect, it } from "vitest";
import { orderTracking } from "./tracking";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const iso = (minute: number) => at(minute).toISOString();

describe("order tracking", () => {
  it("shows the order sent, then verifying with the proof's time", () => {
    expect(orderTracking("initiated", [{ toStatus: "initiated", createdAt: at(0) }])).toEqual({
      kind: "steps",
      steps: [
        { key: "sent", state: "done", at: iso(0) },
        { key: "verifying", state: "todo", at: null },
        { key: "approved", state: "todo", at: null },
        { key: "delivered", state: "todo", at: null },
      ],
    });
    const history = [
      { toStatus: "initiated", createdAt: at(0) },
      { toStatus: "proof_submitted", createdAt: at(5) },
      { toStatus: "rejected", createdAt: at(9) },
      { toStatus: "proof_submitted", createdAt: at(12) },
    ];
    expect(orderTracking("proof_submitted", history).kind === "steps" && orderTracking("proof_submitted", history)).toMatchObject({
      steps: [{ state: "done" }, { key: "verifying", state: "current", at: iso(12) }, { state: "todo" }, { state: "todo" }],
    });
  });

  it("marks approved and then delivered with their times", () => {
    const history = [
      { toStatus: "initiated", createdAt: at(0) },
      { toStatus: "proof_submitted", createdAt: at(5) },
      { toStatus: "approved", createdAt: at(20) },
    ];
    expect(orderTracking("approved", history)).toMatchObject({
      steps: [{ state: "done" }, { state: "done", at: iso(5) }, { state: "done", at: iso(20) }, { key: "delivered", state: "current" }],
    });
    expect(orderTracking("fulfilled", [...history, { toStatus: "fulfilled", createdAt: at(30) }])).toMatchObject({
      steps: [{ state: "done" }, { state: "done" }, { state: "done" }, { key: "delivered", state: "done", at: iso(30) }],
    });
  });

  it("shows a bad end instead of the steps, with its time", () => {
    for (const status of ["rejected", "cancelled", "expired", "refunded"] as const)
      expect(
        orderTracking(status, [
          { toStatus: "initiated", createdAt: at(0) },
          { toStatus: status, createdAt: at(7) },
        ]),
      ).toEqual({
        kind: "stopped",
        status,
        at: iso(7),
      });
  });

  it("marks the last step done at the approval when the kind's end comes with it (a confirmed place)", () => {
    const history = [
      { toStatus: "initiated", createdAt: at(0) },
      { toStatus: "proof_submitted", createdAt: at(5) },
      { toStatus: "approved", createdAt: at(20) },
    ];
    expect(orderTracking("approved", history, true)).toMatchObject({
      steps: [{ state: "done" }, { state: "done" }, { state: "done" }, { key: "delivered", state: "done", at: iso(20) }],
    });
  });
});
