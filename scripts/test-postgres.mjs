// `npm run test:postgres`: the integration suite once more, on the PostgreSQL server TEST_POSTGRES_URL
// names (default: the one CI machines run, postgres://postgres@127.0.0.1:5432/test). Each Vitest worker
// wipes and uses a database of its own beside it (`<name>_w1`, `<name>_w2`), so the name must contain
// `test`. CI (`.ci/run`) runs it after `npm test` (docs/decisions/015-test-time-budget.md).
import { spawnSync } from "node:child_process";

const url = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const answers = spawnSync("node", ["scripts/postgres-answers.mjs", url], { stdio: "inherit" });
if (answers.status !== 0) {
  console.error(`No PostgreSQL answers at ${url}: set TEST_POSTGRES_URL to a server's test database.`);
  process.exit(1);
}
const start = Date.now();
const result = spawnSync("npx", ["vitest", "run", "--project", "integration", "--project", "integration-environment"], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: url },
});
console.log(`── integration tests on PostgreSQL: ${((Date.now() - start) / 60_000).toFixed(1)} min`);
process.exit(result.status ?? 1);
