import fs from "node:fs";
import { defineConfig } from "vitest/config";
import { inlineScript } from "./vite-plugins/inline-script.ts";

/**
 * Integration files that change `process.env` (the outside services' settings, read once per process):
 * found by reading them, so a new one cannot slip into the shared workers.
 */
const ENVIRONMENT_FILES = fs
  .readdirSync("tests/integration")
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => `tests/integration/${name}`)
  .filter((file) =>
    /process\.env\.\w+\s*=[^=]|Object\.assign\(process\.env|delete process\.env|vi\.stubEnv/.test(fs.readFileSync(file, "utf8")),
  );

const INTEGRATION = {
  environment: "node",
  // Each file opens its own database (PGlite in memory, or a PostgreSQL database per worker:
  // tests/integration/test-database.ts), so files run in parallel.
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [inlineScript()],
  test: {
    // Vitest leaves one core free by default; on a 2-core machine that is one file at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Property tests run hundreds of cases: 15 s leaves room for a loaded machine without hiding a hang.
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ENVIRONMENT_FILES,
          ...INTEGRATION,
          // The app's modules are imported once per worker, not once per file (a quarter of the
          // suite's CPU): every file opens its own database and sets its own handles (test-database.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        // Files that set environment variables before the app reads its settings: each in a process of its own.
        test: { name: "integration-environment", include: ENVIRONMENT_FILES, ...INTEGRATION },
      },
    ],
  },
});
