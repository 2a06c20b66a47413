import { log } from "./log.server";

/** A background job of the server process (order expiry, price refresh). */
export interface Routine {
  name: string;
  everyMs: number;
  /** Run once at start as well as on every tick. */
  runAtStart?: boolean;
  /**
   * Once per tick across every instance sharing the database: each run takes the lock of
   * `setRoutineLock` (a PostgreSQL advisory lock) and is skipped when another instance holds it.
   * Without a lock function (PGlite: one process) the routine runs as any other.
   */
  exclusive?: boolean;
  run(): Promise<unknown>;
}

/** Runs `fn` under the named lock, or answers `{ ran: false }` when another process holds it. */
export type RoutineLock = <T>(name: string, fn: () => Promise<T>) => Promise<{ ran: true; result: T } | { ran: false }>;

let lock: RoutineLock | undefined;
/**
 * How long the winner keeps the lock at least, so an instance whose timer fires a moment later
 * in the same tick still finds it taken (exclusive ticks are aligned to the clock, see below).
 */
let minimumHoldMs = 2000;

/** Set at start-up (server/app.ts) when several instances may share the database. */
export function setRoutineLock(next: RoutineLock | undefined, options: { minimumHoldMs?: number } = {}): void {
  lock = next;
  if (options.minimumHoldMs !== undefined) minimumHoldMs = options.minimumHoldMs;
}

const timers = new Map<string, ReturnType<typeof setInterval>>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the routine on a timer that does not keep the process alive. A run that throws is
 * logged with the routine's name and the next tick tries again; runs never overlap.
 */
export function startRoutine(routine: Routine): void {
  stopRoutine(routine.name);
  let running = false;
  const exclusiveLock = routine.exclusive ? lock : undefined;
  const runOnce = async (): Promise<{ ran: boolean; result?: unknown }> => {
    if (!exclusiveLock) return { ran: true, result: await routine.run() };
    return exclusiveLock(`routine:${routine.name}`, async () => {
      const started = Date.now();
      const result = await routine.run();
      const hold = Math.min(minimumHoldMs, routine.everyMs / 4) - (Date.now() - started);
      if (hold > 0) await sleep(hold);
      return result;
    });
  };
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await runOnce();
      if (!outcome.ran) {
        log.debug("routine skipped: another instance runs this tick", { routine: routine.name });
        return;
      }
      const result = outcome.result;
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
  if (!exclusiveLock) {
    const timer = setInterval(() => void tick(), routine.everyMs);
    timer.unref();
    timers.set(routine.name, timer);
    return;
  }
  // Exclusive routines tick on multiples of everyMs since the epoch, so every instance's timer
  // fires at the same moment and exactly one of them wins the lock for that tick.
  const schedule = () => {
    const wait = routine.everyMs - (Date.now() % routine.everyMs);
    const timer = setTimeout(() => {
      schedule();
      void tick();
    }, wait);
    timer.unref();
    timers.set(routine.name, timer);
  };
  schedule();
}

export function stopRoutine(name: string): void {
  const timer = timers.get(name);
  clearInterval(timer);
  clearTimeout(timer);
  timers.delete(name);
}

export function stopAllRoutines(): void {
  for (const name of [...timers.keys()]) stopRoutine(name);
}
