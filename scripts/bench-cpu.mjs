// Server cost per request, in the server process's own CPU time (docs/benchmarks.md, "Server cost"):
// each signed-in page against its static twin (the page's own HTML served as a file, compressed on the
// fly by the same middleware), and the store's buy-now post; each with where the time goes, by layer,
// from a V8 CPU profile of the same run. Wall time and throughput are left out on purpose: on two
// cores shared with PostgreSQL and the load generator they charge the page for its neighbours.
//
// Alone: `npm run bench:cpu` (a page and its twin alternate in BENCH_CPU_ROUNDS rounds, default 3, of
// BENCH_CPU_REQUESTS requests, default 600; BENCH_DATABASE_URL adds the same on PostgreSQL).
// `npm run bench` runs it too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { BASE, cpuMs, signedInCookie, startServer, wipePostgres } from "./bench-server.mjs";
import { checkoutForm } from "./checkout-post.mjs";

/** Requests per round; the page and its twin alternate for ROUNDS rounds. */
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 600);
const WARM_UP = 100;
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const CONNECTIONS = 4;
const ENCODING = "gzip";
export const CPU_RATIO_BUDGET = 4;

/** Where a stack frame's code lives, by the package or file its script comes from. */
const LAYERS = [
  ["authentication", /node_modules\/(better-auth|@better-auth|better-call|jose|@noble|uncrypto|defu)\//],
  ["database", /node_modules\/(drizzle-orm|pg|pg-protocol|pg-pool|pg-types|postgres-\w+|@electric-sql)\//],
  ["rendering", /node_modules\/(react|react-dom|scheduler)\//],
  ["compression", /node_modules\/(compression|express-static-gzip)\/|^node:zlib$|internal\/.*zlib/],
  [
    "logging",
    /node_modules\/(pino|pino-\w+|sonic-boom|thread-stream|on-exit-leak-free|quick-format-unescaped|fast-redact|safe-stable-stringify)\//,
  ],
  ["translations", /node_modules\/i18next\//],
  [
    "framework",
    /node_modules\/(react-router|@react-router|express|router|body-parser|send|serve-static|finalhandler|cookie|qs|iconv-lite|raw-body|on-finished|statuses|mime-\w+|negotiator|accepts|type-is|content-type|isbot|set-cookie-parser)\//,
  ],
  ["our code", /\/build\/server\/|\/server\.js$|\/server\/[\w-]+\.m?js$|\/app\//],
  ["other packages", /node_modules\//],
];

function layerOf(url) {
  if (!url) return null;
  for (const [layer, pattern] of LAYERS) if (pattern.test(url)) return layer;
  return null;
}

/**
 * Self time of the profile's samples inside the time `windows` ([fromUs, toUs] pairs), by layer: a
 * sample's time goes to the nearest frame (the sampled one, then its callers) whose script belongs to a
 * layer, so time in Node's own code (http, streams, zlib bindings) counts for whoever called it; what
 * nobody of ours called (the event loop, garbage collection, idle) is "Node runtime".
 */
export function layersOf(profile, windows) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const layerCache = new Map();
  const layerOfNode = (id) => {
    if (layerCache.has(id)) return layerCache.get(id);
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    let layer;
    if (name === "(idle)") layer = "idle";
    else if (name === "(garbage collector)") layer = "garbage collection";
    else layer = layerOf(node.callFrame.url) ?? (parent.has(id) ? layerOfNode(parent.get(id)) : "Node runtime");
    layerCache.set(id, layer);
    return layer;
  };
  const inside = (at) => windows.some(([fromUs, toUs]) => at >= fromUs && at <= toUs);
  const totals = {};
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    at += profile.timeDeltas[index];
    if (!inside(at)) continue;
    const layer = layerOfNode(profile.samples[index]);
    totals[layer] = (totals[layer] ?? 0) + (profile.timeDeltas[index + 1] ?? 0);
  }
  delete totals.idle;
  const busy = Object.values(totals).reduce((sum, value) => sum + value, 0) || 1;
  return Object.fromEntries(
    Object.entries(totals)
      .sort((a, b) => b[1] - a[1])
      .map(([layer, us]) => [layer, Math.round((us / busy) * 100)]),
  );
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** `count` requests of one kind at CONNECTIONS at a time (after a warm-up): CPU ms per request and the time window. */
async function measure(pid, request, count = REQUESTS, { warmUp = WARM_UP } = {}) {
  if (warmUp) await autocannon({ ...request, connections: CONNECTIONS, amount: warmUp });
  const fromUs = nowUs();
  const before = cpuMs(pid);
  const result = await autocannon({ ...request, connections: CONNECTIONS, amount: count });
  const cpuMsPerRequest = +((cpuMs(pid) - before) / count).toFixed(2);
  return { cpuMsPerRequest, errors: result.errors + result["4xx"] + result["5xx"], windows: [[fromUs, nowUs()]] };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A page and its static twin in ROUNDS alternating rounds of REQUESTS each: this machine's speed drifts
 * by a third within a minute (a virtual machine on a shared host), so a page measured once after its
 * twin could be charged for the drift. Each round gives a ratio; the run reports the medians. Rounds
 * are long because a round inherits some garbage collection from the one before (5 rounds of 200
 * charged a twin 0.5 ms of its page's collections).
 */
async function measurePair(pid, pageRequest, staticRequest) {
  await measure(pid, pageRequest, WARM_UP, { warmUp: 0 });
  await measure(pid, staticRequest, WARM_UP, { warmUp: 0 });
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const page = await measure(pid, pageRequest, REQUESTS, { warmUp: 0 });
    const twin = await measure(pid, staticRequest, REQUESTS, { warmUp: 0 });
    rounds.push({ page, twin });
  }
  const summary = (runs) => ({
    cpuMsPerRequest: median(runs.map((run) => run.cpuMsPerRequest)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    windows: runs.flatMap((run) => run.windows),
  });
  return {
    page: summary(rounds.map((round) => round.page)),
    static: summary(rounds.map((round) => round.twin)),
    ratio: +median(rounds.map((round) => round.page.cpuMsPerRequest / Math.max(0.01, round.twin.cpuMsPerRequest))).toFixed(2),
  };
}

/** The signed-in pages of the CPU goal (docs/benchmarks.md): `/` signed in, a tournament page, `/orders`, a store game page signed in. */
function signedInPages(tournamentId) {
  return [
    { label: "/ (signed in)", path: "/" },
    ...(tournamentId ? [{ label: "/tournament", path: `/tournament?id=${tournamentId}` }] : []),
    { label: "/orders", path: "/orders" },
    { label: "/store/free-fire (signed in)", path: "/store/free-fire" },
  ];
}

const pick = (run) => ({ windows: run.windows });

/** The whole measurement on one server of its own (`extraEnv`: e.g. DATABASE_URL). */
export async function serverCost(extraEnv = {}) {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-cpu-prof-"));
  const server = await startServer(extraEnv, { nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--cpu-prof-interval=250"] });
  const pid = server.child.pid;
  const staticFiles = [];
  const measured = [];
  try {
    const landingHtml = await (await fetch(`${BASE}/`)).text();
    const tournamentId = decodeURIComponent(landingHtml.match(/tournament(?:\?|%3F)id(?:=|%3D)([\w-]+)/)?.[1] ?? "");
    const cookie = await signedInCookie(server);
    const headers = { cookie, "accept-encoding": ENCODING };
    for (const page of signedInPages(tournamentId)) {
      const fetched = await fetch(`${BASE}${page.path}`, { headers: { cookie }, redirect: "manual" });
      if (fetched.status !== 200) throw new Error(`${page.path} answered ${fetched.status}, not the page`);
      const html = Buffer.from(await fetched.arrayBuffer());
      const name = `bench-cpu-static-${staticFiles.length}-${process.pid}.html`;
      const file = path.join("build/client", name);
      fs.writeFileSync(file, html);
      staticFiles.push(file);
      const pair = await measurePair(pid, { url: `${BASE}${page.path}`, headers }, { url: `${BASE}/${name}`, headers });
      measured.push({ label: page.label, htmlBytes: html.length, ...pair });
    }
    // The buy-now post: one buyer, a fresh idempotency key per request (autocannon's request hook).
    // The store limits a buyer to 10 orders per 10 minutes, so the run uses many buyers' cookies.
    const buyers = [];
    for (let index = 0; index < 40; index++)
      buyers.push(await signedInCookie(server, { email: `cpu-buyer-${index}-${process.pid}@example.com`, ip: `10.3.0.${index + 1}` }));
    let sent = 0;
    const orderRequest = {
      url: `${BASE}/store/cart/checkout`,
      method: "POST",
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin: BASE,
              cookie: buyers[Math.floor(sent++ / 10) % buyers.length],
            },
            body: checkoutForm(crypto.randomUUID()).toString(),
          }),
        },
      ],
    };
    // 10 orders per buyer: a warm-up of 100 and a run of 300 stay inside 40 buyers' limits.
    const orders = await measure(pid, orderRequest, 300);
    measured.push({ label: "buy-now post (store order)", order: orders });
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    for (const file of staticFiles) fs.rmSync(file, { force: true });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  const profileFile = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  const profile = profileFile ? JSON.parse(fs.readFileSync(path.join(profileDir, profileFile), "utf8")) : null;
  // BENCH_CPU_KEEP_PROFILE=<dir>: keep the raw profile (open it in Chrome DevTools) with each path's time window.
  if (profile && process.env.BENCH_CPU_KEEP_PROFILE) {
    const keepDir = process.env.BENCH_CPU_KEEP_PROFILE;
    fs.mkdirSync(keepDir, { recursive: true });
    const stem = path.join(keepDir, `${extraEnv.DATABASE_URL ? "postgres" : "pglite"}-${Date.now()}`);
    fs.copyFileSync(path.join(profileDir, profileFile), `${stem}.cpuprofile`);
    const windows = measured.map((entry) => ({
      label: entry.label,
      ...pick(entry.page ?? entry.order),
      static: entry.static && pick(entry.static),
    }));
    fs.writeFileSync(`${stem}.windows.json`, JSON.stringify(windows, null, 2));
  }
  fs.rmSync(profileDir, { recursive: true, force: true });
  return measured.map((entry) => {
    const run = entry.page ?? entry.order;
    const result = { label: entry.label, cpuMsPerRequest: run.cpuMsPerRequest, errors: run.errors };
    if (entry.static) {
      result.htmlBytes = entry.htmlBytes;
      result.staticCpuMsPerRequest = entry.static.cpuMsPerRequest;
      result.ratioToStatic = entry.ratio;
      result.withinBudget = result.ratioToStatic <= CPU_RATIO_BUDGET;
    }
    if (profile) result.layers = layersOf(profile, run.windows);
    return result;
  });
}

export function serverCostMarkdown(rows, title) {
  const lines = [
    `### ${title}`,
    "",
    `Server process CPU per request (${CONNECTIONS} at a time, ${ENCODING}; a page and its static twin alternate in ${ROUNDS} rounds of ${REQUESTS} requests, medians); budget: page ≤ ${CPU_RATIO_BUDGET}× its static twin.`,
    "",
    "| path | CPU ms/request | static twin ms | ratio | within | where the time goes (% of busy CPU) |",
    "|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    const layers = Object.entries(row.layers ?? {})
      .filter(([, percent]) => percent >= 1)
      .map(([layer, percent]) => `${layer} ${percent}`)
      .join(", ");
    lines.push(
      `| ${row.label} | ${row.cpuMsPerRequest} | ${row.staticCpuMsPerRequest ?? "–"} | ${row.ratioToStatic ?? "–"} | ${row.withinBudget === undefined ? "–" : row.withinBudget ? "yes" : "no"} | ${layers} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { spawnSync } = await import("node:child_process");
  if (spawnSync("node", ["scripts/build-if-needed.mjs"], { stdio: "inherit" }).status !== 0) process.exit(1);
  const report = { pglite: await serverCost() };
  if (process.env.BENCH_DATABASE_URL) {
    await wipePostgres(process.env.BENCH_DATABASE_URL);
    report.postgres = await serverCost({ DATABASE_URL: process.env.BENCH_DATABASE_URL });
  }
  console.log(serverCostMarkdown(report.pglite, "PGlite"));
  if (report.postgres) console.log(`\n${serverCostMarkdown(report.postgres, "PostgreSQL")}`);
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/cpu.json", JSON.stringify(report, null, 2));
}
