#!/usr/bin/env node
// A stand-in for the Discord HTTP API (v10), speaking the contract in docs/notifications.md:
//   POST /users/@me/channels {recipient_id}        Authorization: Bot <token>  → the DM channel
//   POST /channels/{channel.id}/messages {content} Authorization: Bot <token>
//   POST /webhooks/{webhook.id}/{webhook.token}?wait=true {content}           (no authorization)
//   PUT|DELETE /guilds/{guild.id}/members/{user.id}/roles/{role.id}  Authorization: Bot <token> → 204
//     (the Plus premium role, docs/plus.md: only --guild and --role are known (10004/10011); the user id
//     10000000000000001 has not joined the server: 404 Unknown Member, 10007)
// It checks the bot token, refuses empty or over-long content (50035), refuses DMs to the user id
// 10000000000000000 (50007, "Cannot send messages to this user"), answers a burst beyond --rate
// requests a second with 429 and retry_after, and keeps what it accepted for tests:
//   GET  /__demo/messages          → [{ kind: "dm", userId, content } | { kind: "webhook", webhookId, content }
//                                     | { kind: "role", action: "grant" | "remove", userId, roleId }]
//   GET  /__demo/roles             → the user ids holding the premium role now
//   POST /__demo/down?on=1|0       → while down, every API call answers 503
//   POST /__demo/throttle?n=N      → the next N API calls answer 429 with retry_after (a rate limit, on demand)
//   POST /__demo/join?user=ID      → that user joins the server (NOT_IN_SERVER_USER is refused until then)
//   POST /__demo/reset
//   GET  /health
// Usage: npm run discord:demo → http://127.0.0.1:4081, bot token "demo-bot-token";
//   then DISCORD_API_URL=http://127.0.0.1:4081 DISCORD_BOT_TOKEN=demo-bot-token DISCORD_WEBHOOKS=true npm start
import http from "node:http";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";

export const DMS_CLOSED_USER = "10000000000000000";
/** A Discord user who has not joined the community server: the role cannot be given (404, 10007). */
export const NOT_IN_SERVER_USER = "10000000000000001";
export const DEMO_GUILD_ID = "100000000000000001";
export const DEMO_ROLE_ID = "200000000000000002";

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

const invalidForm = (field) => [
  400,
  { message: "Invalid Form Body", code: 50035, errors: { [field]: { _errors: [{ code: "BASE_TYPE_REQUIRED" }] } } },
];
const validContent = (body) => body && typeof body.content === "string" && body.content.trim() && body.content.length <= 2000;

/** The premium role: PUT gives it, DELETE takes it away; 204 either way (idempotent, as Discord's). */
function answerRole(state, req, match) {
  const [, guild, userId, role] = match;
  if (guild !== state.guild) return [404, { message: "Unknown Guild", code: 10004 }];
  if (userId === NOT_IN_SERVER_USER && !state.joined.has(userId)) return [404, { message: "Unknown Member", code: 10007 }];
  if (role !== state.role) return [404, { message: "Unknown Role", code: 10011 }];
  const action = req.method === "PUT" ? "grant" : "remove";
  if (action === "grant") state.roles.add(userId);
  else state.roles.delete(userId);
  state.messages.push({ kind: "role", action, userId, roleId: role });
  return [204, null];
}

