import { describe, expect, it } from "vitest";
import { lastDays, niceMax, scaleBars } from "./chart";

describe("chart geometry", () => {
  it("rounds the axis up to a nice number", () => {
    expect([niceMax(0), niceMax(3), niceMax(7), niceMax(18), niceMax(240), niceMax(100)]).toEqual([1, 5, 10, 20, 250, 100]);
  });
  it("scales bars against it", () => {
    expect(
      scaleBars([
        { label: "a", value: 10 },
        { label: "b", value: 5 },
        { label: "c", value: -1 },
      ]),
    ).toEqual({
      max: 10,
      bars: [
        { label: "a", value: 10, share: 1 },
        { label: "b", value: 5, share: 0.5 },
        { label: "c", value: 0, share: 0 },
      ],
    });
  });
});

describe("lastDays", () => {
  it("ends on today and crosses month and year ends", () => {
    expect(lastDays("2026-03-01", 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(lastDays("2027-01-01", 2)).toEqual(["2026-12-31", "2027-01-01"]);
    expect(lastDays("2026-11-21", 30)).toHaveLength(30);
    expect(lastDays("2026-11-21", 30)[0]).toBe("2026-10-23");
  });
});
