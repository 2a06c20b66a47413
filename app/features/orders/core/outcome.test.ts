import { describe, expect, it } from "vitest";
import { orderOutcome, type KindEnding } from "./outcome";

const registration = (reached: boolean): KindEnding => ({
  step: "registered",
  reached,
  headline: "registrationConfirmed",
  values: { checkIn: { dateTime: "2026-12-01T22:00:00.000Z" } },
  link: { href: "/tournament?id=t1", label: "outcome.seeEvent" },
});

describe("order outcome", () => {
  it("ends an approved registration in its own words with the event link, not in 'delivering'", () => {
    const outcome = orderOutcome("approved", registration(true));
    expect(outcome).toMatchObject({
      headline: "outcome.registrationConfirmed",
      sentence: "outcome.registrationConfirmedNext",
      tone: "done",
      link: { href: "/tournament?id=t1" },
      values: { checkIn: { dateTime: "2026-12-01T22:00:00.000Z" } },
    });
  });

  it("keeps the status words while the kind's end is not reached (a top-up approved but not yet delivered)", () => {
    const topUp: KindEnding = {
      step: "delivered",
      reached: false,
      headline: "delivered",
      details: [{ label: "outcome.playerId", value: "123" }],
    };
    expect(orderOutcome("approved", topUp)).toMatchObject({ headline: "status.approved", sentence: "next.approved", tone: "waiting" });
    expect(orderOutcome("fulfilled", { ...topUp, reached: true })).toMatchObject({
      headline: "outcome.delivered",
      tone: "done",
      details: [{ value: "123" }],
    });
  });

  it("says the status before payment, with the expiry time while unpaid", () => {
    expect(orderOutcome("initiated", registration(false), "2026-12-01T10:00:00.000Z")).toMatchObject({
      headline: "status.initiated",
      sentence: "next.initiated",
      values: { time: { dateTime: "2026-12-01T10:00:00.000Z" } },
      tone: "waiting",
    });
    expect(orderOutcome("proof_submitted", null)).toMatchObject({ headline: "status.proof_submitted", link: null, details: [] });
  });

  it("shows a bad end as stopped, without a next step, even if the kind had reached its end before", () => {
    for (const status of ["rejected", "cancelled", "expired", "refunded"] as const)
      expect(orderOutcome(status, registration(true))).toMatchObject({ headline: `status.${status}`, tone: "stopped", link: null });
  });

  it("says a refund went to the wallet and leads there; a refund made outside stays a plain refund", () => {
    expect(orderOutcome("refunded", registration(true), null, true)).toEqual({
      headline: "status.refunded",
      sentence: "next.refundedToWallet",
      values: {},
      tone: "stopped",
      link: { href: "/wallet", label: "outcome.seeWallet" },
      details: [],
    });
    expect(orderOutcome("refunded", null, null, false)).toMatchObject({ sentence: "next.refunded", link: null });
    // Only a refunded order can say so.
    expect(orderOutcome("cancelled", null, null, true)).toMatchObject({ sentence: "next.cancelled", link: null });
  });
});
