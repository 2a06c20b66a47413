// Process entry: serves static files, mounts the app built from server/app.ts, and shuts
// down gracefully (stop accepting, finish requests, close the database) on SIGTERM/SIGINT.
import compression from "compression";
import express from "express";
import { loadEnvFile } from "./scripts/load-env.mjs";

// Settings from `.env` (when present) under the real environment, the same as `npm run admin`.
loadEnvFile();

// React and React Router pick their production builds from NODE_ENV: make it explicit.
process.env.NODE_ENV ??= "production";
const development = process.env.NODE_ENV === "development";

const server = express();
server.disable("x-powered-by");
server.use(compression());

let appModule;
if (development) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  server.use(vite.middlewares);
  appModule = await vite.ssrLoadModule("./server/app.ts");
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      return fresh.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  appModule = await import("./build/server/index.js");
  // Hashed build assets never change: cache them for a year. Everything else briefly.
  server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  server.use(express.static("build/client", { maxAge: "1h", index: false }));
  server.use(appModule.app);
}

let port;
let host;
try {
  ({ port, host } = await appModule.start());
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}

const listener = server.listen(port, host, () => {
  console.log(`Arena LATAM listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  listener.close(async () => {
    await appModule.stop();
    process.exit(0);
  });
  listener.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
