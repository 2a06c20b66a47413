import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "~/domain/duration";
import { LIVE_PAGE_SCRIPT, TIME_LEFT_JS } from "./live-page-script";

describe("the live page script", () => {
  it("writes time left exactly as the server does", () => {
    const timeLeft = new Function(`return (${TIME_LEFT_JS})`)() as (ms: number) => string;
    for (const ms of [
      -5, 0, 1, 999, 1000, 45_000, 59_001, 60_000, 750_500, 3_599_999, 3_600_000, 3_900_000, 86_399_000, 86_400_000, 183_600_000,
    ])
      expect(timeLeft(ms), String(ms)).toBe(formatTimeLeft(ms));
  });

  it("is valid JavaScript", () => {
    expect(() => new Function(LIVE_PAGE_SCRIPT)).not.toThrow();
  });
});
