import "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createFetchHandler } from "react-router";
import { seedDemoData } from "~/db/seed";
import { seedDemoSeason } from "~/features/teams/demo-season.server";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { sendPlusMails } from "~/features/plus/plus-mail.server";
import { sendSubscriptionReminders } from "~/features/streamers/subscription-mail.server";
import { grantStaff } from "~/features/admin/staff.server";
import { saveLanguage } from "~/features/auth/accounts.server";
import { getCurrentUser } from "~/features/auth/session.server";
import { expireUnpaidOrders } from "~/features/orders/orders.server";
import { pollPayments } from "~/features/payments/payments.server";
import { paymentServices } from "~/features/payments/settings.server";
import { receiptStorage } from "~/features/orders/receipts.server";
import { refreshCatalogueFromPriceList } from "~/features/store/catalogue.server";
import { safeRedirectTarget } from "~/domain/redirect";
import { LANGUAGE_COOKIE, isLanguage, languageCookie, languageFromCookieHeader } from "~/domain/language";
import { databaseAnswers, db, openDatabase, setDatabase, type DatabaseHandle } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isLocalHost } from "~/lib/public-url";
import { log, setLogLevel } from "~/lib/log.server";
import { readiness } from "~/lib/readiness.server";
import { requestLog } from "~/lib/request-log.server";
import { bodyLimit, bodyLimitFor } from "~/lib/body-limit.server";
import { IN_PLACE_HEADER, REFUSED_STATUS_HEADER, inPlaceStatus } from "~/lib/in-place-answer";
import { sendCheckInOpenMails, sendMatchReminders, sendNoShowMails } from "~/features/competition/competition-mail.server";
import { sendWaitlistMails } from "~/features/tournaments/waitlist.server";
import { syncDiscordRoles } from "~/features/plus/discord-role.server";
import { setRoutineLock, startRoutine, stopAllRoutines } from "~/lib/routines.server";
import { namespaceTexts } from "~/lib/messages.server";
import { startMailWorker, stopMailWorker } from "~/lib/mail-outbox.server";
import { startNoticeWorker, stopNoticeWorker } from "~/features/notifications/notification-outbox.server";
import { closeMailer } from "~/lib/mail.server";
import { PageCache, type CachedPage } from "~/lib/page-cache.server";
import { pollTwitchLive, pollYoutubeLive, twitchSettings, youtubeSettings } from "~/features/streamers/live-providers.server";
import { contentSecurityPolicy, strictTransportSecurity } from "~/lib/csp";
import { createLiveChannel, extractSwapBlock } from "~/features/competition/live-channel.server";
import { loadPublicVersion } from "~/features/competition/live-version.server";
import { isWellFormedId } from "~/lib/http.server";

let handle: DatabaseHandle | undefined;
const development = process.env.NODE_ENV === "development";

