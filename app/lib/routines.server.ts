import { log } from "./log.server";

/** A background job of the server process (order expiry, price refresh). */
export interface Routine {
  name: string;
  everyMs: number;
  /** Run once at start as well as on every tick. */
  runAtStart?: boolean;
  run(): Promise<unknown>;
}

const timers = new Map<string, ReturnType<typeof setInterval>>();

/**
 * Starts the routine on a timer that does not keep the process alive. A run that throws is
 * logged with the routine's name and the next tick tries again; runs never overlap.
 */
export function startRoutine(routine: Routine): void {
  stopRoutine(routine.name);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await routine.run();
      // A routine answers how much it did (a count, or the ids it touched): worth a line when it did something.
      const count = typeof result === "number" ? result : Array.isArray(result) ? result.length : 0;
      if (count > 0) log.info("routine ran", { routine: routine.name, count });
    } catch (error) {
      log.error("routine failed", { routine: routine.name, error: String(error) });
    } finally {
      running = false;
    }
  };
  if (routine.runAtStart) void tick();
  const timer = setInterval(() => void tick(), routine.everyMs);
  timer.unref();
  timers.set(routine.name, timer);
}

export function stopRoutine(name: string): void {
  clearInterval(timers.get(name));
  timers.delete(name);
}

export function stopAllRoutines(): void {
  for (const name of [...timers.keys()]) stopRoutine(name);
}
