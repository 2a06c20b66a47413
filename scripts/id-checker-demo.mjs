#!/usr/bin/env node
// A stand-in for the external player-ID checker (SPEC §7), speaking the contract in docs/id-checker.md.
// One program for two uses:
//   npm run id-checker:demo                      → http://127.0.0.1:4010, key "demo-key", a line per request
//   node scripts/id-checker-demo.mjs --port 3619 --key e2e-key --quiet   (the e2e config starts it so)
// Then run the product with ID_CHECKER_URL=http://127.0.0.1:4010 ID_CHECKER_KEY=demo-key.
//
// Known players (anything else is "Jugador no encontrado"):
//   free-fire 123456789 → ZeroRushFF, 987654321 → GoldHunter
//   blood-strike 123456789 → ZeroRushFF; arena-breakout 987654321 → GoldHunter
//   mobile-legends 12345678 zone 2001 → MLKing (another zone: "ID o servidor incorrecto"; no zone: "Zona requerida")
// Test doubles: id 555000111 never answers (the product's timeout decides); 500500500 answers 500.
import http from "node:http";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.ID_CHECKER_DEMO_PORT ?? "4010" },
    host: { type: "string", default: process.env.ID_CHECKER_DEMO_HOST ?? "127.0.0.1" },
    key: { type: "string", default: process.env.ID_CHECKER_DEMO_KEY ?? "demo-key" },
    quiet: { type: "boolean", default: false },
  },
  // `node id-checker-demo.mjs 3199` (a bare port) still works.
  allowPositionals: true,
});
const positional = process.argv.slice(2).find((arg) => /^\d+$/.test(arg));
const port = Number(positional ?? values.port);
const { host, key, quiet } = values;

/** game → id → name; Mobile Legends ids are "<id>:<zone>". */
export const PLAYERS = {
  "free-fire": { 123456789: "ZeroRushFF", 987654321: "GoldHunter" },
  "blood-strike": { 123456789: "ZeroRushFF", 987654321: "GoldHunter" },
  "arena-breakout": { 123456789: "ZeroRushFF", 987654321: "GoldHunter" },
  "mobile-legends": { "12345678:2001": "MLKing", "87654321:3002": "LunaMage" },
};
const NEVER_ANSWERS = "555000111";
const SERVER_ERROR = "500500500";

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://checker");
  const send = (status, body) => {
    if (!quiet) console.log(`${req.method} ${url.pathname}${url.search} → ${status} ${JSON.stringify(body)}`);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const refuse = (status, msg) => send(status, { error: true, status, data: null, msg });
  if (url.pathname === "/health") return send(200, { ok: true });
  if (req.method !== "GET") return refuse(405, "Method not allowed");
  if (req.headers["x-api-key"] !== key) return refuse(401, "Unauthorized");
  const game = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ""));
  const known = PLAYERS[game];
  if (!known) return refuse(404, "Juego no soportado");
  const id = (url.searchParams.get("id") ?? "").trim();
  if (!/^\d{4,20}$/.test(id)) return refuse(400, "ID incorrecto");
  if (id === NEVER_ANSWERS) {
    if (!quiet) console.log(`${req.method} ${url.pathname}${url.search} → (no answer)`);
    return;
  }
  if (id === SERVER_ERROR) return send(500, { error: true });
  let username;
  if (game === "mobile-legends") {
    const zone = (url.searchParams.get("server") ?? "").trim();
    if (!zone) return send(200, { error: true, status: 400, data: null, msg: "Zona requerida" });
    username = known[`${id}:${zone}`];
    if (!username && Object.keys(known).some((entry) => entry.startsWith(`${id}:`)))
      return send(200, { error: true, status: 404, data: null, msg: "ID o servidor incorrecto" });
  } else {
    username = known[id];
  }
  if (username) return send(200, { error: false, status: 200, data: { username }, msg: "ok" });
  send(200, { error: true, status: 404, data: null, msg: "Jugador no encontrado" });
});

server.listen(port, host, () => {
  if (!quiet) {
    console.log(`ID checker demo on http://${host}:${port} (key "${key}")`);
    console.log(`Run the product with: ID_CHECKER_URL=http://${host}:${port} ID_CHECKER_KEY=${key} npm start`);
  }
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
