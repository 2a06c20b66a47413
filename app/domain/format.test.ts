import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRate,
  formatTime,
  isTimeZone,
  zoneOffsetMinutes,
} from "./format";

// 18:21 UTC is 14:21 in Caracas (UTC-4, no daylight saving).
const AT = "2026-11-21T18:21:00.000Z";

describe("format", () => {
  it("writes times in the platform zone, Caracas by default, whatever the runtime's zone", () => {
    expect(DEFAULT_TIME_ZONE).toBe("America/Caracas");
    expect(formatTime(AT, "en")).toBe("2:21 PM");
    expect(formatTime(AT, "es")).toMatch(/^2:21 p\. ?m\.$/);
    expect(formatTime(AT, "en", "UTC")).toBe("6:21 PM");
    expect(formatDateTime(new Date(AT), "en")).toBe("Nov 21, 2026, 2:21 PM");
    expect(formatDateTime(AT, "es")).toContain("2026");
    expect(formatDateTime(AT, "es")).toContain("2:21");
  });

  it("uses plain spaces only, so server and browser ICU builds agree", () => {
    for (const text of [formatDateTime(AT, "es"), formatDateTime(AT, "en"), formatTime(AT, "es")]) {
      expect(text).not.toMatch(/[\u202f\u00a0]/);
    }
  });

  it("writes a calendar day as that day in every zone", () => {
    expect(formatDate("2026-12-19", "en")).toBe("Dec 19, 2026");
    expect(formatDate("2026-12-19", "es")).toMatch(/^19 dic\.? 2026$/);
    expect(formatDate("2026-12-19", "en", "Pacific/Kiritimati")).toBe("Dec 19, 2026");
    // A moment late at night UTC is still the previous day in Caracas.
    expect(formatDate("2026-12-20T02:00:00Z", "en")).toBe("Dec 19, 2026");
  });

  it("answers an empty text for a bad date", () => {
    expect(formatDateTime("not a date", "es")).toBe("");
    expect(formatDate("2026-13-45", "es")).toBe("");
  });

  it("groups numbers per language, the same way money is written", () => {
    expect(formatNumber(1234.5, "es")).toBe("1.234,5");
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatRate("245.50", "es")).toBe("245,50");
    expect(formatRate("245.50", "en")).toBe("245.50");
    expect(formatRate("1245.123", "es")).toBe("1.245,123");
    expect(formatMoney({ amount: 147300, currency: "VES" }, "es")).toBe("Bs. 1.473,00");
    expect(formatMoney({ amount: 50000, currency: "USD" }, "en")).toBe("$500.00");
  });

  it("knows the zones the runtime knows", () => {
    expect(isTimeZone("America/Caracas")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("zoneOffsetMinutes", () => {
  it("is the zone's distance from UTC at that instant, summer time included", () => {
    expect(zoneOffsetMinutes(new Date("2026-03-10T12:00:00Z"), "America/Caracas")).toBe(-240);
    expect(zoneOffsetMinutes(new Date("2026-01-15T12:00:00Z"), "America/New_York")).toBe(-300);
    expect(zoneOffsetMinutes(new Date("2026-07-15T12:00:00Z"), "America/New_York")).toBe(-240);
    expect(zoneOffsetMinutes(new Date("2026-07-15T12:00:00Z"), "UTC")).toBe(0);
  });
});
