import { describe, expect, it } from "vitest";
import {
  ORDER_STATUSES,
  allMoves,
  canCancel,
  canMove,
  canPay,
  holdsReservation,
  isFinal,
  isPaid,
  mayMove,
  moneyMayHaveMoved,
} from "./lifecycle";

describe("order status table", () => {
  // The table of docs/product.md "Orders", written out once more by hand so a change to it is deliberate.
  const expected: Record<string, string> = {
    "initiated>proof_submitted": "owner,system",
    "initiated>cancelled": "owner,staff",
    "initiated>expired": "system",
    // Paid from the buyer's wallet (features/wallet): approved at once, by the system.
    "initiated>approved": "system",
    "proof_submitted>approved": "staff,system",
    "proof_submitted>rejected": "staff",
    "proof_submitted>cancelled": "staff",
    "rejected>proof_submitted": "owner",
    "rejected>cancelled": "owner,staff",
    "approved>fulfilled": "staff,system",
    "approved>refunded": "staff",
    "fulfilled>refunded": "staff",
  };

  it("allows exactly the documented moves, each to exactly the documented actors", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const actors = (["owner", "staff", "system"] as const).filter((actor) => mayMove(from, to, actor)).join(",");
        expect(actors, `${from} -> ${to}`).toBe(expected[`${from}>${to}`] ?? "");
        expect(canMove(from, to)).toBe(actors !== "");
      }
    }
    expect(allMoves()).toHaveLength(Object.keys(expected).length);
  });

  it("lets the buyer pay before proof and after a rejection only", () => {
    expect(ORDER_STATUSES.filter(canPay)).toEqual(["initiated", "rejected"]);
  });

  it("lets the buyer cancel only before money may have moved; staff also after proof", () => {
    expect(ORDER_STATUSES.filter((status) => canCancel(status, "owner"))).toEqual(["initiated", "rejected"]);
    expect(ORDER_STATUSES.filter((status) => canCancel(status, "staff"))).toEqual(["initiated", "proof_submitted", "rejected"]);
  });

  it("holds a reservation while the order is open or paid, and frees it otherwise", () => {
    expect(ORDER_STATUSES.filter(holdsReservation)).toEqual(["initiated", "proof_submitted", "approved", "fulfilled"]);
  });

  it("knows the final states", () => {
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(["cancelled", "expired", "refunded"]);
  });
});

describe("paid and money that may have moved", () => {
  it("paid is approved or delivered; money may have moved from the moment proof is sent", () => {
    expect(ORDER_STATUSES.filter(isPaid)).toEqual(["approved", "fulfilled"]);
    expect(ORDER_STATUSES.filter(moneyMayHaveMoved)).toEqual(["proof_submitted", "approved", "fulfilled"]);
  });
  it("an order whose money may have moved still holds what it reserved", () => {
    for (const status of ORDER_STATUSES.filter(moneyMayHaveMoved)) expect(holdsReservation(status)).toBe(true);
  });
});
