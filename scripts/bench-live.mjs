// Live viewers of a final (docs/decisions/012-live-channel.md): `npm run bench -- live` (or `node scripts/bench-live.mjs`).
// For each N in BENCH_LIVE_VIEWERS (1000,2500,5000): a server on a fresh 16-team cup, started;
// N real server-sent-events connections to the bracket's live URL (read from the page's
// `data-live`, as the browser does) that behave like app/browser/live-page.ts: on `change`, after a
// 150–600 ms random pause, fetch the page again; on `fragment`, swap the block it carries. Then
// BENCH_LIVE_RESULTS (3) results, each a first report, a pause, and the confirming report, measuring
// the time from the confirming report to each viewer's bracket showing the winner, the events that
// reached spectators after the first report, other pages' latency meanwhile, the server's CPU and
// memory, and connections reset.
// PGlite by default; BENCH_DATABASE_URL=postgres://…/…test|bench… adds a run on that (wiped) PostgreSQL.
// BENCH_APP_DIR runs another checkout's build (e.g. the code before a change) with this same client.
// Prints a JSON line per level and writes bench-results/live.json and bench-results/live.md.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const LEVELS = (process.env.BENCH_LIVE_VIEWERS ?? "1000,2500,5000").split(",").map(Number);
const RESULTS = Number(process.env.BENCH_LIVE_RESULTS ?? 3);
const APP_DIR = path.resolve(process.env.BENCH_APP_DIR ?? ".");
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "";
// PGlite, then PostgreSQL when BENCH_DATABASE_URL is given (BENCH_LIVE_DATABASES=pglite|postgres picks one).
const DATABASES = (process.env.BENCH_LIVE_DATABASES ?? (POSTGRES_URL ? "pglite,postgres" : "pglite")).split(",");
let DATABASE_URL = "";
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "info";
const WINDOW_MS = 10_000;
const PAUSE = { min: 150, spread: 450 };
const OTHER_PAGE_LANES = 2;

