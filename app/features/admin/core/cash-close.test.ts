import { describe, expect, it } from "vitest";
import { parseDay } from "./cash-close";

describe("parseDay", () => {
  it("accepts a real calendar day", () => {
    expect(parseDay("2026-11-25")).toBe("2026-11-25");
    expect(parseDay("2028-02-29")).toBe("2028-02-29");
  });
  it("refuses anything else", () => {
    for (const value of ["2026-02-30", "2026-13-01", "26-11-25", "2026-11-25x", "", null, undefined, "1900-01-01"])
      expect(parseDay(value)).toBeNull();
  });
});
