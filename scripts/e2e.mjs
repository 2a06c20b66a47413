// `npm run test:e2e`: makes sure Chromium and a fresh build exist, then runs Playwright.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";

let chromium;
try {
  chromium = ensureChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const build = spawnSync("node", ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
