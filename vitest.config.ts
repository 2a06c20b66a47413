import { defineConfig } from "vitest/config";
import { inlineScript } from "./vite-plugins/inline-script.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [inlineScript()],
  test: {
    // Vitest leaves one core free by default; on a 2-core machine that is one file at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Each file opens its own database (PGlite in memory, or a PostgreSQL database per worker:
          // tests/integration/test-database.ts), so files run in parallel.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
