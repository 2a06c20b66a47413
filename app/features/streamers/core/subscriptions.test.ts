import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SUBSCRIPTION_PRICE_MAX,
  SUBSCRIPTION_PRICE_MIN,
  isSubscribedAt,
  nextSubscriptionPeriod,
  parsePostForm,
  parseSubscriptionPrice,
  postView,
  subscriptionReminderDue,
  subscriptionSplit,
} from "./subscriptions";

describe("subscription price", () => {
  it("takes $1.00 to $20.00 typed in dollars, and refuses anything else", () => {
    expect(parseSubscriptionPrice("1")).toEqual({ ok: true, cents: 100 });
    expect(parseSubscriptionPrice("4,99")).toEqual({ ok: true, cents: 499 });
    expect(parseSubscriptionPrice("20.00")).toEqual({ ok: true, cents: 2000 });
    for (const bad of ["0.99", "20.01", "0", "", "-3", "abc", "3.999", undefined])
      expect(parseSubscriptionPrice(bad), String(bad)).toEqual({ ok: false, code: "BAD_PRICE" });
  });

  it("every accepted price lies within the limits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (cents) => {
        const parsed = parseSubscriptionPrice((cents / 100).toFixed(2));
        expect(parsed.ok).toBe(cents >= SUBSCRIPTION_PRICE_MIN && cents <= SUBSCRIPTION_PRICE_MAX);
      }),
    );
  });
});

describe("subscription fee", () => {
  it("takes the platform's fee from a fan without Plus, none from a Plus member", () => {
    expect(subscriptionSplit(500, 1000, false)).toEqual({ fee: 50, net: 450 });
    expect(subscriptionSplit(500, 1000, true)).toEqual({ fee: 0, net: 500 });
    expect(subscriptionSplit(199, 1000, false)).toEqual({ fee: 19, net: 180 });
  });

  it("never makes or loses money", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 5000 }), fc.boolean(), (amount, bp, plus) => {
        const { fee, net } = subscriptionSplit(amount, bp, plus);
        expect(fee + net).toBe(amount);
        expect(fee).toBeGreaterThanOrEqual(0);
        if (plus) expect(fee).toBe(0);
      }),
    );
  });
});

describe("subscription periods", () => {
  const at = (text: string) => new Date(text);

  it("a first month starts now; a renewal bought early starts where the running one ends", () => {
    const first = nextSubscriptionPeriod([], at("2026-01-31T12:00:00Z"));
    expect(first).toEqual({ startsAt: at("2026-01-31T12:00:00Z"), endsAt: at("2026-02-28T12:00:00Z") });
    const renewal = nextSubscriptionPeriod([first], at("2026-02-20T00:00:00Z"));
    expect(renewal).toEqual({ startsAt: at("2026-02-28T12:00:00Z"), endsAt: at("2026-03-28T12:00:00Z") });
    // After it ended, a new month starts from the day bought.
    expect(nextSubscriptionPeriod([first], at("2026-03-05T00:00:00Z")).startsAt).toEqual(at("2026-03-05T00:00:00Z"));
  });

  it("subscribed inside a period, not at its end; the reminder is due in the last three days", () => {
    const period = { startsAt: at("2026-05-01T00:00:00Z"), endsAt: at("2026-06-01T00:00:00Z") };
    expect(isSubscribedAt([period], at("2026-05-15T00:00:00Z"))).toBe(true);
    expect(isSubscribedAt([period], at("2026-06-01T00:00:00Z"))).toBe(false);
    expect(subscriptionReminderDue(period.endsAt, at("2026-05-28T23:59:00Z"))).toBe(false);
    expect(subscriptionReminderDue(period.endsAt, at("2026-05-29T00:00:00Z"))).toBe(true);
    expect(subscriptionReminderDue(period.endsAt, at("2026-06-01T00:00:00Z"))).toBe(false);
  });
});

describe("subscriber-only posts", () => {
  const post = { id: "p1", title: "Mi config de sensibilidad", body: "80 / 95 / 100" };

  it("the streamer and subscribers read the text; everyone else only the title", () => {
    expect(postView(post, { own: true, subscribed: false }).body).toBe("80 / 95 / 100");
    expect(postView(post, { own: false, subscribed: true }).body).toBe("80 / 95 / 100");
    expect(postView(post, { own: false, subscribed: false })).toEqual({ id: "p1", title: "Mi config de sensibilidad", body: null });
  });

  it("needs a title of up to 80 characters and a text of up to 2000", () => {
    expect(parsePostForm({ title: " Hola ", body: " texto " })).toEqual({ ok: true, title: "Hola", body: "texto" });
    expect(parsePostForm({ title: "", body: "x" })).toMatchObject({ ok: false, code: "POST_TITLE" });
    expect(parsePostForm({ title: "x".repeat(81), body: "x" })).toMatchObject({ ok: false, code: "POST_TITLE" });
    expect(parsePostForm({ title: "x", body: "   " })).toMatchObject({ ok: false, code: "POST_BODY" });
    expect(parsePostForm({ title: "x", body: "y".repeat(2001) })).toMatchObject({ ok: false, code: "POST_BODY" });
    expect(parsePostForm({ title: "", body: "" })).toMatchObject({
      code: "POST_TITLE",
      field: "title",
      errors: { title: "POST_TITLE", body: "POST_BODY" },
    });
  });
});