if (!process.env.BENCH_APP_DIR) {
  const build = spawnSync("node", ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(1);
}

const progress = (text) => console.error(`[bench-live ${new Date().toISOString().slice(11, 19)}] ${text}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
};

/** utime + stime of a process, in seconds (Linux). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
function rssMb(pid) {
  try {
    return Math.round(Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);
  } catch {
    return null;
  }
}

const finite = (value) => (Number.isFinite(value) ? value : null);

async function wipePostgres(url) {
  const name = new URL(url).pathname.slice(1);
  if (!/test|bench/i.test(name)) throw new Error(`Refusing to wipe database "${name}": use one whose name contains "test" or "bench".`);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;");
  await client.end();
}

/** The seeded cup: PGlite is seeded once into a template directory, copied for each level. */
let template = null;
async function prepareData() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-live-"));
  if (DATABASE_URL) {
    await wipePostgres(DATABASE_URL);
    return { dataDir, seeded: seed(dataDir) };
  }
  if (!template) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-live-template-"));
    template = { dir, seeded: seed(dir) };
  }
  fs.cpSync(template.dir, dataDir, { recursive: true });
  return { dataDir, seeded: template.seeded };
}
function seed(dataDir) {
  const result = spawnSync("npx", ["tsx", "scripts/bench-live-seed.ts", dataDir, DATABASE_URL], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr || result.stdout}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

async function startServer(dataDir) {
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL,
    SEED_DEMO: "false",
  };
  if (DATABASE_URL) {
    env.DATABASE_URL = DATABASE_URL;
    env.NODE_OPTIONS = fs.readFileSync("compose.yaml", "utf8").match(/NODE_OPTIONS: \$\{NODE_OPTIONS:-(.+?)\}/)?.[1] ?? "";
  }
  // Each viewer is a socket on each side: the server may need more descriptors than the default.
  const child = spawn("sh", ["-c", "ulimit -n 65536 2>/dev/null || ulimit -n $(ulimit -Hn); exec node server.js"], {
    cwd: APP_DIR,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const links = new Map();
  let partial = "";
  let mailTo = null;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const to = line.match(/Mail to (\S+?):/)?.[1];
      if (to) mailTo = to;
      const link = line.match(/^\s*link: (http\S+\/auth\/link\?\S+)/)?.[1];
      if (link && mailTo) links.set(mailTo, link);
    }
  });
  child.signInLink = (email) => links.get(email);
  for (;;) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    await sleep(100);
  }
  return child;
}

/** Signs a seeded captain in by e-mail link (printed on the server's console): their cookies. */
async function signedInCookie(server, email, ip) {
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
  await post("/auth", { email });
  let link;
  for (let attempt = 0; attempt < 1200 && !link; attempt++) {
    link = server.signInLink(email);
    if (!link) await sleep(50);
  }
  if (!link) throw new Error(`no sign-in link for ${email}`);
  const confirmed = await post(new URL(link).pathname, Object.fromEntries(new URL(link).searchParams));
  take(confirmed);
  for (let next = confirmed.headers.get("location"), hop = 0; next && hop < 5; hop++) {
    const response = await fetch(new URL(next, BASE), { redirect: "manual", headers: { cookie: cookie(), "x-forwarded-for": ip } });
    take(response);
    next = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
  }
  return cookie();
}

// The smallest valid PNG header the server accepts as a screenshot (as tests/e2e/support/receipt-files.ts).
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(2000, 7)]);

async function report(tournamentId, matchId, cookie) {
  const form = new FormData();
  form.set("intent", "report");
  form.set("score1", "1");
  form.set("score2", "0");
  form.set("screenshot", new Blob([PNG], { type: "image/png" }), "captura.png");
  const response = await fetch(`${BASE}/tournaments/${tournamentId}/matches/${matchId}`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: BASE, accept: "application/json" },
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`report answered ${response.status}: ${text.slice(0, 300)}`);
}

/** Whether a page or block shows match `matchId` decided (its winner's side is bold). */
function showsWinner(html, matchId) {
  const at = html.indexOf(`data-testid="bracket-match-${matchId}"`);
  if (at < 0) return false;
  const next = html.indexOf(`data-testid="bracket-match-`, at + 20);
  return html.slice(at, next < 0 ? at + 3000 : next).includes("font-bold");
}

const EMPTY = Buffer.alloc(0);
const BLANK_LINE = Buffer.from("\n\n");
const BOLD = Buffer.from("font-bold");
const CARD = Buffer.from(`data-testid="bracket-match-`);
/** `showsWinner` on the bytes of an event, without decoding them. */
function showsWinnerBytes(bytes, matchId) {
  const at = bytes.indexOf(`data-testid="bracket-match-${matchId}"`);
  if (at < 0) return false;
  const next = bytes.indexOf(CARD, at + 20);
  const bold = bytes.indexOf(BOLD, at);
  return bold >= 0 && (next < 0 ? bold < at + 3000 : bold < next);
}

function gunzipText(buffer, encoding) {
  if (encoding === "gzip") return zlib.gunzipSync(buffer).toString("utf8");
  if (encoding === "br") return zlib.brotliDecompressSync(buffer).toString("utf8");
  return buffer.toString("utf8");
}

/** A GET as a browser makes it: a kept-alive connection the server closed meanwhile is retried once on a new one. */
function get(agent, urlPath, headers = {}, retried = false) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}${urlPath}`, { agent, headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, text: gunzipText(Buffer.concat(chunks), res.headers["content-encoding"]) }));
      res.on("error", reject);
    });
    req.on("error", (error) => {
      if (req.reusedSocket && !retried && error.code === "ECONNRESET") get(agent, urlPath, headers, true).then(resolve, reject);
      else reject(error);
    });
    req.end();
  });
}

/** One viewer: a live connection that acts as the page script does. */
function viewer(state, liveUrl, pagePath, agents, stats) {
  const me = { seenFor: null, events: 0, fragments: 0, waiting: false, busy: false, again: false, lastId: null, closed: false };
  const check = (html) => {
    if (state.matchId !== null && me.seenFor !== state.matchId && showsWinner(html, state.matchId)) {
      me.seenFor = state.matchId;
      state.updated.push(performance.now() - state.confirmedAt);
    }
  };
  const refetch = async () => {
    if (me.busy) {
      me.again = true;
      return;
    }
    me.busy = true;
    try {
      const page = await get(agents.pages, pagePath);
      stats.refetches++;
      if (page.status === 200) check(page.text);
      else stats.refetchErrors++;
    } catch (error) {
      stats.refetchErrors++;
      if (/ECONNRESET|EPIPE/.test(String(error?.code ?? error))) stats.resets++;
    }
    me.busy = false;
    if (me.again) {
      me.again = false;
      await refetch();
    }
  };
  // Messages are read as bytes, not decoded: one process plays thousands of browsers, each of which
  // would have a CPU of its own, so the client must cost as little as possible per message.
  const onMessage = (message) => {
    const head = message.subarray(0, 200).toString("latin1");
    const id = /^id: (.*)$/m.exec(head)?.[1];
    if (id) me.lastId = id;
    const event = /^event: (.*)$/m.exec(head)?.[1] ?? "message";
    if (event === "change") {
      me.events++;
      state.eventsSinceMark++;
      if (me.waiting) return;
      me.waiting = true;
      setTimeout(
        () => {
          me.waiting = false;
          void refetch();
        },
        PAUSE.min + Math.random() * PAUSE.spread,
      );
    } else if (event === "fragment") {
      me.events++;
      me.fragments++;
      state.eventsSinceMark++;
      if (state.matchId !== null && me.seenFor !== state.matchId && showsWinnerBytes(message, state.matchId)) {
        me.seenFor = state.matchId;
        state.updated.push(performance.now() - state.confirmedAt);
      }
    }
  };
  const connect = (attempt = 0) =>
    new Promise((resolve) => {
      const headers = { accept: "text/event-stream" };
      if (me.lastId) headers["last-event-id"] = me.lastId;
      const req = http.request(`${BASE}${liveUrl}`, { agent: agents.live, headers }, (res) => {
        if (res.statusCode !== 200) {
          stats.liveErrors++;
          res.resume();
          return resolve(false);
        }
        let buffer = EMPTY;
        res.on("data", (chunk) => {
          buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
          let end;
          while ((end = buffer.indexOf(BLANK_LINE)) >= 0) {
            onMessage(buffer.subarray(0, end));
            buffer = buffer.subarray(end + 2);
          }
        });
        const lost = (error) => {
          if (me.closed) return;
          me.closed = true;
          if (error && /ECONNRESET|EPIPE/.test(String(error.code ?? error))) stats.resets++;
          stats.dropped++;
          // As EventSource: reconnect (after a short pause) with the last id.
          setTimeout(
            () => {
              me.closed = false;
              void connect(attempt + 1);
            },
            1000 + Math.random() * 2000,
          );
        };
        res.on("error", lost);
        res.on("close", () => lost(null));
        resolve(true);
      });
      req.on("error", (error) => {
        if (/ECONNRESET|EPIPE/.test(String(error.code ?? error))) stats.resets++;
        stats.liveErrors++;
        if (!state.closing && attempt < 5) setTimeout(() => void connect(attempt + 1).then(resolve), 500 + Math.random() * 1000);
        else resolve(false);
      });
      req.end();
      me.req = req;
    });
  me.connect = connect;
  return me;
}

/** Steady requests to another page (`lanes` at a time, one after the other) while `state.running`. */
async function otherPages(state, urlPath, agent, latencies) {
  await Promise.all(
    Array.from({ length: OTHER_PAGE_LANES }, async () => {
      while (state.running) {
        const started = performance.now();
        try {
          await get(agent, urlPath);
          if (state.measuring) latencies.push(performance.now() - started);
        } catch {
          if (state.measuring) latencies.push(60_000);
        }
        await sleep(50);
      }
    }),
  );
}

async function level(count) {
  const { dataDir, seeded } = await prepareData();
  const server = await startServer(dataDir);
  const pid = server.pid;
  // The shell exec'd node: the pid is the server's.
  const tournamentId = seeded.tournamentId;
  const pagePath = `/tournaments/${tournamentId}/bracket`;
  const agents = {
    live: new http.Agent({ keepAlive: true, maxSockets: Infinity }),
    pages: new http.Agent({ keepAlive: true, maxSockets: Infinity }),
    other: new http.Agent({ keepAlive: true, maxSockets: OTHER_PAGE_LANES }),
  };
  const stats = { resets: 0, dropped: 0, liveErrors: 0, refetches: 0, refetchErrors: 0 };
  const state = { matchId: null, confirmedAt: 0, updated: [], eventsSinceMark: 0, running: true, measuring: false, closing: false };
  const viewers = [];
  const results = [];
  let rssPeak = rssMb(pid) ?? 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid) ?? 0)), 200);
  try {
    const cookies = new Map();
    let ip = 1;
    for (const match of seeded.matches.slice(0, RESULTS))
      for (const email of [match.captain1, match.captain2]) cookies.set(email, await signedInCookie(server, email, `10.7.0.${ip++}`));

    progress(`${count} viewers: captains signed in`);
    const page = await get(agents.pages, pagePath);
    const liveUrl = (page.text.match(/data-live="([^"]+)"/)?.[1] ?? `/tournaments/${tournamentId}/live`).replaceAll("&amp;", "&");
    const rssIdleMb = rssMb(pid);
    const connectStarted = performance.now();
    for (let index = 0; index < count; index++) viewers.push(viewer(state, liveUrl, pagePath, agents, stats));
    // Opened 100 at a time, as an audience arrives (not all in one instant).
    for (let index = 0; index < count; index += 100) await Promise.all(viewers.slice(index, index + 100).map((one) => one.connect()));
    const connectMs = Math.round(performance.now() - connectStarted);
    const connected = viewers.filter((one) => !one.closed).length;
    progress(`${count} viewers: ${connected} connected in ${connectMs} ms`);
    await sleep(2000);
    const rssConnectedMb = rssMb(pid);
    const others = [];
    const otherLoop = otherPages(state, `/tournament?id=${tournamentId}`, agents.other, others);

    for (const match of seeded.matches.slice(0, RESULTS)) {
      // First report: nothing public changed.
      state.eventsSinceMark = 0;
      const cpuBeforeFirst = cpuSeconds(pid);
      await report(tournamentId, match.matchId, cookies.get(match.captain1));
      await sleep(3000);
      const eventsAfterFirstReport = state.eventsSinceMark;
      const cpuFirstReport = +(cpuSeconds(pid) - cpuBeforeFirst).toFixed(2);
      // The confirming report: the result.
      others.length = 0;
      state.updated = [];
      state.matchId = match.matchId;
      state.measuring = true;
      const cpuBefore = cpuSeconds(pid);
      const clientCpuBefore = process.cpuUsage();
      state.confirmedAt = performance.now();
      await report(tournamentId, match.matchId, cookies.get(match.captain2));
      const deadline = state.confirmedAt + WINDOW_MS;
      while (performance.now() < deadline && state.updated.length < count) await sleep(50);
      state.measuring = false;
      const cpu = +(cpuSeconds(pid) - cpuBefore).toFixed(2);
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const updated = state.updated;
      results.push({
        matchId: match.matchId,
        spectatorEventsAfterFirstReport: eventsAfterFirstReport,
        serverCpuSecondsAfterFirstReport: cpuFirstReport,
        updatedWithin10s: updated.filter((ms) => ms <= WINDOW_MS).length,
        updatedWithin1s: updated.filter((ms) => ms <= 1000).length,
        p50Ms: percentile(updated, 50),
        // Viewers not updated within the window count as never (null: over 10 s).
        p99Ms: finite(percentile([...updated, ...Array(count - updated.length).fill(Infinity)], 99)),
        maxMs: updated.length === count ? Math.round(Math.max(...updated)) : null,
        otherPagesP99Ms: percentile(others, 99),
        otherPagesRequests: others.length,
        serverCpuSeconds: cpu,
        benchClientCpuSeconds: +((clientCpu.user + clientCpu.system) / 1e6).toFixed(2),
        loadAverage: +os.loadavg()[0].toFixed(1),
      });
      state.matchId = null;
      progress(`${count} viewers: result ${results.length}: ${JSON.stringify(results.at(-1))}`);
      await sleep(1500);
    }
    state.running = false;
    await otherLoop;
    return {
      viewers: count,
      database: DATABASE_URL ? "postgres" : "pglite",
      app: APP_DIR === path.resolve(".") ? "this checkout" : APP_DIR,
      connected,
      connectMs,
      rssIdleMb,
      rssConnectedMb,
      rssPeakMb: rssPeak,
      resets: stats.resets,
      dropped: stats.dropped,
      liveErrors: stats.liveErrors,
      refetches: stats.refetches,
      refetchErrors: stats.refetchErrors,
      results,
    };
  } finally {
    state.closing = true;
    state.running = false;
    clearInterval(rssTimer);
    for (const one of viewers) {
      one.closed = true;
      one.req?.destroy();
    }
    for (const agent of Object.values(agents)) agent.destroy();
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function markdown(report) {
  const lines = [
    `Live viewers (${report.date}, ${report.machine}, app: ${report.runs[0]?.app ?? ""})`,
    "",
    "| database | viewers | result | updated ≤ 1 s | updated ≤ 10 s | p50 | p99 | max | spectator events after a first report | other pages' p99 | server CPU (s) | RSS connected / peak | resets |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  const ms = (value) => (value === null ? "> 10 s" : `${value} ms`);
  for (const run of report.runs)
    for (const [index, result] of run.results.entries())
      lines.push(
        `| ${run.database} | ${run.viewers} | ${index + 1} | ${result.updatedWithin1s} | ${result.updatedWithin10s} | ${ms(result.p50Ms)} | ${ms(result.p99Ms)} | ${ms(result.maxMs)} | ${result.spectatorEventsAfterFirstReport} | ${ms(result.otherPagesP99Ms)} | ${result.serverCpuSeconds} | ${run.rssConnectedMb} / ${run.rssPeakMb} MB | ${run.resets} |`,
      );
  return lines.join("\n") + "\n";
}

const summary = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
  runs: [],
};
try {
  for (const database of DATABASES) {
    DATABASE_URL = database === "postgres" ? POSTGRES_URL : "";
    if (database === "postgres" && !POSTGRES_URL) throw new Error("BENCH_LIVE_DATABASES=postgres needs BENCH_DATABASE_URL");
    for (const count of LEVELS) {
      const run = await level(count);
      console.log(JSON.stringify(run));
      summary.runs.push(run);
    }
  }
} finally {
  if (template) fs.rmSync(template.dir, { recursive: true, force: true });
}
fs.mkdirSync("bench-results", { recursive: true });
const suffix = process.env.BENCH_LIVE_NAME ? `-${process.env.BENCH_LIVE_NAME}` : "";
fs.writeFileSync(`bench-results/live${suffix}.json`, JSON.stringify(summary, null, 2));
fs.writeFileSync(`bench-results/live${suffix}.md`, markdown(summary));
console.log(markdown(summary));
