import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { inlineScript } from "./vite-plugins/inline-script.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts at our own Express app (server/app.ts) so that the
  // database, /healthz and graceful shutdown live in the same bundle as the routes.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [inlineScript(), tailwindcss(), reactRouter()],
}));