/** Parses the environment, opens and migrates the database and seeds demo data. Fails fast. */
export async function start(): Promise<{ port: number; host: string }> {
  const config = env();
  setLogLevel(config.LOG_LEVEL);
  // Behind a reverse proxy (docs/deploy.md): whose X-Forwarded-For/-Proto to believe.
  app.set("trust proxy", config.TRUST_PROXY);
  // Before anything can move an order: a kind without a handler stops start-up here.
  registerOrderKinds();
  const started = Date.now();
  handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  setDatabase(handle);
  if (config.SEED_DEMO) {
    await seedDemoData(handle.db);
    // Only the server's demo seed plays the demo season: tests and benches that call seedDemoData count their own rows.
    const seasonStarted = Date.now();
    if (await seedDemoSeason(handle.db, new Date(), config.TIME_ZONE)) log.info("demo season played", { ms: Date.now() - seasonStarted });
  }
  // STAFF_EMAILS: the first staff exist without the admin CLI (accounts created when needed).
  for (const email of config.STAFF_EMAILS) {
    const { created } = await grantStaff(handle.db, email);
    log.info("staff from STAFF_EMAILS", { email, created });
  }
  const database = handle.db;
  // On PostgreSQL several instances may share the database: each routine tick runs on one of them only.
  setRoutineLock(handle.tryExclusive);
  // Unpaid orders past their time are expired once a minute.
  startRoutine({ name: "order-expiry", everyMs: 60_000, exclusive: true, run: () => expireUnpaidOrders(database) });
  // Waiting lists: "a place is free" mails owed by writes that freed a place (order expiry, cancellations…).
  startRoutine({ name: "waitlist-mails", everyMs: 30_000, exclusive: true, run: () => sendWaitlistMails(database) });
  // Competition: "check-in is open" mails, once per tournament when its window opens.
  startRoutine({ name: "check-in-mails", everyMs: 60_000, runAtStart: true, exclusive: true, run: () => sendCheckInOpenMails(database) });
  // Competition: when check-in closes, teams without a check-in are released and the waiting list may enter late.
  startRoutine({ name: "no-shows", everyMs: 60_000, runAtStart: true, exclusive: true, run: () => sendNoShowMails(database) });
  // Competition: a reminder to both teams of each match MATCH_REMINDER_MINUTES before its round's time, once.
  startRoutine({ name: "match-reminders", everyMs: 60_000, runAtStart: true, exclusive: true, run: () => sendMatchReminders(database) });
  // With PRICING_URL, the catalogue follows the external price list: at start, then every 30 minutes.
  // Plus: "ends in 3 days" and "has ended" mails.
  startRoutine({ name: "plus-mails", everyMs: 15 * 60_000, runAtStart: true, exclusive: true, run: () => sendPlusMails(database) });
  // Streamer subscriptions: "ends in 3 days" reminders (issue 30).
  startRoutine({
    name: "subscription-mails",
    everyMs: 15 * 60_000,
    runAtStart: true,
    exclusive: true,
    run: () => sendSubscriptionReminders(database),
  });
  // Plus: the Discord premium role leaves when a membership ends by itself (and arrives for members
  // whose grant was never asked); does nothing unless the role is configured (docs/plus.md).
  startRoutine({ name: "plus-discord-roles", everyMs: 60_000, runAtStart: true, exclusive: true, run: () => syncDiscordRoles(database) });
  // #26: the fallback for payment webhooks that never arrive and top-up answers that were lost (only with a provider on).
  const services = paymentServices();
  if (services.binance || services.paypal || services.topup)
    startRoutine({
      name: "payments-poll",
      everyMs: config.PAYMENTS_POLL_SECONDS * 1000,
      exclusive: true,
      run: () => pollPayments(database),
    });
  // #30: live status from Twitch (docs/streamers.md), only with its credentials set; manual switches otherwise.
  const twitch = twitchSettings();
  if (twitch)
    startRoutine({
      name: "streamer-live",
      everyMs: config.TWITCH_POLL_SECONDS * 1000,
      runAtStart: true,
      exclusive: true,
      run: () => pollTwitchLive(database, twitch),
    });
  // #30: live status from YouTube, only with its key set: a few channels a tick, within the day's search calls.
  const youtube = youtubeSettings();
  if (youtube)
    startRoutine({
      name: "streamer-live-youtube",
      everyMs: youtube.pollMinutes * 60_000,
      runAtStart: true,
      exclusive: true,
      run: () => pollYoutubeLive(database, youtube),
    });
  // The mail outbox: every instance delivers (rows are claimed with SKIP LOCKED, so each goes once).
  startMailWorker(database);
  // WhatsApp and Discord notices: the same pattern (docs/notifications.md); rows exist only when a channel is on.
  startNoticeWorker(database);
  const pricingUrl = config.PRICING_URL;
  if (pricingUrl)
    startRoutine({
      name: "price-refresh",
      everyMs: 30 * 60_000,
      runAtStart: true,
      exclusive: true,
      run: () => refreshCatalogueFromPriceList(database, pricingUrl),
    });
  log.info("database ready", { driver: handle.driver, ms: Date.now() - started, seeded: config.SEED_DEMO });
  return { port: config.PORT, host: config.HOST };
}

export async function stop(): Promise<void> {
  stopAllRoutines();
  // A pass under way finishes (its claimed mails are sent and marked) before the database closes.
  await stopMailWorker();
  await stopNoticeWorker();
  closeMailer();
  setRoutineLock(undefined);
  await handle?.close();
  setDatabase(undefined);
  handle = undefined;
}

