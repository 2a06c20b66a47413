// What the bench scripts share: the built server started on an empty data directory, a signed-in
// player's cookies, lanes of concurrent work and the server's memory and CPU read from /proc.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const PORT = Number(process.env.BENCH_PORT ?? 3300);
export const BASE = `http://127.0.0.1:${PORT}`;
// What production logs by default: every page request writes its log line, as it would there.
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "info";

/**
 * Starts the built server on an empty data directory (and `extraEnv`, e.g. DATABASE_URL; `nodeFlags`,
 * e.g. --cpu-prof); resolves with the time to first response.
 */
export async function startServer(extraEnv = {}, { nodeFlags = [] } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-"));
  const started = performance.now();
  const child = spawn("node", [...nodeFlags, "server.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL, ...extraEnv },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Only the sign-in links printed on the console are needed from it: read line by line (a line may
  // span two chunks, a chunk hold hundreds of lines), each mail's link kept by address.
  const links = new Map();
  const mailsTo = new Set();
  const recent = [];
  let partial = "";
  let mailTo = null;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const to = line.match(/Mail to (\S+?):/)?.[1];
      if (to) {
        mailTo = to;
        mailsTo.add(to);
      }
      const link = line.match(/^\s*link: (http\S+\/auth\/link\?\S+)/)?.[1];
      if (link && mailTo) links.set(mailTo, link);
      recent.push(line);
      if (recent.length > 20) recent.shift();
    }
  });
  child.signInLink = (email) => links.get(email);
  child.recentOutput = (email) =>
    `${mailsTo.has(email) ? "a mail to it was printed, without a sign-in link" : "no mail to it was printed"}; last lines:\n${recent.join("\n")}`;
  for (;;) {
    try {
      const response = await fetch(`${BASE}/`);
      if (response.ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, dataDir, firstResponseMs: performance.now() - started };
}

/**
 * Signs in by e-mail link (printed on the server's console) and completes the profile: the cookies
 * of a player. `ip` is the client address the server believes (X-Forwarded-For from this machine),
 * so many players can sign in without hitting the per-address limit, as they would from their homes.
 */
export async function signedInCookie(server, { email = `bench-${Date.now()}@example.com`, ip = "10.1.0.1" } = {}) {
  const jar = new Map();
  const take = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const post = (pathname, fields) =>
    fetch(`${BASE}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, cookie: cookie(), "x-forwarded-for": ip },
      body: new URLSearchParams(fields),
    });
  const asked = await post("/auth", { email });
  let link;
  for (let attempt = 0; attempt < 600 && !link; attempt++) {
    link = server.child.signInLink(email);
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!link)
    throw new Error(
      `no sign-in link printed by the server for ${email} (POST /auth answered ${asked.status}): ${server.child.recentOutput(email)}`,
    );
  // The link opens a confirmation page; its button posts the link's fields and signs in.
  const confirmed = await post(new URL(link).pathname, Object.fromEntries(new URL(link).searchParams));
  take(confirmed);
  for (let next = confirmed.headers.get("location"), hop = 0; next && hop < 5; hop++) {
    const response = await fetch(new URL(next, BASE), { redirect: "manual", headers: { cookie: cookie(), "x-forwarded-for": ip } });
    take(response);
    next = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
  }
  const profile = await post("/auth/profile", { email, fullname: "Bench Player", age: "20", favoriteGame: "free-fire" });
  if (profile.status >= 400) throw new Error(`profile not saved: ${profile.status}`);
  return cookie();
}

/** Runs `task(i)` for i in [0, count), `lanes` at a time. */
export async function inLanes(count, lanes, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** The server's resident memory (MB), read from /proc; null where there is none. */
export function rssMb(pid) {
  try {
    const kb = Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

/** Samples the server's RSS every 200 ms until stopped; `stop()` gives the highest seen. */
export function rssPeak(pid) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 200);
  return () => (clearInterval(timer), peak);
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU time (user + system, ms) the process has used so far, from its own counters in /proc. */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // After the command name: field 14 (utime) and 15 (stime) of proc(5) are at 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Empties the PostgreSQL database at `databaseUrl` (created first on a fresh machine); only a test or bench database. */
export async function wipePostgres(databaseUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/test|bench/i.test(name)) throw new Error(`Refusing to wipe database "${name}": use one whose name contains "test" or "bench".`);
  const { default: pg } = await import("pg");
  // A fresh machine has the server but not the bench's database: create it (trust auth, as in CI).
  const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/?]+(\?|$)/, "/postgres$1") });
  await admin.connect();
  const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;");
  await client.end();
}
