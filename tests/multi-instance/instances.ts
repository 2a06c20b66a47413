import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The server database to test on: TEST_MULTI_POSTGRES_URL, or a database of our own on 127.0.0.1:5432. */
export const MULTI_DATABASE_URL = process.env.TEST_MULTI_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/arena_multi_test";

/** Whether PostgreSQL answers; creates the test database when the server answers and it is missing. */
export async function preparePostgres(url = MULTI_DATABASE_URL): Promise<{ ok: true } | { ok: false; reason: string }> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/test/i.test(name)) return { ok: false, reason: `refusing to wipe database "${name}": its name must contain "test"` };
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    return { ok: false, reason: `no PostgreSQL answers at ${target.host} (${String(error)})` };
  } finally {
    await client.end().catch(() => undefined);
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query("drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;");
  } finally {
    await db.end();
  }
  return { ok: true };
}

export interface Instance {
  name: string;
  url: string;
  dataDir: string;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node server.js` (the production build) and waits for /readyz. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `arena-multi-${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn("node", ["server.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", PUBLIC_URL: url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGTERM");
      throw new Error(`instance ${name} did not start:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    name,
    url,
    dataDir,
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

/** The cookies of a response, as one Cookie header, merged into what we already hold. */
export class Cookies {
  private jar = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
