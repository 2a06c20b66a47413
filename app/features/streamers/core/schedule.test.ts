import { describe, expect, it } from "vitest";
import {
  SCHEDULE_MAX,
  clockText,
  fromNext,
  overlaps,
  parseClock,
  parseScheduleForm,
  readStoredSchedule,
  type ScheduleSlot,
} from "./schedule";

const row = (index: number, day: string, start: string, duration: string, title = "") => ({
  [`slot-${index}-day`]: day,
  [`slot-${index}-start`]: start,
  [`slot-${index}-duration`]: duration,
  [`slot-${index}-title`]: title,
});
const slot = (day: ScheduleSlot["day"], start: number, duration: number): ScheduleSlot => ({ day, start, duration, title: "" });

describe("the schedule form", () => {
  it("reads filled rows, skips blank ones, and orders the week from Monday", () => {
    const parsed = parseScheduleForm({
      ...row(0, "5", "20:00", "120", " Free Fire "),
      ...row(1, "1", "", "60"),
      ...row(2, "1", "08:30", "60"),
    });
    expect(parsed).toEqual({
      ok: true,
      slots: [
        { day: 1, start: 510, duration: 60, title: "" },
        { day: 5, start: 1200, duration: 120, title: "Free Fire" },
      ],
    });
    expect(parseScheduleForm({})).toEqual({ ok: true, slots: [] });
  });

  it("names the bad field", () => {
    expect(parseScheduleForm(row(0, "8", "20:00", "60"))).toMatchObject({ ok: false, code: "SCHEDULE_BAD_DAY", field: "slot-0-day" });
    expect(parseScheduleForm(row(0, "0", "20:00", "60"))).toMatchObject({ code: "SCHEDULE_BAD_DAY" });
    expect(parseScheduleForm(row(3, "2", "24:00", "60"))).toMatchObject({ ok: false, code: "SCHEDULE_BAD_TIME", field: "slot-3-start" });
    expect(parseScheduleForm(row(0, "2", "8pm", "60"))).toMatchObject({ code: "SCHEDULE_BAD_TIME" });
    expect(parseScheduleForm(row(0, "2", "", "60", "Sin hora"))).toMatchObject({ code: "SCHEDULE_BAD_TIME" });
    expect(parseScheduleForm(row(0, "2", "20:00", "10"))).toMatchObject({
      ok: false,
      code: "SCHEDULE_BAD_DURATION",
      field: "slot-0-duration",
    });
    expect(parseScheduleForm(row(0, "2", "20:00", "721"))).toMatchObject({ code: "SCHEDULE_BAD_DURATION" });
    expect(parseScheduleForm(row(0, "2", "20:00", "1.5"))).toMatchObject({ code: "SCHEDULE_BAD_DURATION" });
    expect(parseScheduleForm(row(0, "2", "20:00", "60", "x".repeat(61)))).toMatchObject({ code: "SCHEDULE_BAD_TITLE" });
    expect(parseScheduleForm(row(0, "2", "20:00", "60", "a\u0007b"))).toMatchObject({ code: "SCHEDULE_BAD_TITLE" });
  });

  it("refuses overlapping slots, across midnight and the week's end too", () => {
    expect(parseScheduleForm({ ...row(0, "3", "20:00", "120"), ...row(1, "3", "21:00", "60") })).toMatchObject({
      ok: false,
      code: "SCHEDULE_OVERLAP",
    });
    expect(parseScheduleForm({ ...row(0, "3", "23:00", "120"), ...row(1, "4", "00:30", "60") })).toMatchObject({
      code: "SCHEDULE_OVERLAP",
    });
    expect(parseScheduleForm({ ...row(0, "7", "23:00", "120"), ...row(1, "1", "00:30", "60") })).toMatchObject({
      code: "SCHEDULE_OVERLAP",
    });
    // Back to back is fine.
    expect(parseScheduleForm({ ...row(0, "3", "20:00", "60"), ...row(1, "3", "21:00", "60") })).toMatchObject({ ok: true });
    expect(overlaps(slot(7, 1380, 60), slot(1, 0, 60))).toBe(false);
    expect(overlaps(slot(1, 0, 60), slot(7, 1380, 61))).toBe(true);
  });

  it("names every bad field at once, the first as code", () => {
    expect(parseScheduleForm({ ...row(0, "2", "20:00", "10"), ...row(1, "9", "25:00", "60") })).toMatchObject({
      ok: false,
      code: "SCHEDULE_BAD_DURATION",
      field: "slot-0-duration",
      errors: { "slot-0-duration": "SCHEDULE_BAD_DURATION", "slot-1-day": "SCHEDULE_BAD_DAY", "slot-1-start": "SCHEDULE_BAD_TIME" },
    });
  });

  it("refuses more than the maximum", () => {
    const rows = Object.assign(
      {},
      ...Array.from({ length: SCHEDULE_MAX + 1 }, (_, index) => row(index, String((index % 7) + 1), index < 7 ? "08:00" : "20:00", "60")),
    );
    expect(parseScheduleForm(rows)).toMatchObject({ ok: false, code: "SCHEDULE_TOO_MANY" });
    const fourteen = Object.assign(
      {},
      ...Array.from({ length: SCHEDULE_MAX }, (_, index) => row(index, String((index % 7) + 1), index < 7 ? "08:00" : "20:00", "60")),
    );
    expect(parseScheduleForm(fourteen)).toMatchObject({ ok: true });
  });

  it("reads and writes a clock", () => {
    expect(parseClock("00:00")).toBe(0);
    expect(parseClock("23:59")).toBe(1439);
    expect(parseClock("7:00")).toBeNull();
    expect(clockText(510)).toBe("08:30");
  });
});

describe("the schedule's order", () => {
  const week = [slot(1, 1200, 120), slot(3, 1200, 120), slot(6, 600, 60)];
  // Thursday 26 Nov 2026, 15:00 in Caracas (UTC−4) is 19:00 UTC.
  const thursdayAfternoon = new Date("2026-11-26T19:00:00Z");

  it("puts the next slot first, in the platform's zone", () => {
    // The next is Saturday, then Monday, then Wednesday.
    const order = fromNext(week, thursdayAfternoon, "America/Caracas").map((s) => s.day);
    expect(order).toEqual([6, 1, 3]);
  });

  it("puts a slot on air now first", () => {
    // Monday 30 Nov 2026 21:00 Caracas = Tuesday 1 Dec 01:00 UTC: Monday's 20:00 slot is on air.
    const order = fromNext(week, new Date("2026-12-01T01:00:00Z"), "America/Caracas");
    expect(order[0]).toMatchObject({ day: 1, onAir: true });
    expect(order.slice(1).map((s) => s.day)).toEqual([3, 6]);
  });

  it("drops anything stored that is not a slot", () => {
    expect(readStoredSchedule([slot(1, 0, 60), { day: 9, start: 0, duration: 60, title: "" }, null, "x"])).toEqual([slot(1, 0, 60)]);
    expect(readStoredSchedule(null)).toEqual([]);
  });
});