export const app = express();
app.disable("x-powered-by");
// Request id (x-request-id) on every response and log line, one log line per request.
app.use(requestLog());
// Every request body is counted as it arrives, before anything reads it: over its route's limit
// (app/lib/body-limit.server.ts, one table) it is answered 413 and no longer read, chunked ones included.
app.use(bodyLimit((path) => bodyLimitFor(path, env().RECEIPT_MAX_MB)));

// Vite's development client injects inline scripts of its own: the policy applies to real builds.
const enforceCsp = !development;

app.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  // A fresh nonce per response: the inline scripts of this page carry it (app/entry.server.tsx).
  const nonce = randomBytes(18).toString("base64url");
  res.locals.cspNonce = nonce;
  const publicUrl = env().publicUrl;
  if (enforceCsp) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { https: publicUrl.startsWith("https://") }));
  const hsts = strictTransportSecurity(publicUrl);
  if (hsts) res.setHeader("Strict-Transport-Security", hsts);
  next();
});

// A refusal asked for by one of our page scripts, or by React Router's own form posts on hydrated pages
// (`….data`), is answered 200 (the real status in a header), so the browser's console stays clean;
// see app/lib/in-place-answer.ts.
app.use((req, res, next) => {
  if (req.method !== "POST" || (req.get(IN_PLACE_HEADER) !== "1" && !req.path.endsWith(".data"))) return next();
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const answered = inPlaceStatus(status);
    if (answered !== status) {
      res.setHeader(REFUSED_STATUS_HEADER, String(status));
      res.statusMessage = "OK";
    }
    return writeHead(answered, ...rest);
  }) as typeof res.writeHead;
  next();
});

// The client's address for rate limits: the socket's, or what a proxy on this machine reports.
// Whatever a client sends in x-client-ip itself is overwritten.
app.set("trust proxy", "loopback");
app.use((req, _res, next) => {
  req.headers["x-client-ip"] = req.ip ?? "unknown";
  // PUBLIC_URL unset: links follow the address the browser used, when it is this machine or the
  // local network; any other Host is replaced by the default, so no one can aim a link elsewhere.
  if (!env().publicUrlSet && !isLocalHost(req.headers.host)) req.headers.host = new URL(env().publicUrl).host;
  next();
});

// State changes must come from our own pages (docs/product.md §11): a POST whose Origin
// (or Referer) is another site is refused before it reaches any action.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  // Providers' webhooks come from their servers, without an Origin: each is authenticated by its signature instead (docs/payments.md).
  if (req.path === "/webhooks/binance-pay" || req.path === "/webhooks/paypal") return next();
  const own = new Set([new URL(env().publicUrl).origin, `${req.protocol}://${req.get("host")}`]);
  let origin = req.get("origin");
  if (!origin && req.get("referer")) {
    try {
      origin = new URL(req.get("referer")!).origin;
    } catch {
      origin = undefined;
    }
  }
  if (origin && own.has(origin)) return next();
  log.warn("cross-site request refused", { path: req.path, origin: origin ?? null });
  const language = languageFromCookieHeader(req.headers.cookie);
  const messages = namespaceTexts(language, "auth") as { errors: Record<string, string> };
  res.status(403).type("text/plain; charset=utf-8").send(messages.errors.FORBIDDEN_ORIGIN);
});

app.get("/healthz", async (_req, res) => {
  const ok =
    (await Promise.resolve()
      .then(() => databaseAnswers(db()))
      .catch(() => false)) === true;
  res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable" });
});

// Readiness (liveness is /healthz): a load balancer sends traffic here only while both the
// database and the receipt storage answer.
app.get("/readyz", async (_req, res) => {
  const { ready, database, storage } = await readiness(db, receiptStorage);
  res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable", database, storage });
});

// `?lang=en` on any page remembers the language in the cookie and reloads the page without it,
// so the switcher works before (or without) JavaScript.
// Signed in, the choice is also saved on the account: every mail to the person is written in it.
app.use(async (req, res, next) => {
  const requested = req.query[LANGUAGE_COOKIE];
  if (typeof requested !== "string" || (req.method !== "GET" && req.method !== "HEAD")) return next();
  const url = new URL(req.originalUrl, "http://local");
  url.searchParams.delete(LANGUAGE_COOKIE);
  if (isLanguage(requested)) {
    res.setHeader("Set-Cookie", languageCookie(requested, req.secure));
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const user = await getCurrentUser(new Request(new URL(req.originalUrl, "http://local"), { headers }));
      if (user && user.language !== requested) await saveLanguage(db(), user.id, requested);
    } catch (error) {
      // The cookie still switches the page; the account keeps its language until the next switch.
      log.warn("language not saved on the account", { error: String(error) });
    }
  }
  // Through the one redirect rule: a request-target such as "/.//host" would otherwise serialise as "//host".
  res.redirect(303, safeRedirectTarget(url.pathname + url.search));
});

