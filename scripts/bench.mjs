// `npm run bench`: measures the performance budgets of docs/product.md §12 and prints a report
// (BENCH_DATABASE_URL=postgres://… adds the order-load run on that PostgreSQL)
// (also written to bench-results/latest.json and, as tables, bench-results/latest.md; docs/benchmarks.md
// keeps a run). A benchmark, not a test: it never fails on numbers.
//
// Server budget: each main page must serve at least half of what the same server serves for a
// static file of the SAME size, asked with the SAME Accept-Encoding, in the same run. The static
// file is the page's own HTML written into build/client for the run (same size, same
// compressibility, compressed on the fly by the same middleware), then deleted.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? "10,50").split(",").map(Number);
const ENCODINGS = (process.env.BENCH_ENCODINGS ?? "gzip,br").split(",");
// What production logs by default: every page request writes its log line, as it would there.
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "info";
const JS_BUDGET_KB = 60;
const SHARE_BUDGET = 0.5;

const build = spawnSync("node", ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

/** Starts the built server on an empty data directory; resolves with the time to first response. */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-"));
  const started = performance.now();
  const child = spawn("node", ["server.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Kept short: only the sign-in link printed on the console is needed from it.
  let output = "";
  child.stdout.on("data", (chunk) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  });
  child.output = () => output;
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

/** Every script a page loads (module preloads, script tags, inline scripts), gzipped. */
async function pageJavaScript(pagePath, headers = {}) {
  const html = await (await fetch(`${BASE}${pagePath}`, { headers })).text();
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

const FIRST_VISIT_BUDGET_KB = 200;

/**
 * What a first visit to a page costs a phone, gzipped: its HTML, stylesheets, JavaScript and the
 * images its HTML names (all of them, lazy ones too: an upper bound).
 */
async function firstVisitWeight(pagePath, headers = {}) {
  const html = await (await fetch(`${BASE}${pagePath}`, { headers })).text();
  const gzipOf = async (url) => {
    const body = Buffer.from(await (await fetch(new URL(url, BASE))).arrayBuffer());
    return zlib.gzipSync(body, { level: 9 }).length;
  };
  const images = [...new Set([...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((match) => match[1].replaceAll("&amp;", "&")))];
  const styles = [...new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]))];
  let imageBytes = 0;
  for (const url of images) imageBytes += await gzipOf(url);
  let cssBytes = 0;
  for (const url of styles) cssBytes += await gzipOf(url);
  const js = await pageJavaScript(pagePath, headers);
  const kb = (bytes) => +(bytes / 1024).toFixed(1);
  const totalKb = +(js.totalGzipKb + js.htmlGzipKb + kb(cssBytes) + kb(imageBytes)).toFixed(1);
  return {
    javascriptGzipKb: js.totalGzipKb,
    htmlGzipKb: js.htmlGzipKb,
    cssGzipKb: kb(cssBytes),
    images: images.length,
    imagesGzipKb: kb(imageBytes),
    totalKb,
    withinBudget: js.totalGzipKb <= JS_BUDGET_KB && totalKb <= FIRST_VISIT_BUDGET_KB,
  };
}

async function load(urlPath, title, { connections, encoding, headers = {} }) {
  const result = await autocannon({
    url: `${BASE}${urlPath}`,
    connections,
    duration: DURATION_S,
    title,
    headers: { "accept-encoding": encoding, ...headers },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** What a page weighs on the wire for one Accept-Encoding (raw HTML size, encoded size). */
async function pageBody(urlPath, encoding, headers = {}) {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(`${BASE}${urlPath}`, { headers: { "accept-encoding": encoding, ...headers } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          encoding: response.headers["content-encoding"] ?? "identity",
          bytes: Buffer.concat(chunks).length,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Signs in by e-mail link (printed on the server's console) and completes the profile: the cookies of a player. */
async function signedInCookie(server) {
  const email = `bench-${Date.now()}@example.com`;
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
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, cookie: cookie() },
      body: new URLSearchParams(fields),
    });
  await post("/auth", { email });
  let link;
  for (let attempt = 0; attempt < 100 && !link; attempt++) {
    link = server.child.output().match(/link: (http\S+magic-link\/verify\S+)/)?.[1];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error("no sign-in link printed by the server");
  for (let next = link, hop = 0; next && hop < 5; hop++) {
    const response = await fetch(new URL(next, BASE), { redirect: "manual", headers: { cookie: cookie() } });
    take(response);
    next = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
  }
  const profile = await post("/auth/profile", { email, fullname: "Bench Player", age: "20", favoriteGame: "free-fire" });
  if (profile.status >= 400) throw new Error(`profile not saved: ${profile.status}`);
  return cookie();
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
const staticFiles = [];
try {
  // The main pages of docs/product.md §2 a visitor opens first (anonymous, as most are).
  // A tournament page needs a signed-in player: it is measured with one's cookies (and so is its static twin).
  const landingHtml = await (await fetch(`${BASE}/`)).text();
  const tournamentId = decodeURIComponent(landingHtml.match(/tournament(?:\?|%3F)id(?:=|%3D)([\w-]+)/)?.[1] ?? "");
  const player = tournamentId ? await signedInCookie(server) : "";
  const pages = ["/", "/store", "/store/free-fire", ...(tournamentId ? [`/tournament?id=${tournamentId}`] : []), "/privacy-terms"];
  const headersFor = (page) => (page.startsWith("/tournament") ? { cookie: player } : {});

  const javascript = {};
  for (const page of pages) {
    const measured = await pageJavaScript(page, headersFor(page));
    javascript[page] = {
      gzipKb: measured.totalGzipKb,
      files: measured.files.length,
      budgetKb: JS_BUDGET_KB,
      withinBudget: measured.totalGzipKb <= JS_BUDGET_KB,
    };
  }

  // The store's two pages on a first visit from a phone (#12: under 60 kB of JS, under 200 kB in all).
  const storeFirstVisit = {};
  for (const page of ["/store", "/store/free-fire"]) storeFirstVisit[page] = await firstVisitWeight(page);

  const throughput = [];
  for (const page of pages) {
    // The static twin: the page's own HTML, same size and same compressibility, served by express.static.
    const headers = headersFor(page);
    const fetched = await fetch(`${BASE}${page}`, { headers, redirect: "manual" });
    if (fetched.status !== 200) throw new Error(`${page} answered ${fetched.status}, not the page`);
    const html = Buffer.from(await fetched.arrayBuffer());
    const name = `bench-static-${staticFiles.length}-${process.pid}.html`;
    const file = path.join("build/client", name);
    fs.writeFileSync(file, html);
    staticFiles.push(file);
    for (const encoding of ENCODINGS) {
      const [pageWire, staticWire] = [await pageBody(page, encoding, headers), await pageBody(`/${name}`, encoding, headers)];
      for (const connections of CONNECTION_LEVELS) {
        const pageResult = await load(page, `${page} (${encoding}, ${connections} connections)`, { connections, encoding, headers });
        const staticResult = await load(`/${name}`, `static twin of ${page} (${encoding}, ${connections} connections)`, {
          connections,
          encoding,
          headers,
        });
        const share = +(pageResult.requestsPerSecond / Math.max(1, staticResult.requestsPerSecond)).toFixed(2);
        throughput.push({
          page,
          encoding,
          connections,
          htmlBytes: html.length,
          wire: { page: pageWire, static: staticWire },
          pageResult,
          static: staticResult,
          pageShareOfStatic: share,
          withinBudget: share >= SHARE_BUDGET && pageResult.errors === 0,
        });
      }
    }
  }

  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    settings: { seconds: DURATION_S, connections: CONNECTION_LEVELS, encodings: ENCODINGS, logLevel: LOG_LEVEL },
    startup: { firstResponseMsOnEmptyData: Math.round(server.firstResponseMs) },
    javascript,
    storeFirstVisit,
    throughput,
    bracketPage256DoubleElimination: bracketRender(),
    orderLoad: {
      pglite: orderLoad(null),
      ...(process.env.BENCH_DATABASE_URL ? { postgres: orderLoad(process.env.BENCH_DATABASE_URL) } : {}),
    },
  };
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/latest.json", JSON.stringify(report, null, 2));
  fs.writeFileSync("bench-results/latest.md", markdown(report));
  console.log(markdown(report));
} finally {
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
  // Deleted once the server has stopped: requests still queued when a measurement ends must find them.
  for (const file of staticFiles) fs.rmSync(file, { force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** The report as Markdown tables (what docs/benchmarks.md shows). */
function markdown(report) {
  const lines = [
    `Run ${report.date} on ${report.machine}; ${report.settings.seconds} s per measurement, log level ${report.settings.logLevel}.`,
    "",
  ];
  lines.push(
    "| page | encoding | conns | HTML → wire (page / static) | page req/s | p50 / p99 ms | static req/s | p50 / p99 ms | page ÷ static | ≥ 0.5 |",
  );
  lines.push(
    "| ---- | -------- | ----: | --------------------------- | ---------: | -----------: | -----------: | -----------: | ------------: | :---: |",
  );
  for (const row of report.throughput) {
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
    lines.push(
      `| \`${row.page}\` | ${row.encoding} | ${row.connections} | ${kb(row.htmlBytes)} → ${kb(row.wire.page.bytes)} (${row.wire.page.encoding}) / ${kb(row.wire.static.bytes)} (${row.wire.static.encoding}) | ${row.pageResult.requestsPerSecond} | ${row.pageResult.latencyP50Ms} / ${row.pageResult.latencyP99Ms} | ${row.static.requestsPerSecond} | ${row.static.latencyP50Ms} / ${row.static.latencyP99Ms} | ${row.pageShareOfStatic} | ${row.withinBudget ? "yes" : "**no**"} |`,
    );
  }
  lines.push("", "| page | JavaScript (gzip) | files | ≤ 60 kB |", "| ---- | ----------------: | ----: | :-----: |");
  for (const [page, js] of Object.entries(report.javascript))
    lines.push(`| \`${page}\` | ${js.gzipKb} kB | ${js.files} | ${js.withinBudget ? "yes" : "**no**"} |`);
  lines.push(
    "",
    "| store page, first visit | JavaScript | HTML | CSS | images (n) | total (gzip) | ≤ 60 kB JS, ≤ 200 kB |",
    "| ----------------------- | ---------: | ---: | --: | ---------: | -----------: | :------------------: |",
  );
  for (const [page, w] of Object.entries(report.storeFirstVisit ?? {}))
    lines.push(
      `| \`${page}\` | ${w.javascriptGzipKb} kB | ${w.htmlGzipKb} kB | ${w.cssGzipKb} kB | ${w.imagesGzipKb} kB (${w.images}) | ${w.totalKb} kB | ${w.withinBudget ? "yes" : "**no**"} |`,
    );
  lines.push("", `Start-up to first response on an empty data directory: ${report.startup.firstResponseMsOnEmptyData} ms.`, "");
  lines.push("Orders under load:", "", "```json", JSON.stringify(report.orderLoad, null, 2), "```", "");
  return lines.join("\n");
}
