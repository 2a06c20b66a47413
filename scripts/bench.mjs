// `npm run bench`: measures the performance budgets of docs/product.md §12 and prints a report
// (BENCH_DATABASE_URL=postgres://… adds the order-load run on that PostgreSQL)
// (also written to bench-results/latest.json and, as tables, bench-results/latest.md; docs/benchmarks.md
// keeps a run). A benchmark, not a test: it never fails on numbers.
//
// Server budget: each main page must serve at least half of what the same server serves for a
// static file of the SAME size, asked with the SAME Accept-Encoding, in the same run. The static
// file is the page's own HTML written into build/client for the run (same size, same
// compressibility, compressed on the fly by the same middleware), then deleted.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { BASE, inLanes, LOG_LEVEL, rssMb, rssPeak, signedInCookie, startServer, wipePostgres } from "./bench-server.mjs";
import { serverCost, serverCostMarkdown } from "./bench-cpu.mjs";
import { checkoutForm, createdOrderId } from "./checkout-post.mjs";
import { lighthouseScores } from "./lighthouse.mjs";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? "10,50").split(",").map(Number);
const ENCODINGS = (process.env.BENCH_ENCODINGS ?? "gzip,br").split(",");
const JS_BUDGET_KB = 60;
const SHARE_BUDGET = 0.5;

// `npm run bench -- live`: only the live-viewers run (scripts/bench-live.mjs; long on its own).
if (process.argv[2] === "live") {
  const live = spawnSync("node", ["scripts/bench-live.mjs"], { stdio: "inherit" });
  process.exit(live.status ?? 1);
}

