#!/usr/bin/env node
// A stand-in for Twitch's streams endpoint (Helix `GET /helix/streams?user_login=…`), speaking the
// contract in docs/streamers.md. Off by default in the product; for local runs and tests:
//   node scripts/twitch-demo.mjs --port 4020 --client-id demo-client --token demo-token [--live vale_live,otro] [--quiet]
// Then run the product with TWITCH_API_URL=http://127.0.0.1:4020 TWITCH_CLIENT_ID=demo-client TWITCH_TOKEN=demo-token.
// Tests switch a channel on or off with `POST /demo/live {"login": "vale_live", "live": true, "viewers": 1234}`
// (`viewers` optional: 1200 unless given), answered as the stream's `viewer_count`.
import http from "node:http";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4020" },
    host: { type: "string", default: "127.0.0.1" },
    "client-id": { type: "string", default: "demo-client" },
    token: { type: "string", default: "demo-token" },
    live: { type: "string", default: "" },
    quiet: { type: "boolean", default: false },
  },
});
/** Live logins and their viewer counts. */
const live = new Map(
  values.live
    .split(",")
    .map((login) => login.trim().toLowerCase())
    .filter(Boolean)
    .map((login) => [login, 1200]),
);

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://twitch");
  const send = (status, body) => {
    if (!values.quiet) console.log(`${req.method} ${url.pathname}${url.search} → ${status}`);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === "/health") return send(200, { ok: true });
  if (req.method === "POST" && url.pathname === "/demo/live") {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      try {
        const { login, live: on, viewers } = JSON.parse(body);
        if (on) live.set(String(login).toLowerCase(), Number.isInteger(viewers) && viewers >= 0 ? viewers : 1200);
        else live.delete(String(login).toLowerCase());
        send(200, { live: [...live.keys()] });
      } catch {
        send(400, { error: "Bad Request" });
      }
    });
    return;
  }
  if (req.method !== "GET" || url.pathname !== "/helix/streams") return send(404, { error: "Not Found", status: 404 });
  if (req.headers["client-id"] !== values["client-id"] || req.headers.authorization !== `Bearer ${values.token}`)
    return send(401, { error: "Unauthorized", status: 401, message: "Invalid OAuth token" });
  const logins = url.searchParams.getAll("user_login").map((login) => login.toLowerCase());
  if (logins.length > 100)
    return send(400, { error: "Bad Request", status: 400, message: "The maximum number of 'user_login' parameters is 100" });
  const data = logins
    .filter((login) => live.has(login))
    .map((login) => ({
      user_login: login,
      user_name: login,
      type: "live",
      viewer_count: live.get(login),
      started_at: new Date().toISOString(),
    }));
  send(200, { data, pagination: {} });
});

server.listen(Number(values.port), values.host, () => {
  if (!values.quiet) console.log(`Twitch demo on http://${values.host}:${values.port}`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
