import { defineConfig } from "vitest/config";
import { inlineScript } from "./vite-plugins/inline-script.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [inlineScript()],
  test: {
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
          // One database per run (PGlite in memory, or the PostgreSQL of DATABASE_URL): files run one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
