import { describe, expect, it } from "vitest";
import { afterFailure, retryDelayMs } from "./mail-retry";

const policy = { baseMs: 1000, maxMs: 60_000, maxAttempts: 5 };

describe("mail retry back-off", () => {
  it("doubles the wait after each failure, between half and all of it", () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(500);
    expect(retryDelayMs(1, policy, () => 1)).toBe(1000);
    expect(retryDelayMs(2, policy, () => 1)).toBe(2000);
    expect(retryDelayMs(4, policy, () => 0)).toBe(4000);
  });

  it("never waits longer than the cap, however many failures", () => {
    expect(retryDelayMs(20, policy, () => 1)).toBe(60_000);
    expect(retryDelayMs(1000, policy, () => 1)).toBe(60_000);
  });

  it("gives up after the last allowed attempt, and only then", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(afterFailure(4, policy, now, () => 1)).toEqual({ retryAt: new Date(now.getTime() + 8000) });
    expect(afterFailure(5, policy, now)).toEqual({ giveUp: true });
  });
});
