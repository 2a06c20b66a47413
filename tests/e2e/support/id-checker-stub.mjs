// A stand-in for the external player-ID checker (SPEC §7) for end-to-end tests, on loopback.
// GET /<game>?id=…(&server=…) answers { error, status, data: { username }, msg } like the real one.
import http from "node:http";

const port = Number(process.argv[2] ?? 3199);
const PLAYERS = { 123456789: "ZeroRushFF", 987654321: "GoldHunter", "12345678:2001": "MLKing" };

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const send = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/health") return send(200, { ok: true });
    if (req.headers["x-api-key"] !== "e2e-key") return send(401, { error: true, status: 401, data: null, msg: "Unauthorized" });
    const id = url.searchParams.get("id") ?? "";
    if (id === "555000111") return; // never answers: the app's timeout decides
    if (id === "500500500") return send(500, { error: true });
    const key = url.searchParams.has("server") ? `${id}:${url.searchParams.get("server")}` : id;
    const username = PLAYERS[key];
    if (username) return send(200, { error: false, status: 200, data: { username }, msg: "ok" });
    send(200, { error: true, status: 404, data: null, msg: "Jugador no encontrado" });
  })
  .listen(port, "127.0.0.1");