const build = spawnSync("node", ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

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

const HTTP_ORDER_USERS = Number(process.env.BENCH_HTTP_USERS ?? 150);
// The store's own limit is 10 orders per buyer per 10 minutes: each buyer places that many.
const HTTP_ORDERS_PER_USER = 10;
const HTTP_ORDER_LANES = Number(process.env.BENCH_HTTP_ORDER_CONCURRENCY ?? 50);

/**
 * Orders through HTTP, as the checkout page places them: signed-in buyers POST the checkout's
 * confirm form (`intent=create`, the stored cart as `items`, phone, gamer ID, a payment method, a
 * fresh idempotency key) to `/store/cart/checkout`, as the page's script does, HTTP_ORDER_LANES at a
 * time. A created order answers 303 to `/store/cart/checkout?order=<id>` (not followed here: the
 * browser's next two requests are the page's, not the order's). Afterwards every buyer's /orders
 * page is read back: an order answered "created" and missing there is lost, one listed twice or
 * never answered is doubled.
 */
async function httpOrders(server) {
  const buyers = [];
  await inLanes(HTTP_ORDER_USERS, 8, async (index) => {
    const email = `buyer-${index}-${process.pid}@example.com`;
    buyers[index] = { email, cookie: await signedInCookie(server, { email, ip: `10.2.${index >> 8}.${index & 255}` }), created: [] };
  });
  const latencies = [];
  let errors = 0;
  const peak = rssPeak(server.child.pid);
  const started = performance.now();
  await inLanes(HTTP_ORDER_USERS * HTTP_ORDERS_PER_USER, HTTP_ORDER_LANES, async (index) => {
    const buyer = buyers[index % HTTP_ORDER_USERS];
    const sent = performance.now();
    const response = await fetch(`${BASE}/store/cart/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, cookie: buyer.cookie },
      body: checkoutForm(crypto.randomUUID()),
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
    const orderId = createdOrderId(response);
    if (orderId) buyer.created.push(orderId);
    else errors += 1;
  });
  const seconds = (performance.now() - started) / 1000;
  const rssUnderLoadMb = peak();
  let lost = 0;
  let doubled = 0;
  for (const buyer of buyers) {
    const html = await (await fetch(`${BASE}/orders`, { headers: { cookie: buyer.cookie } })).text();
    const listed = [...html.matchAll(/href="\/orders\/([\w-]+)"/g)].map((match) => match[1]);
    lost += buyer.created.filter((id) => !listed.includes(id)).length;
    doubled += listed.length - new Set(listed).size + listed.filter((id) => !buyer.created.includes(id)).length;
  }
  latencies.sort((a, b) => a - b);
  const created = buyers.reduce((sum, buyer) => sum + buyer.created.length, 0);
  return {
    attempted: HTTP_ORDER_USERS * HTTP_ORDERS_PER_USER,
    created,
    errors,
    lost,
    doubled,
    concurrency: HTTP_ORDER_LANES,
    perSecond: Math.round(created / seconds),
    latencyP50Ms: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    latencyP99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    rssUnderLoadMb,
  };
}

/**
 * A scaling bench script's result (its last line, JSON) run against a PostgreSQL database it wipes:
 * scripts/bench-lists.ts (order lists, 1k to 1M orders), scripts/bench-leaderboard.ts (leaderboard and
 * profile, 1k players / 10k matches to 100k / 1M).
 */
function scalingBench(script, databaseUrl) {
  const result = spawnSync("npx", ["tsx", script], {
    encoding: "utf8",
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    maxBuffer: 10 * 2 ** 20,
  });
  const line = result.stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line);
  } catch {
    return { error: result.stderr.slice(-500) || "no result" };
  }
}

/** The whole HTTP order run on PostgreSQL: a second server on BENCH_DATABASE_URL (wiped first), with its memory. */
async function postgresHttpOrders(databaseUrl) {
  await wipePostgres(databaseUrl);
  // The PostgreSQL server runs as compose.yaml runs it in production: with its heap ceiling.
  const nodeOptions = fs.readFileSync("compose.yaml", "utf8").match(/NODE_OPTIONS: \$\{NODE_OPTIONS:-(.+?)\}/)?.[1] ?? "";
  const server = await startServer({ DATABASE_URL: databaseUrl, NODE_OPTIONS: nodeOptions });
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssIdleMb = rssMb(server.child.pid);
    return { rssIdleMb, ...(await httpOrders(server)) };
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
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

/** Server render of a 256-team double-elimination bracket page (scripts/bench-bracket.tsx; budget 50 ms, docs/decisions/007-brackets.md). */
/** Median time from payment confirmation (signed webhook) to delivered by the provider, on the demo servers (scripts/bench-instant.ts) (docs/payments.md). */
function instantDelivery() {
  const result = spawnSync("npx", ["tsx", "scripts/bench-instant.ts"], {
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
let report;
try {
  const rssIdleMb = rssMb(server.child.pid);
  const rssUnderPageLoad = rssPeak(server.child.pid);
  const landingHtml = await (await fetch(`${BASE}/`)).text();
  const tournamentId = decodeURIComponent(landingHtml.match(/tournament(?:\?|%3F)id(?:=|%3D)([\w-]+)/)?.[1] ?? "");
  const player = await signedInCookie(server);
  const pages = mainPages(player, tournamentId);

  // DESIGN's JavaScript budget is for every page a player opens: the main pages and the rest of their way.
  const signedIn = { cookie: player };
  const morePlayerPages = [
    { label: "/auth", path: "/auth", headers: {} },
    ...(tournamentId ? [{ label: "/tournaments/:id/bracket", path: `/tournaments/${tournamentId}/bracket`, headers: signedIn }] : []),
    { label: "/store/cart", path: "/store/cart", headers: signedIn },
    { label: "/store/cart/checkout", path: "/store/cart/checkout", headers: signedIn },
    { label: "/plus", path: "/plus", headers: signedIn },
    { label: "/support", path: "/support", headers: signedIn },
  ];
  const javascript = {};
  for (const { label, path: page, headers } of [...pages, ...morePlayerPages]) {
    const measured = await pageJavaScript(page, headers);
    javascript[label] = {
      gzipKb: measured.totalGzipKb,
      files: measured.files.length,
      budgetKb: JS_BUDGET_KB,
      withinBudget: measured.totalGzipKb <= JS_BUDGET_KB,
    };
  }

  // The store's two pages on a first visit from a phone (docs/product.md "Store: game page, buy now, cart": under 60 kB of JS, under 200 kB in all).
  const storeFirstVisit = {};
  for (const page of ["/store", "/store/free-fire"]) storeFirstVisit[page] = await firstVisitWeight(page);

  // Lighthouse mobile performance (goal ≥ 95), before the load runs so the server is as a phone finds it.
  const lighthouse = await lighthouseScores(BASE, pages).catch((error) => ({ failed: String(error) }));

  const throughput = [];
  for (const { label, path: page, headers } of pages) {
    // The static twin: the page's own HTML, same size and same compressibility, served as a static
    // file compressed on the fly like the page (build files are pre-compressed; the twin is not).
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
        const pageResult = await load(page, `${label} (${encoding}, ${connections} connections)`, { connections, encoding, headers });
        const staticResult = await load(`/${name}`, `static twin of ${label} (${encoding}, ${connections} connections)`, {
          connections,
          encoding,
          headers,
        });
        const share = +(pageResult.requestsPerSecond / Math.max(1, staticResult.requestsPerSecond)).toFixed(2);
        throughput.push({
          page: label,
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

  const rssUnderPageLoadMb = rssUnderPageLoad();
  const pgliteHttp = await httpOrders(server);
  report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    settings: { seconds: DURATION_S, connections: CONNECTION_LEVELS, encodings: ENCODINGS, logLevel: LOG_LEVEL },
    startup: { firstResponseMsOnEmptyData: Math.round(server.firstResponseMs) },
    memory: { pglite: { rssIdleMb, rssUnderPageLoadMb, rssUnderOrderLoadMb: pgliteHttp.rssUnderLoadMb } },
    javascript,
    storeFirstVisit,
    lighthouse,
    throughput,
    httpOrders: { pglite: pgliteHttp },
    bracketPage256DoubleElimination: bracketRender(),
    paymentToDelivered: instantDelivery(),
    orderLoad: { pglite: orderLoad(null) },
  };
} finally {
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
  // Deleted once the server has stopped: requests still queued when a measurement ends must find them.
  for (const file of staticFiles) fs.rmSync(file, { force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

// PostgreSQL (BENCH_DATABASE_URL, wiped): orders through HTTP and memory on a server of its own,
// the database layer's order run, then the lists from 1k to 1M orders.
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const http = await postgresHttpOrders(postgresUrl);
  report.httpOrders.postgres = http;
  report.memory.postgres = { rssIdleMb: http.rssIdleMb, rssUnderOrderLoadMb: http.rssUnderLoadMb };
  report.orderLoad.postgres = orderLoad(postgresUrl);
  if (process.env.BENCH_LISTS !== "0") report.listScaling = scalingBench("scripts/bench-lists.ts", postgresUrl);
  if (process.env.BENCH_LEADERBOARD !== "0") report.leaderboardScaling = scalingBench("scripts/bench-leaderboard.ts", postgresUrl);
}

// Server cost in CPU per request, with where it goes (scripts/bench-cpu.mjs), each on a server of its own.
report.serverCost = { pglite: await serverCost() };
if (postgresUrl) {
  await wipePostgres(postgresUrl);
  report.serverCost.postgres = await serverCost({ DATABASE_URL: postgresUrl });
}

// Live viewers of a final (docs/decisions/012-live-channel.md; BENCH_LIVE=0 leaves it out): bench-results/live.json and live.md.
if (process.env.BENCH_LIVE !== "0") {
  const live = spawnSync("node", ["scripts/bench-live.mjs"], { stdio: "inherit" });
  if (live.status === 0) report.liveViewers = JSON.parse(fs.readFileSync("bench-results/live.json", "utf8"));
}

fs.mkdirSync("bench-results", { recursive: true });
fs.writeFileSync("bench-results/latest.json", JSON.stringify(report, null, 2));
fs.writeFileSync("bench-results/latest.md", markdown(report));
console.log(markdown(report));

/**
 * The main pages of docs/product.md §2, each as people see it: the landing, the store and the legal
 * page as an anonymous visitor (most visitors; the landing and legal page come from the 5-second page
 * cache), the landing signed in (rendered for that person), a tournament page and "my orders" signed in.
 */
function mainPages(player, tournamentId) {
  const signedIn = { cookie: player };
  return [
    { label: "/", path: "/", headers: {} },
    { label: "/ (signed in)", path: "/", headers: signedIn },
    { label: "/store", path: "/store", headers: {} },
    { label: "/store/free-fire", path: "/store/free-fire", headers: {} },
    ...(tournamentId ? [{ label: "/tournament", path: `/tournament?id=${tournamentId}`, headers: signedIn }] : []),
    { label: "/orders", path: "/orders", headers: signedIn },
    { label: "/privacy-terms", path: "/privacy-terms", headers: {} },
  ];
}

/** Two goals (docs/benchmarks.md): CPU per signed-in page against its static twin, and HTTP orders against the database layer. */
function serverCostLines(report) {
  const lines = ["", "## Server cost (CPU per request)", ""];
  for (const [driver, rows] of Object.entries(report.serverCost ?? {})) lines.push(serverCostMarkdown(rows, driver), "");
  const http = report.httpOrders.postgres?.perSecond;
  const layer = report.orderLoad.postgres?.orders?.perSecond;
  if (http && layer)
    lines.push(
      `Orders through HTTP on PostgreSQL: ${http}/s against ${layer}/s for the database layer alone = ${(http / layer).toFixed(2)} (goal ≥ 0.5); lost ${report.httpOrders.postgres.lost}, doubled ${report.httpOrders.postgres.doubled}.`,
      "",
    );
  return lines;
}

/** The report as Markdown tables (what docs/benchmarks.md shows). */
function markdown(report) {
  const lines = [
    `Run ${report.date} on ${report.machine}; ${report.settings.seconds} s per measurement, log level ${report.settings.logLevel}.`,
    "",
  ];
  const instant = report.paymentToDelivered;
  if (instant)
    lines.push(
      instant.error
        ? `Payment confirmation → delivered (demo servers): failed: ${instant.error}`
        : `Payment confirmation → delivered (demo servers, ${instant.orders}/${instant.of} orders): median ${instant.medianMs} ms, p90 ${instant.p90Ms} ms, max ${instant.maxMs} ms.`,
      "",
    );
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
  lines.push(...lighthouseMarkdown(report));
  lines.push("", `Start-up to first response on an empty data directory: ${report.startup.firstResponseMsOnEmptyData} ms.`, "");
  lines.push(
    ...httpOrdersMarkdown(report),
    ...memoryMarkdown(report),
    ...listScalingMarkdown(report),
    ...leaderboardScalingMarkdown(report),
  );
  lines.push("Orders through the database layer (no HTTP):", "", "```json", JSON.stringify(report.orderLoad, null, 2), "```", "");
  lines.push(...serverCostLines(report));
  return lines.join("\n");
}

function lighthouseMarkdown(report) {
  if (!report.lighthouse) return [];
  if (report.lighthouse.failed) return ["", `Lighthouse failed: ${report.lighthouse.failed}`];
  const lines = [
    "",
    "| page (Lighthouse, mobile) | performance | FCP ms | LCP ms | TBT ms | CLS | ≥ 95 | accessibility (goal 100) |",
    "| ------------------------- | ----------: | -----: | -----: | -----: | --: | :--: | :----------------------- |",
  ];
  for (const [page, lh] of Object.entries(report.lighthouse))
    lines.push(
      `| \`${page}\` | ${lh.score} | ${lh.fcpMs} | ${lh.lcpMs} | ${lh.tbtMs} | ${lh.cls} | ${lh.score >= 95 ? "yes" : "**no**"} | ${lh.accessibility}${lh.accessibilityFailures.length ? ` (${lh.accessibilityFailures.join(", ")})` : ""} |`,
    );
  return lines;
}

function httpOrdersMarkdown(report) {
  const lines = [
    "Orders through HTTP (signed-in buyers posting the checkout form, as the page does):",
    "",
    "| database | orders | per second | p50 / p99 ms | errors | lost | doubled | ≥ 1,000/s |",
    "| -------- | -----: | ---------: | -----------: | -----: | ---: | ------: | :-------: |",
  ];
  for (const [database, run] of Object.entries(report.httpOrders ?? {}))
    lines.push(
      `| ${database} | ${run.created} / ${run.attempted} | ${run.perSecond} | ${run.latencyP50Ms} / ${run.latencyP99Ms} | ${run.errors} | ${run.lost} | ${run.doubled} | ${run.perSecond >= 1000 ? "yes" : "**no**"} |`,
    );
  return [...lines, ""];
}

function memoryMarkdown(report) {
  const lines = ["| server memory (RSS) | idle | under page load | under order load | < 300 MB |", "| --- | ---: | ---: | ---: | :---: |"];
  for (const [database, memory] of Object.entries(report.memory ?? {})) {
    const peak = Math.max(memory.rssIdleMb ?? 0, memory.rssUnderPageLoadMb ?? 0, memory.rssUnderOrderLoadMb ?? 0);
    lines.push(
      `| ${database} | ${memory.rssIdleMb} MB | ${memory.rssUnderPageLoadMb ?? "–"}${memory.rssUnderPageLoadMb ? " MB" : ""} | ${memory.rssUnderOrderLoadMb} MB | ${peak < 300 ? "yes" : "**no**"} |`,
    );
  }
  return [...lines, ""];
}

function listScalingMarkdown(report) {
  const scaling = report.listScaling;
  if (!scaling?.p50Ms) return scaling ? ["List scaling failed: " + JSON.stringify(scaling), ""] : [];
  const [small, large] = [scaling.p50Ms[0], scaling.p50Ms.at(-1)];
  const lines = [
    `Order lists on PostgreSQL, p50 ms at ${small.orders.toLocaleString("en")} and ${large.orders.toLocaleString("en")} orders:`,
    "",
    "| list | small | large | × | ≤ 1.3× |",
    "| ---- | ----: | ----: | -: | :----: |",
  ];
  for (const [list, ratio] of Object.entries(scaling.ratio))
    lines.push(`| ${list} | ${small[list]} | ${large[list]} | ${ratio} | ${ratio <= 1.3 ? "yes" : "**no**"} |`);
  return [...lines, ""];
}

function leaderboardScalingMarkdown(report) {
  const scaling = report.leaderboardScaling;
  if (!scaling?.p50Ms) return scaling ? ["Leaderboard scaling failed: " + JSON.stringify(scaling), ""] : [];
  const [small, large] = [scaling.p50Ms[0], scaling.p50Ms.at(-1)];
  const lines = [
    `Leaderboard and profile on PostgreSQL, p50 ms at ${small.players.toLocaleString("en")} players / ${small.matches.toLocaleString("en")} matches and ${large.players.toLocaleString("en")} / ${large.matches.toLocaleString("en")}:`,
    "",
    "| read | small | large | × | ≤ 1.3× |",
    "| ---- | ----: | ----: | -: | :----: |",
  ];
  for (const [read, ratio] of Object.entries(scaling.ratio))
    lines.push(`| ${read} | ${small[read]} | ${large[read]} | ${ratio} | ${ratio <= 1.3 ? "yes" : "**no**"} |`);
  lines.push("", `Season rebuild: ${small.seasonRebuildMs} ms and ${large.seasonRebuildMs} ms.`);
  return [...lines, ""];
}
