import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
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
  /** The server's own DATA_DIR (its database, mails under `mail/`, receipts). */
  dataDir: string;
  /** What the prepare script printed on its last line of stdout ("" when there was none). */
  prepared: string;
  /** The server process (for tests about signals; a new one after `restart`). */
  child: ChildProcess;
  /** Stops the server (SIGTERM), runs `meanwhile` (e.g. a script on its data directory), starts it again on the same port. */
  restart(meanwhile?: () => void): Promise<void>;
  /** The server's recent output. */
  output(): string;
  stop(): Promise<void>;
}

type Prepare = [script: string, ...args: string[]];

export interface AppServerOptions {
  /** Keep only the first N demo tournaments (runs seed-tournaments.ts). */
  tournamentCount?: number;
  /**
   * A script run with tsx before the server starts, as `[script, ...args]`; the data directory
   * is passed as its first argument, before `args`. Its last stdout line ends up in `prepared`.
   * Several scripts (`[[a], [b, …args]]`) run one after the other on the same data directory; each
   * prints a JSON object, and `prepared` is their union.
   */
  prepare?: Prepare | Prepare[];
  /** Extra settings for this server (e.g. STORE_OPEN=false). */
  env?: Record<string, string>;
}

/**
 * With E2E_SERVER_LOG=<file>, every start appends one JSON line (what was seeded, how long the seed
 * script and the server's own start took): how the suite's server starts are counted and timed.
 */
function logStart(options: AppServerOptions, prepareMs: number, startMs: number) {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) return;
  const line = {
    at: new Date().toISOString(),
    worker: process.env.TEST_WORKER_INDEX,
    ...options,
    prepareMs: Math.round(prepareMs),
    startMs: Math.round(startMs),
  };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

function runPrepare(script: string, args: string[]): string {
  // tsx as node's loader: `npx tsx` would add a process (npx) and tsx's own CLI to every seed.
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr || result.stdout}`);
  return result.stdout.trim().split("\n").at(-1) ?? "";
}

/**
 * A data directory holding an embedded database with every migration applied and nothing else, made
 * once per machine for each set of migrations (and PGlite version) and copied for every server: a new
 * database spends seconds of CPU creating itself and migrating, before each seed and each start.
 */
export function migratedTemplate(): string {
  const migrations = path.resolve("app/db/migrations");
  const hash = createHash("sha256").update(fs.readFileSync("node_modules/@electric-sql/pglite/package.json"));
  for (const name of (fs.readdirSync(migrations, { recursive: true }) as string[]).sort()) {
    const file = path.join(migrations, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  const template = path.join(os.tmpdir(), `arena-e2e-template-${hash.digest("hex").slice(0, 16)}`);
  if (fs.existsSync(template)) return template;
  // Made beside it and renamed into place: a worker never copies a half-made one, and when two make
  // it at once the second rename fails and its copy is dropped.
  const making = fs.mkdtempSync(`${template}-making-`);
  try {
    runPrepare("tests/e2e/support/migrate-only.ts", [making]);
    fs.renameSync(making, template);
  } catch (error) {
    fs.rmSync(making, { recursive: true, force: true });
    if (!fs.existsSync(template)) throw error;
  }
  return template;
}

/**
 * Starts a second copy of the built app on its own port and data directory, without the demo
 * seed: only what `tournamentCount` and/or `prepare` put there. For tests that need other data
 * than the shared server's demo seed.
 */
export async function startAppServer({ tournamentCount, prepare, env }: AppServerOptions): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-e2e-extra-"));
  let prepared = "";
  const startedAt = performance.now();
  try {
    fs.cpSync(migratedTemplate(), dataDir, { recursive: true });
    if (tournamentCount !== undefined) runPrepare("tests/e2e/support/seed-tournaments.ts", [dataDir, String(tournamentCount)]);
    if (prepare && typeof prepare[0] === "string") {
      const [script, ...args] = prepare as Prepare;
      prepared = runPrepare(script, [dataDir, ...args]);
    } else if (prepare) {
      const union = (prepare as Prepare[]).map(([script, ...args]) => JSON.parse(runPrepare(script, [dataDir, ...args]) || "{}") as object);
      prepared = JSON.stringify(Object.assign({}, ...union));
    }
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const spawnServer = () => {
    const process_ = spawn("node", ["server.js"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        NODE_ENV: "production",
        // A server in UTC, a browser in Caracas (playwright.config.ts): dates must still agree.
        TZ: "UTC",
        // Links in mails must point at this server, with the host the browser uses (cookies).
        PUBLIC_URL: url,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Kept (the last few KB) to explain a failed start; drained so the server never blocks on a full pipe.
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-8000);
    };
    process_.stdout?.on("data", keep);
    process_.stderr?.on("data", keep);
    return process_;
  };
  const waitUntilUp = async (started: ChildProcess, waitMs = 60_000) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || started.exitCode !== null) {
        started.kill("SIGTERM");
        fs.rmSync(dataDir, { recursive: true, force: true });
        throw new Error(`extra app server did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const preparedAt = performance.now();
  let child = spawnServer();
  await waitUntilUp(child);
  logStart({ tournamentCount, prepare, env }, preparedAt - startedAt, performance.now() - preparedAt);
  const exited = (process_: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (process_.exitCode !== null || process_.signalCode !== null) return resolve();
      process_.once("exit", () => resolve());
    });
  return {
    url,
    dataDir,
    prepared,
    get child() {
      return child;
    },
    async restart(meanwhile) {
      const stopping = exited(child);
      child.kill("SIGTERM");
      await stopping;
      meanwhile?.();
      child = spawnServer();
      // A restart on a busy machine (the database opened again): more time than a first start.
      await waitUntilUp(child, 120_000);
    },
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}
