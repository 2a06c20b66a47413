// `npm start` runs this first: builds the app when there is no build, or when a source file
// is newer than the build, so a fresh clone needs nothing but `npm install && npm start`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const builtFile = "build/server/index.js";
const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(builtFile) ? fs.statSync(builtFile).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestChange));
if (builtAt >= changedAt) process.exit(0);

console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
process.exit(result.status ?? 1);
