import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseInUseError, lockDataDir } from "~/lib/db.server";

// `npm run admin -- grant` beside a running PGlite server must refuse, not lose the grant (docs/product.md).
describe("embedded data directory lock", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses while another live process holds the directory", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
    try {
      fs.writeFileSync(path.join(dir, "pglite.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
      expect(() => lockDataDir(dir)).toThrow(/in use by process \d+.*Stop it first/);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that is gone, and releases its own", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "pglite.lock"), "999999999");
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });
});
