// Shared plumbing of the payment demo servers (docs/payments.md: binance-pay-demo, paypal-demo, bank-match-demo,
// topup-provider-demo): options, JSON and HTML answers, a body reader. Each demo speaks its own
// contract (docs/binance-pay.md, docs/paypal.md, docs/bank-match.md, docs/topup-provider.md).
import http from "node:http";
import { parseArgs } from "node:util";

/** --port, --host, --quiet plus the demo's own string options; each also read from `<PREFIX>_<NAME>`. */
export function demoOptions(prefix, defaults) {
  const options = { port: { type: "string" }, host: { type: "string" }, quiet: { type: "boolean", default: false } };
  for (const name of Object.keys(defaults)) options[name] = { type: "string" };
  const { values } = parseArgs({ options, allowPositionals: true });
  const read = (name, fallback) => values[name] ?? process.env[`${prefix}_${name.toUpperCase().replaceAll("-", "_")}`] ?? fallback;
  const result = { port: Number(read("port", defaults.port ?? "0")), host: read("host", "127.0.0.1"), quiet: values.quiet };
  for (const [name, fallback] of Object.entries(defaults)) if (name !== "port") result[name] = read(name, fallback);
  return result;
}

export function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > 1_000_000) reject(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function json(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
export { escape };

/** A small accessible page (the end-to-end tests click through it and run axe on it). */
export function page(res, title, body, status = 200) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>body{font-family:system-ui,sans-serif;background:#111;color:#eee;margin:0;padding:24px;max-width:480px}
button,a.button{display:inline-block;font-size:18px;padding:12px 20px;margin:8px 8px 0 0;border-radius:8px;border:0;background:#f0b90b;color:#111;text-decoration:none;cursor:pointer}
.secondary{background:#444;color:#fff}</style></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`);
}

/** Starts the server; stops it cleanly on SIGTERM/SIGINT. */
export function serve(name, options, handler, lines = []) {
  const server = http.createServer((req, res) => {
    handler(req, res).catch((error) => {
      if (!options.quiet) console.error(`${name}: ${error}`);
      if (!res.headersSent) json(res, 500, { error: String(error) });
      else res.end();
    });
  });
  server.listen(options.port, options.host, () => {
    if (!options.quiet) {
      console.log(`${name} demo on http://${options.host}:${server.address().port}`);
      for (const line of lines) console.log(line);
    }
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return server;
}
