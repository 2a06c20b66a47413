// `npm run bench`: measures the performance budgets of docs/product.md §12 and prints a report
// (BENCH_DATABASE_URL=postgres://… adds the order-load run on that PostgreSQL)
// (also written to bench-results/latest.json). A benchmark, not a test: it never fails on numbers.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const JS_BUDGET_KB = 100;

const build = spawnSync("node", ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

/** Starts the built server on an empty data directory; resolves with the time to first response. */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-"));
  const started = performance.now();
  const child = spawn("node", ["server.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
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

/** Every script the landing page loads (module preloads, entry scripts, inline scripts), gzipped. */
async function pageJavaScript(pagePath) {
  const html = await (await fetch(`${BASE}${pagePath}`)).text();
  const urls = new Set();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(match[1]);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join("\n");
  const files = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, BASE))).arrayBuffer());
    files.push({ url, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  }
  const inlineGzip = zlib.gzipSync(Buffer.from(inline), { level: 9 }).length;
  const totalGzip = files.reduce((sum, file) => sum + file.gzip, 0) + inlineGzip;
  return { files, inlineGzip, totalGzipKb: +(totalGzip / 1024).toFixed(1), htmlGzipKb: +(zlib.gzipSync(html).length / 1024).toFixed(1) };
}

async function load(urlPath, title, headers = {}) {
  const result = await autocannon({ url: `${BASE}${urlPath}`, connections: CONNECTIONS, duration: DURATION_S, title, headers });
  return {
    path: urlPath,
    headers,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Order creation and registrations under concurrent load (scripts/bench-orders.ts). */
function orderLoad(databaseUrl) {
  const result = spawnSync("npx", ["tsx", "scripts/bench-orders.ts"], {
    encoding: "utf8",
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? "" },
  });
  const line = result.stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line);
  } catch {
    return { error: result.stderr.slice(-500) || "no result" };
  }
}

/** Server render of a 256-team double-elimination bracket page (scripts/bench-bracket.tsx; issue 14 budget: 50 ms). */
function bracketRender() {
  const result = spawnSync("npx", ["tsx", "scripts/bench-bracket.tsx"], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const line = result.stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line);
  } catch {
    return { error: result.stderr.slice(-500) || "no result" };
  }
}

const server = await startServer();
try {
  const javascript = await pageJavaScript("/");
  const appJavascript = await pageJavaScript("/privacy-terms");
  const staticFile = await load("/favicon.svg", "static file");
  const landing = await load("/", "landing page");
  // A cookie other than `lang` (as a signed-in visitor has) skips the page cache: every request renders.
  const landingRendered = await load("/", "landing page, rendered each time", { cookie: "bench=1" });
  const health = await load("/healthz", "health check");
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    startup: { firstResponseMsOnEmptyData: Math.round(server.firstResponseMs) },
    landingJavaScript: {
      gzipKb: javascript.totalGzipKb,
      budgetKb: JS_BUDGET_KB,
      withinBudget: javascript.totalGzipKb < JS_BUDGET_KB,
      files: javascript.files.length,
      htmlGzipKb: javascript.htmlGzipKb,
    },
    hydratedPageJavaScript: { page: "/privacy-terms", gzipKb: appJavascript.totalGzipKb, files: appJavascript.files.length },
    bracketPage256DoubleElimination: bracketRender(),
    orderLoad: {
      pglite: orderLoad(null),
      ...(process.env.BENCH_DATABASE_URL ? { postgres: orderLoad(process.env.BENCH_DATABASE_URL) } : {}),
    },
    throughput: {
      connections: CONNECTIONS,
      seconds: DURATION_S,
      staticFile,
      landing,
      landingRendered,
      health,
      landingShareOfStatic: +(landing.requestsPerSecond / staticFile.requestsPerSecond).toFixed(2),
      renderedShareOfStatic: +(landingRendered.requestsPerSecond / staticFile.requestsPerSecond).toFixed(2),
    },
  };
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/latest.json", JSON.stringify(report, null, 2));
  console.log(JSON.stringify(report, null, 2));
} finally {
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
