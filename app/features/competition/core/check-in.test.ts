import { describe, expect, it } from "vitest";
import { checkInPhase, checkInRefusal, checkInWindow } from "./check-in";

const start = new Date("2026-12-01T20:00:00Z");
const window = checkInWindow(start, 60, 15);

describe("check-in window", () => {
  it("opens 60 and closes 15 minutes before the start by default", () => {
    expect(window.opensAt.toISOString()).toBe("2026-12-01T19:00:00.000Z");
    expect(window.closesAt.toISOString()).toBe("2026-12-01T19:45:00.000Z");
    expect(checkInPhase(window, new Date("2026-12-01T18:59:59Z"))).toBe("before");
    expect(checkInPhase(window, new Date("2026-12-01T19:00:00Z"))).toBe("open");
    expect(checkInPhase(window, new Date("2026-12-01T19:45:00Z"))).toBe("closed");
  });
  it("lets only the captain of a confirmed registration in, inside the window, before the start", () => {
    const registration = { status: "confirmed", userId: "cap" };
    expect(checkInRefusal({ phase: "open", started: false, registration, userId: "cap" })).toBeNull();
    expect(checkInRefusal({ phase: "open", started: false, registration, userId: "other" })).toBe("NOT_CAPTAIN");
    expect(
      checkInRefusal({ phase: "open", started: false, registration: { ...registration, status: "pending_payment" }, userId: "cap" }),
    ).toBe("NOT_CAPTAIN");
    expect(checkInRefusal({ phase: "open", started: false, registration: null, userId: "cap" })).toBe("NOT_CAPTAIN");
    expect(checkInRefusal({ phase: "before", started: false, registration, userId: "cap" })).toBe("CHECK_IN_NOT_OPEN");
    expect(checkInRefusal({ phase: "closed", started: false, registration, userId: "cap" })).toBe("CHECK_IN_CLOSED");
    expect(checkInRefusal({ phase: "open", started: true, registration, userId: "cap" })).toBe("ALREADY_STARTED");
  });
});
