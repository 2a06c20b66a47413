import { defineConfig } from "vitest/config";

// `npm run test:multi`: two built app instances against one PostgreSQL database and one S3-compatible
// bucket. Not part of `npm test` (it builds, starts two servers and waits for a routine tick).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/multi-instance/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
