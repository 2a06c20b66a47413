// `npm run validate`: every static check, one after the other, all of them even when one fails,
// then one line per check. Exit 1 when any failed. (`npm test` runs the same checks before the tests.)
import { spawnSync } from "node:child_process";

const CHECKS = [
  ["lint (ESLint)", "lint"],
  ["format (Prettier)", "format:check"],
  ["translations", "check:i18n"],
  ["import cycles (madge)", "check:cycles"],
  ["type check (TypeScript, strict)", "typecheck"],
];

const results = [];
for (const [label, script] of CHECKS) {
  console.log(`\n── ${label}: npm run ${script} ──`);
  const started = Date.now();
  const { status } = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" });
  results.push({ label, ok: status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log("");
for (const { label, ok, seconds } of results) console.log(`${ok ? "✓" : "✖"} ${label} (${seconds.toFixed(1)} s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(failed ? `\n${failed} of ${results.length} checks failed` : `\nAll ${results.length} checks passed`);
process.exit(failed ? 1 : 0);
