import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { openTestDatabase, testDatabaseUrl } from "./test-database";

// Two handles = two instances' pools on one PostgreSQL server. PGlite is one process: no lock there.
const url = process.env.DATABASE_URL;

describe.skipIf(!url)("routine lock on PostgreSQL (advisory lock)", () => {
  let a: DatabaseHandle;
  let b: DatabaseHandle;

  beforeAll(async () => {
    a = await openTestDatabase();
    b = await openDatabase({ url: await testDatabaseUrl(), dataDir: "memory://" });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("lets exactly one of two instances run a routine at a time", async () => {
    const runs: string[] = [];
    // The routine that runs holds the lock until the other instance has been answered (not for a
    // fixed time, which a loaded machine could outlast before the second attempt).
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const work = (instance: string) => async () => {
      runs.push(instance);
      await held;
      return instance;
    };
    const attempts = [a.tryExclusive!("routine:test", work("A")), b.tryExclusive!("routine:test", work("B"))] as const;
    expect((await Promise.race(attempts)).ran).toBe(false);
    finish();
    const [first, second] = await Promise.all(attempts);
    expect(runs).toHaveLength(1);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
  });

  it("frees the lock after the run, and after a run that throws", async () => {
    await expect(a.tryExclusive!("routine:test", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await b.tryExclusive!("routine:test", async () => "ok")).toEqual({ ran: true, result: "ok" });
    expect(await a.tryExclusive!("routine:test", async () => "again")).toEqual({ ran: true, result: "again" });
  });

  it("keeps different routines apart", async () => {
    const [x, y] = await Promise.all([
      a.tryExclusive!("routine:one", () => new Promise((resolve) => setTimeout(() => resolve(1), 200))),
      b.tryExclusive!("routine:two", async () => 2),
    ]);
    expect(x.ran && y.ran).toBe(true);
  });
});

describe.skipIf(!!url)("routine lock on PGlite", () => {
  it("has none: one process runs its routines itself", async () => {
    const handle = await openTestDatabase();
    expect(handle.tryExclusive).toBeUndefined();
    await handle.close();
  });
});
