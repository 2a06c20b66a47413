import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a second copy of the built app on its own port and data directory, holding only
 * the first `tournamentCount` demo tournaments. For tests that need other data than the
 * shared server's demo seed.
 */
export async function startAppServer({ tournamentCount }: { tournamentCount: number }): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-e2e-extra-"));
  const seeded = spawnSync("npx", ["tsx", "tests/e2e/support/seed-tournaments.ts", dataDir, String(tournamentCount)], {
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const port = await freePort();
  const child: ChildProcess = spawn("node", ["server.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false", NODE_ENV: "production" },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("extra app server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