function answer(state, req, url, body) {
  if (state.down) return [503, { message: "Service Unavailable", code: 0 }];
  const path = url.pathname.replace(/^\/api(\/v\d+)?/, "");
  const role = /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/.exec(path);
  if (role ? req.method !== "PUT" && req.method !== "DELETE" : req.method !== "POST")
    return [405, { message: "405: Method Not Allowed", code: 0 }];
  const now = Date.now();
  state.recent = state.recent.filter((at) => now - at < 1000);
  if (state.throttle > 0 || state.recent.length >= state.rate) {
    state.throttle = Math.max(0, state.throttle - 1);
    return [429, { message: "You are being rate limited.", retry_after: 0.25, global: false }];
  }
  state.recent.push(now);
  if (role)
    return req.headers.authorization === `Bot ${state.token}`
      ? answerRole(state, req, role)
      : [401, { message: "401: Unauthorized", code: 0 }];
  const webhook = /^\/webhooks\/(\d{17,20})\/([\w-]+)$/.exec(path);
  if (webhook) {
    if (!validContent(body)) return invalidForm("content");
    state.messages.push({ kind: "webhook", webhookId: webhook[1], content: body.content });
    return url.searchParams.get("wait") === "true" ? [200, { id: String(state.messages.length), content: body.content }] : [204, null];
  }
  if (req.headers.authorization !== `Bot ${state.token}`) return [401, { message: "401: Unauthorized", code: 0 }];
  if (path === "/users/@me/channels") {
    const recipient = String(body?.recipient_id ?? "");
    if (!/^\d{17,20}$/.test(recipient)) return invalidForm("recipient_id");
    if (!state.channels.has(recipient)) state.channels.set(recipient, String(900000000000000000n + BigInt(state.channels.size + 1)));
    return [200, { id: state.channels.get(recipient), type: 1, recipients: [{ id: recipient }] }];
  }
  const channel = /^\/channels\/(\d+)\/messages$/.exec(path);
  if (channel) {
    const userId = [...state.channels].find(([, id]) => id === channel[1])?.[0];
    if (!userId) return [404, { message: "Unknown Channel", code: 10003 }];
    if (userId === DMS_CLOSED_USER) return [403, { message: "Cannot send messages to this user", code: 50007 }];
    if (!validContent(body)) return invalidForm("content");
    state.messages.push({ kind: "dm", userId, content: body.content });
    return [200, { id: String(state.messages.length), channel_id: channel[1], content: body.content }];
  }
  return [404, { message: "404: Not Found", code: 0 }];
}

export function startDiscordDemo({
  port = 0,
  host = "127.0.0.1",
  token = "demo-bot-token",
  rate = 20,
  quiet = true,
  guild = DEMO_GUILD_ID,
  role = DEMO_ROLE_ID,
} = {}) {
  const state = {
    token,
    rate,
    guild,
    role,
    down: false,
    throttle: 0,
    recent: [],
    messages: [],
    channels: new Map(),
    roles: new Set(),
    joined: new Set(),
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://discord");
    const send = ([status, body]) => {
      if (!quiet) console.log(`${req.method} ${url.pathname} → ${status} ${body ? JSON.stringify(body) : ""}`);
      const headers = { "content-type": "application/json" };
      if (status === 429) Object.assign(headers, { "retry-after": "1", "x-ratelimit-remaining": "0", "x-ratelimit-reset-after": "0.25" });
      res.writeHead(status, headers);
      res.end(body === null ? undefined : JSON.stringify(body));
    };
    if (url.pathname === "/health") return send([200, { ok: true }]);
    if (url.pathname === "/__demo/messages") return send([200, state.messages]);
    if (url.pathname === "/__demo/roles") return send([200, [...state.roles]]);
    if (url.pathname === "/__demo/throttle" && req.method === "POST") {
      state.throttle = Math.max(0, Number(url.searchParams.get("n") ?? 1) || 0);
      return send([200, { throttle: state.throttle }]);
    }
    if (url.pathname === "/__demo/down" && req.method === "POST") {
      state.down = url.searchParams.get("on") !== "0";
      return send([200, { down: state.down }]);
    }
    if (url.pathname === "/__demo/join" && req.method === "POST") {
      state.joined.add(url.searchParams.get("user") ?? "");
      return send([200, { joined: [...state.joined] }]);
    }
    if (url.pathname === "/__demo/reset" && req.method === "POST") {
      state.joined.clear();
      state.messages = [];
      state.recent = [];
      state.roles.clear();
      state.throttle = 0;
      return send([200, { ok: true }]);
    }
    send(answer(state, req, url, await readJson(req)));
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      resolve({
        url: `http://${host}:${server.address().port}`,
        state,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: process.env.DISCORD_DEMO_PORT ?? "4081" },
      host: { type: "string", default: "127.0.0.1" },
      token: { type: "string", default: "demo-bot-token" },
      rate: { type: "string", default: "20" },
      quiet: { type: "boolean", default: false },
      guild: { type: "string", default: DEMO_GUILD_ID },
      role: { type: "string", default: DEMO_ROLE_ID },
    },
  });
  const demo = await startDiscordDemo({
    port: Number(values.port),
    host: values.host,
    token: values.token,
    rate: Number(values.rate),
    quiet: values.quiet,
    guild: values.guild,
    role: values.role,
  });
  if (!values.quiet) {
    console.log(`Discord API demo on ${demo.url} (bot token "${values.token}")`);
    console.log(
      `Run the product with: DISCORD_API_URL=${demo.url} DISCORD_BOT_TOKEN=${values.token} DISCORD_WEBHOOKS=true DISCORD_GUILD_ID=${values.guild} DISCORD_PREMIUM_ROLE_ID=${values.role} npm start`,
    );
  }
}
