// `npm test`: the type check; lint, format, translation and import-cycle checks; unit and integration
// tests (Vitest, on PGlite; again on PostgreSQL when TEST_POSTGRES_URL is set), then end-to-end tests
// (Playwright in Chromium).
// Ends with one plain "N passed, N failed" line over all of them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "arena-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(label, command, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = result.status || 1;
  return result.status === 0;
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

if (!run("type check (TypeScript, strict)", "npm", ["run", "--silent", "typecheck"])) totals.failed += 1;

// The static checks of `npm run validate`: each one that fails counts as one failed test, like the type check.
for (const [label, script] of [
  ["lint (ESLint)", "lint"],
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

// TEST_POSTGRES_URL: run the integration suite once more against that PostgreSQL server.
if (process.env.TEST_POSTGRES_URL) {
  const postgresJson = path.join(reports, "vitest-postgres.json");
  run(
    "integration tests on PostgreSQL",
    "npx",
    ["vitest", "run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${postgresJson}`],
    {
      DATABASE_URL: process.env.TEST_POSTGRES_URL,
    },
  );
  countVitest(postgresJson);
}

const playwrightJson = path.join(reports, "playwright.json");
run("end-to-end tests (Playwright, Chromium)", "node", ["scripts/e2e.mjs"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
countPlaywright(playwrightJson);

console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed ? 1 : 0));
