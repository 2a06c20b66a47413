// Process entry: serves static files, mounts the app built from server/app.ts, and shuts
// down gracefully (stop accepting, finish requests, close the database) on SIGTERM/SIGINT.
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import zlib from "node:zlib";
import { loadEnvFile } from "./scripts/load-env.mjs";

// Settings from `.env` (when present) under the real environment, the same as `npm run admin`.
loadEnvFile();

// React and React Router pick their production builds from NODE_ENV: make it explicit.
process.env.NODE_ENV ??= "production";
const development = process.env.NODE_ENV === "development";

const server = express();
server.disable("x-powered-by");
// Pages and API answers are compressed per response, so cheaply: brotli at quality 2 with a 256 kB
// window (smaller and faster than gzip's default on our pages; the middleware's quality 4 with a 4 MB
// window cost ~40% of a page's CPU). Static files are compressed at build (scripts/precompress.mjs)
// and sent as they are; responses that already carry a Content-Encoding are left alone.
server.use(
  compression({
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    level: 6,
  }),
);

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
  // Each is sent as its pre-compressed .br or .gz when the browser accepts it (Vary: Accept-Encoding).
  const precompressed = (root, serveStatic) =>
    expressStaticGzip(root, { enableBrotli: true, orderPreference: ["br", "gz"], index: false, serveStatic });
  server.use("/assets", precompressed("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  // Pages have no file extension: only names such as favicon.svg or images/….webp are looked up
  // on disk, so rendering a page costs no stat() of a file that is not there.
  const rootFiles = precompressed("build/client", { maxAge: "1h", index: false });
  server.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? rootFiles(req, res, next) : next()));
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
  // Live streams never end by themselves: ended here, their browsers reconnect elsewhere or later.
  appModule.closeLiveConnections?.();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
