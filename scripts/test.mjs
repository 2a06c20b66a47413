// `npm test`: the type check; lint, format, translation and import-cycle checks; unit and integration
// tests (Vitest, on PGlite), then end-to-end tests (Playwright in Chromium).
// Ends with one plain "N passed, N failed" line over all of them. The integration suite on PostgreSQL
// is `npm run test:postgres`, which CI runs after this (docs/decisions/015-test-time-budget.md).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const testStart = Date.now();
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "arena-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

/** Minutes since `start`, printed after each step: CI's log then shows where the time goes. */
const minutesSince = (start) => `${((Date.now() - start) / 60_000).toFixed(1)} min`;

function run(label, command, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const start = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`── ${label}: ${minutesSince(start)}`);
  if (result.status !== 0) exitCode = result.status || 1;
  return result.status === 0;
}

/** Starts a run whose output is kept aside and printed, under its label, when `finished` is awaited. */
function runAside(label, command, args, env = {}) {
  const logFile = path.join(reports, `${label.replace(/\W+/g, "-")}.log`);
  const out = fs.openSync(logFile, "w");
  const start = Date.now();
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: { ...process.env, ...env } });
  const finished = new Promise((resolve) =>
    child.on("close", (code) => {
      fs.closeSync(out);
      console.log(`\n── ${label} ──`);
      process.stdout.write(fs.readFileSync(logFile));
      console.log(`── ${label}: ${minutesSince(start)}`);
      if (code !== 0) exitCode = code || 1;
      resolve(code === 0);
    }),
  );
  return { finished };
}

function countVitest(file) {
  if (!fs.existsSync(file)) return void (totals.failed += 1);
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return void (totals.failed += 1);
  const { stats } = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

// The type check and the static checks of `npm run validate` run side by side (each is one process on
// one core); each one that fails counts as one failed test.
const lint = runAside("lint (ESLint)", "npm", ["run", "--silent", "lint"]);
if (!run("type check (TypeScript, strict)", "npm", ["run", "--silent", "typecheck"])) totals.failed += 1;
if (!(await lint.finished)) totals.failed += 1;
for (const [label, script] of [
  ["format (Prettier)", "format:check"],
  ["translations (locales and error codes)", "check:i18n"],
  ["import cycles (madge)", "check:cycles"],
]) {
  if (!run(label, "npm", ["run", "--silent", script])) totals.failed += 1;
}

const vitestJson = path.join(reports, "vitest.json");
run("unit and integration tests (Vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
countVitest(vitestJson);

const playwrightJson = path.join(reports, "playwright.json");
run("end-to-end tests (Playwright, Chromium)", "node", ["scripts/e2e.mjs"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
countPlaywright(playwrightJson);

console.log(`\n── npm test: ${minutesSince(testStart)}`);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed ? 1 : 0));