// In production the build is one object, so React Router prepares its route table once; in
// development a function, so each request sees the routes Vite has just rebuilt.
const loadBuild = development ? () => import("virtual:react-router/server-build") : serverBuild;

// Pages that are the same for every visitor who is not signed in, micro-cached per language
// (docs/product.md §12). A request with any cookie but `lang`, or a query, is rendered fresh.
// Pages that look the same to every visitor who is not signed in: the landing, the terms, the store
// and each game's page (a game that does not exist is a 404, which is never kept). Five seconds of
// staleness is harmless: buying prices everything again on the server.
const CACHEABLE_PAGES = new Set(["/", "/privacy-terms", "/store"]);
const isCacheablePage = (path: string) => CACHEABLE_PAGES.has(path) || (/^\/store\/[a-z0-9-]{1,40}$/.test(path) && path !== "/store/cart");
const pageCache = new PageCache(5000);
// A cached page is rendered once with this stand-in nonce; each response gets its own in its place.
const CACHED_NONCE = "cachedPageNonce0000000000000000";
const renderDocument = createFetchHandler(loadBuild, development ? "development" : "production");

function isAnonymousPlainRequest(req: express.Request): boolean {
  if (req.method !== "GET" || !isCacheablePage(req.path) || req.originalUrl !== req.path) return false;
  const cookies = (req.headers.cookie ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter(Boolean);
  return cookies.every((name) => name === LANGUAGE_COOKIE);
}

app.use(async (req, res, next) => {
  if (!isAnonymousPlainRequest(req)) return next();
  const language = languageFromCookieHeader(req.headers.cookie);
  try {
    const page = await pageCache.get(`${language}:${req.path}`, async (): Promise<CachedPage> => {
      const response = await renderDocument(
        new Request(new URL(req.path, `http://${req.headers.host ?? "localhost"}`), {
          headers: { cookie: `${LANGUAGE_COOKIE}=${language}` },
        }),
        { cspNonce: CACHED_NONCE },
      );
      return { status: response.status, headers: [...response.headers], body: Buffer.from(await response.arrayBuffer()) };
    });
    res.status(page.status);
    for (const [name, value] of page.headers) if (name !== "content-length") res.setHeader(name, value);
    res.end(Buffer.from(page.body.toString("utf8").replaceAll(CACHED_NONCE, res.locals.cspNonce as string)));
  } catch (error) {
    next(error);
  }
});

// Spectators' live channel (issue #34, docs/decisions/012): `?v=<version>` asks for the public
// block itself in the events, rendered once per version and language for all viewers; without it
// (staff, captains: pages with parts of their own) the React Router route sends "changed" events.
const liveChannel = createLiveChannel({
  version: (tournamentId) => loadPublicVersion(db(), tournamentId),
  async render(tournamentId, language) {
    const response = await renderDocument(
      new Request(`http://localhost/tournaments/${encodeURIComponent(tournamentId)}/bracket`, {
        headers: { cookie: `${LANGUAGE_COOKIE}=${language}` },
      }),
      { cspNonce: CACHED_NONCE },
    );
    if (response.status !== 200) return null;
    return extractSwapBlock(await response.text());
  },
});
app.get("/tournaments/:tournamentId/live", (req, res, next) => {
  const asked = req.query.v;
  if (typeof asked !== "string") return next();
  const tournamentId = req.params.tournamentId;
  if (!isWellFormedId(tournamentId)) return next();
  const header = req.get("last-event-id");
  const known = [header, asked].find((value) => typeof value === "string" && /^[\w-]{1,40}$/.test(value)) ?? null;
  liveChannel.handle(req, res, tournamentId, known).catch(next);
});

/** Ends every live stream (shutdown: the browsers reconnect, each after its own random delay). */
export function closeLiveConnections(): void {
  liveChannel.closeAll();
}

app.use(createRequestHandler({ build: loadBuild, getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }) }));
