import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, canMove, holdsReservation } from "./order-status";

describe("order status table", () => {
  const allowed = new Set([
    "initiated>proof_submitted",
    "initiated>cancelled",
    "initiated>expired",
    "proof_submitted>approved",
    "proof_submitted>rejected",
    "proof_submitted>cancelled",
    "rejected>proof_submitted",
    "rejected>cancelled",
    "approved>fulfilled",
    "approved>refunded",
  ]);

  it("allows exactly the moves of DESIGN.md", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canMove(from, to), `${from} -> ${to}`).toBe(allowed.has(`${from}>${to}`));
      }
    }
  });

  it("frees reservations when the order is cancelled, rejected or expires", () => {
    expect(holdsReservation("initiated")).toBe(true);
    expect(holdsReservation("cancelled")).toBe(false);
    expect(holdsReservation("expired")).toBe(false);
    expect(holdsReservation("rejected")).toBe(false);
    expect(holdsReservation("refunded")).toBe(false);
  });
});
