import { afterEach, describe, expect, it, vi } from "vitest";
import { setRoutineLock, startRoutine, stopAllRoutines, type RoutineLock } from "./routines.server";

afterEach(() => {
  stopAllRoutines();
  setRoutineLock(undefined);
  vi.useRealTimers();
});

/** A lock shared by "instances" in one process: the first taker holds it until its run ends. */
function sharedLock(): RoutineLock & { taken: Set<string> } {
  const taken = new Set<string>();
  const lock = (async (name: string, fn: () => Promise<unknown>) => {
    if (taken.has(name)) return { ran: false };
    taken.add(name);
    try {
      return { ran: true, result: await fn() };
    } finally {
      taken.delete(name);
    }
  }) as RoutineLock & { taken: Set<string> };
  lock.taken = taken;
  return lock;
}

describe("routines", () => {
  it("runs as before without a lock (PGlite, one process)", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => 0);
    startRoutine({ name: "plain", everyMs: 1000, exclusive: true, run });
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("skips an exclusive tick while another instance holds the lock, and runs when it is free", async () => {
    vi.useFakeTimers();
    const lock = sharedLock();
    setRoutineLock(lock, { minimumHoldMs: 0 });
    const run = vi.fn(async () => 1);
    startRoutine({ name: "expiry", everyMs: 1000, exclusive: true, run });
    lock.taken.add("routine:expiry");
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).not.toHaveBeenCalled();
    lock.taken.delete("routine:expiry");
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("ticks exclusive routines on the clock, so instances started apart tick together", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00.700Z"));
    setRoutineLock(sharedLock(), { minimumHoldMs: 0 });
    const at: number[] = [];
    startRoutine({ name: "clock", everyMs: 1000, exclusive: true, run: async () => void at.push(Date.now() % 1000) });
    await vi.advanceTimersByTimeAsync(2500);
    expect(at).toEqual([0, 0, 0]);
  });
});
