#!/usr/bin/env node
// A stand-in for a top-up provider (docs/topup-provider.md): deliver packages to a player's account.
//   npm run topup-provider:demo   → http://127.0.0.1:4014, key "demo-topup-key"
// Every player is delivered at once, except (test doubles):
//   404404404  fails: "Jugador no encontrado en el juego"
//   777000777  fails the first time for each order ("Servicio del juego en mantenimiento"), then delivers
//   300300300  answers pending; the status query then says delivered
// The same reference (Idempotency-Key) asked twice gets the first answer: never delivered twice.
import { demoOptions, json, readBody, serve } from "./demo-kit.mjs";

const options = demoOptions("TOPUP_PROVIDER_DEMO", { port: "4014", key: "demo-topup-key" });
const log = (line) => options.quiet || console.log(line);
const topups = new Map();
const seen = new Map();
let counter = 1000;

function decide(topup) {
  // Counted per player and order (the reference is "<order>-<attempt>"), so every new order fails once.
  const key = `${topup.playerId} ${String(topup.reference).replace(/-\d+$/, "")}`;
  const times = (seen.get(key) ?? 0) + 1;
  seen.set(key, times);
  if (topup.playerId === "404404404") return { status: "failed", reason: "Jugador no encontrado en el juego" };
  if (topup.playerId === "777000777" && times === 1) return { status: "failed", reason: "Servicio del juego en mantenimiento" };
  if (topup.playerId === "300300300") return { status: "pending", transactionId: `TP-${++counter}` };
  return { status: "delivered", transactionId: `TP-${++counter}` };
}

serve(
  "Top-up provider",
  options,
  async (req, res) => {
    const url = new URL(req.url ?? "/", "http://demo");
    const body = req.method === "POST" ? await readBody(req) : "";
    if (url.pathname === "/health") return json(res, 200, { ok: true });
    if (req.headers.authorization !== `Bearer ${options.key}`) return json(res, 401, { status: "error", reason: "unauthorized" });
    if (url.pathname === "/v1/topups" && req.method === "POST") {
      const input = body ? JSON.parse(body) : {};
      const reference = String(req.headers["idempotency-key"] ?? input.reference ?? "");
      if (!reference || !input.playerId || !Array.isArray(input.items) || input.items.length === 0)
        return json(res, 400, { status: "failed", reason: "reference, playerId and items are required" });
      const known = topups.get(reference);
      if (known) return json(res, 200, { reference, ...known.answer });
      const answer = decide(input);
      topups.set(reference, { input, answer });
      log(`topup ${reference} ${input.game} ${input.playerId} → ${answer.status}`);
      return json(res, 200, { reference, ...answer });
    }
    const status = /^\/v1\/topups\/([^/]+)$/.exec(url.pathname);
    if (status && req.method === "GET") {
      const known = topups.get(decodeURIComponent(status[1]));
      if (!known) return json(res, 404, { status: "unknown" });
      if (known.answer.status === "pending") known.answer = { status: "delivered", transactionId: known.answer.transactionId };
      return json(res, 200, { reference: status[1], ...known.answer });
    }
    json(res, 404, { status: "unknown" });
  },
  [`Run the product with: TOPUP_PROVIDER_URL=http://${options.host}:${options.port} TOPUP_PROVIDER_KEY=${options.key} npm start`],
);
