import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "./duration";

describe("time left", () => {
  it("reads like a countdown, never negative", () => {
    expect(formatTimeLeft(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe("2 d 3 h");
    expect(formatTimeLeft(3_600_000 + 5 * 60_000)).toBe("1 h 05 min");
    expect(formatTimeLeft(12 * 60_000 + 30_000)).toBe("12 min 30 s");
    expect(formatTimeLeft(44_100)).toBe("45 s");
    expect(formatTimeLeft(-5_000)).toBe("0 s");
  });
});
