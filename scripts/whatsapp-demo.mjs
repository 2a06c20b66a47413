#!/usr/bin/env node
// A stand-in for the WhatsApp Business Cloud API, speaking the contract in docs/notifications.md:
//   POST /{phone-number-id}/messages   Authorization: Bearer <token>   (template messages only)
// It checks the bearer token and the phone number id, accepts only the approved templates (name,
// language and parameter count), answers a burst beyond --rate messages a second with the API's
// rate-limit error (HTTP 429, code 130429), and keeps what it accepted for tests:
//   GET  /__demo/messages          → the accepted messages, oldest first
//   POST /__demo/down?on=1|0       → while down, every API call answers 503 (an outage)
//   POST /__demo/reset             → forgets the messages
//   GET  /health
// Usage: npm run whatsapp:demo  → http://127.0.0.1:4080, token "demo-token", phone number id "100000000000001"
//   then run the product with WHATSAPP_API_URL=http://127.0.0.1:4080 WHATSAPP_PHONE_NUMBER_ID=100000000000001 WHATSAPP_TOKEN=demo-token
import http from "node:http";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";

/** The approved templates: name → languages and body parameter count (app/features/notifications/core/notices.ts). */
export const APPROVED_TEMPLATES = {
  arena_check_in_open: { languages: ["es", "en"], parameters: 3 },
  arena_room_details: { languages: ["es", "en"], parameters: 5 },
  arena_match_ready: { languages: ["es", "en"], parameters: 4 },
  arena_dispute_decided: { languages: ["es", "en"], parameters: 4 },
  arena_match_reminder: { languages: ["es", "en"], parameters: 5 },
  arena_walkover: { languages: ["es", "en"], parameters: 4 },
};

function graphError(status, code, message) {
  return [status, { error: { message, type: "OAuthException", code, fbtrace_id: randomUUID().slice(0, 12) } }];
}

function readJson(req) {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      try {
        resolve(JSON.parse(body || "{}"));
      } catch {
        resolve(null);
      }
    });
  });
}

/** Answers one API request: [status, body]. */
function answer(state, req, url, body) {
  if (state.down) return [503, { error: { message: "Service temporarily unavailable", code: 2 } }];
  const match = /^\/(?:v\d+\.\d+\/)?([^/]+)\/messages$/.exec(url.pathname);
  if (req.method !== "POST" || !match) return graphError(400, 100, "Unsupported request - method type: get");
  if (req.headers.authorization !== `Bearer ${state.token}`)
    return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
  if (decodeURIComponent(match[1]) !== state.phoneNumberId)
    return graphError(400, 100, `Unsupported post request. Object with ID '${match[1]}' does not exist`);
  if (!body || body.messaging_product !== "whatsapp") return graphError(400, 100, "(#100) The parameter messaging_product is required.");
  if (typeof body.to !== "string" || !/^[1-9]\d{7,14}$/.test(body.to)) return graphError(400, 100, "(#100) Invalid parameter: to");
  if (body.type !== "template" || !body.template)
    return graphError(400, 131047, "Re-engagement message: only templates outside the 24-hour window");
  const template = APPROVED_TEMPLATES[body.template.name];
  const language = body.template.language?.code;
  if (!template || !template.languages.includes(language))
    return graphError(404, 132001, `(#132001) Template name does not exist in the translation (${body.template.name} ${language})`);
  const parameters = (body.template.components ?? []).find((component) => component.type === "body")?.parameters ?? [];
  if (parameters.length !== template.parameters || parameters.some((p) => p.type !== "text" || !String(p.text ?? "").trim()))
    return graphError(400, 132000, "(#132000) Number of parameters does not match the expected number of params");
  // Throughput: at most `rate` messages in any one second.
  const now = Date.now();
  state.recent = state.recent.filter((at) => now - at < 1000);
  if (state.recent.length >= state.rate) return graphError(429, 130429, "(#130429) Rate limit hit");
  state.recent.push(now);
  const id = `wamid.${randomUUID().replace(/-/g, "")}`;
  state.messages.push({ id, to: body.to, template: body.template.name, language, parameters: parameters.map((p) => String(p.text)) });
  return [200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] }];
}

/** Starts the demo; answers its address and its state (for tests that run it in-process). */
export function startWhatsappDemo({
  port = 0,
  host = "127.0.0.1",
  token = "demo-token",
  phoneNumberId = "100000000000001",
  rate = 20,
  quiet = true,
} = {}) {
  const state = { token, phoneNumberId, rate, down: false, recent: [], messages: [] };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://whatsapp");
    const send = ([status, body]) => {
      if (!quiet) console.log(`${req.method} ${url.pathname} → ${status} ${JSON.stringify(body)}`);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/health") return send([200, { ok: true }]);
    if (url.pathname === "/__demo/messages") return send([200, state.messages]);
    if (url.pathname === "/__demo/down" && req.method === "POST") {
      state.down = url.searchParams.get("on") !== "0";
      return send([200, { down: state.down }]);
    }
    if (url.pathname === "/__demo/reset" && req.method === "POST") {
      state.messages = [];
      state.recent = [];
      return send([200, { ok: true }]);
    }
    send(answer(state, req, url, await readJson(req)));
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        state,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: process.env.WHATSAPP_DEMO_PORT ?? "4080" },
      host: { type: "string", default: "127.0.0.1" },
      token: { type: "string", default: "demo-token" },
      "phone-number-id": { type: "string", default: "100000000000001" },
      rate: { type: "string", default: "20" },
      quiet: { type: "boolean", default: false },
    },
  });
  const demo = await startWhatsappDemo({
    port: Number(values.port),
    host: values.host,
    token: values.token,
    phoneNumberId: values["phone-number-id"],
    rate: Number(values.rate),
    quiet: values.quiet,
  });
  if (!values.quiet) {
    console.log(`WhatsApp Cloud API demo on ${demo.url} (token "${values.token}", phone number id ${values["phone-number-id"]})`);
    console.log(
      `Run the product with: WHATSAPP_API_URL=${demo.url} WHATSAPP_PHONE_NUMBER_ID=${values["phone-number-id"]} WHATSAPP_TOKEN=${values.token} npm start`,
    );
  }
}
