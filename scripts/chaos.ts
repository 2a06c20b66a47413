// `npm run test:chaos` (docs/reliability.md "Proofs", proof 3): crash under load.
// PostgreSQL phase: CLIENTS concurrent clients sign in, create store orders (each with its form's
// idempotency key, retried with the same key after a failure, as a flaky phone would) and send
// receipts, while the server is killed with SIGKILL and restarted. Then: every order that got a
// success answer exists exactly once, no key has two orders, no tournament is over capacity, no
// proof is without its file. PGlite phase: SIGKILL under load leaves a data directory that opens
// and is consistent. Mail phase (docs/reliability.md "Never lose a mail"): staff approve Plus orders while the SMTP relay refuses; the
// server is killed during the approvals and again while the backlog leaves; after restart every
// committed approval's mail is delivered, once (SMTP's one at-least-once point is counted).
// Prints the figures as JSON; exits 1 on any broken promise.
// CHAOS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/arena_chaos) is dropped and recreated.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { signInLink } from "../tests/e2e/support/mailbox";
import { signInCookieByFetch } from "../tests/e2e/support/sign-in-link";
import { checkoutForm, createdOrderId } from "./checkout-post.mjs";

const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 200);
const ORDERS_PER_CLIENT = Number(process.env.CHAOS_ORDERS_PER_CLIENT ?? 4);
const DATABASE_URL = process.env.CHAOS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/arena_chaos";
const PORT = Number(process.env.CHAOS_PORT ?? 3700);
const BASE = `http://127.0.0.1:${PORT}`;
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(2000, 1)]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function recreateDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === "test") throw new Error(`refusing to recreate database "${name}"`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn("node", ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", PUBLIC_URL: BASE, LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  return child;
}

async function waitHealthy(timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error("server did not become healthy");
}

async function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

/** Asks for a sign-in link from the phone's own address, opens it from there, and returns the session cookie. */
async function signInAs(dataDir: string, email: string, ip: string): Promise<string> {
  const asked = new Date();
  const asking = await fetch(`${BASE}/auth`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { Origin: BASE, "X-Forwarded-For": ip },
  });
  if (!asking.ok) throw new Error(`sign-in link for ${email}: ${asking.status} ${(await asking.text()).slice(0, 200)}`);
  const link = await signInLink(email, { dataDir, after: new Date(asked.getTime() - 1000), timeout: 60_000 });
  // Opened from the same address: the auth library limits link checks per address.
  const cookie = await signInCookieByFetch(link, { "X-Forwarded-For": ip });
  // A client without a session would only ever be sent to /auth: that is a broken run, not load.
  if (!/arena\.session_token=/.test(cookie)) throw new Error(`sign-in link for ${email} gave no session`);
  return cookie;
}

async function signIn(dataDir: string, index: number): Promise<string> {
  const email = `chaos-${index}@example.com`;
  const cookie = await signInAs(dataDir, email, `10.9.${Math.floor(index / 250)}.${(index % 250) + 1}`);
  // A complete profile, so checkout accepts the person.
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query("update users set name = $1, age = 20 where email = $2", [`Chaos ${index}`, email]);
  await db.end();
  return cookie;
}

interface Tally {
  created: Map<string, string>; // key → order id answered
  proofsOk: Set<string>;
  ordersBeforeCrash: number;
  failures: number;
  /** Why attempts failed (status, or the redirect a data request answered with), to read a bad run. */
  failureKinds: Record<string, number>;
}

async function client(cookie: string, tally: Tally, stop: () => boolean) {
  const headers = { Origin: BASE, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" };
  for (let n = 0; n < ORDERS_PER_CLIENT && !stop(); n++) {
    const key = randomUUID();
    let orderId: string | undefined;
    for (let attempt = 0; attempt < 200 && !orderId; attempt++) {
      try {
        // As the checkout page's script posts its confirm form; a created order answers 303 to the page naming it.
        const response = await fetch(`${BASE}/store/cart/checkout`, {
          method: "POST",
          redirect: "manual",
          headers,
          body: checkoutForm(key),
        });
        const text = await response.text();
        const location = response.headers.get("location") ?? "";
        orderId = createdOrderId(response);
        if (orderId) break;
        if (response.status === 429) return;
        if (process.env.CHAOS_DEBUG && tally.failures < 3) console.error("checkout answer", response.status, location, text.slice(0, 300));
        const redirect = location.split("?")[0];
        throw new Error(`checkout ${response.status}${redirect ? ` → ${redirect}` : ""}`);
      } catch (error) {
        tally.failures++;
        const kind = error instanceof Error && error.message.startsWith("checkout") ? error.message : "checkout: no answer";
        tally.failureKinds[kind] = (tally.failureKinds[kind] ?? 0) + 1;
        await sleep(100 + Math.random() * 200);
      }
    }
    if (!orderId) continue;
    tally.created.set(key, orderId);
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        const form = new FormData();
        form.set("method", "binance");
        form.set("transactionId", `BIN-${key.slice(0, 8)}`);
        form.set("receipt", new Blob([PNG], { type: "image/png" }), "recibo.png");
        const response = await fetch(`${BASE}/orders/${orderId}/proof`, {
          method: "POST",
          body: form,
          headers: { Origin: BASE, Cookie: cookie, Accept: "application/json" },
        });
        if (response.ok) tally.proofsOk.add(orderId);
        if (response.ok || response.status === 400 || response.status === 429) break; // 400: already sent before the crash
      } catch {
        tally.failures++;
        await sleep(100 + Math.random() * 200);
      }
    }
  }
}

async function postgresPhase() {
  await recreateDatabase(DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-chaos-"));
  const env = { DATABASE_URL, DATA_DIR: dataDir, SEED_DEMO: "true" };
  let server = startServer(env);
  await waitHealthy();
  const cookies: string[] = [];
  for (let start = 0; start < CLIENTS; start += 20) {
    cookies.push(...(await Promise.all(Array.from({ length: Math.min(20, CLIENTS - start) }, (_, i) => signIn(dataDir, start + i)))));
  }
  const tally: Tally = { created: new Map(), proofsOk: new Set(), ordersBeforeCrash: 0, failures: 0, failureKinds: {} };
  const started = Date.now();
  const running = Promise.all(cookies.map((cookie) => client(cookie, tally, () => false)));
  // Let the load build up, then crash the server in the middle of it (a third of the orders answered,
  // or CHAOS_CRASH_AFTER_MS at the latest) and bring it back.
  const crashBy = Date.now() + Number(process.env.CHAOS_CRASH_AFTER_MS ?? 30_000);
  while (tally.created.size < (CLIENTS * ORDERS_PER_CLIENT) / 3 && Date.now() < crashBy) await sleep(20);
  tally.ordersBeforeCrash = tally.created.size;
  const beforeCrashSeconds = (Date.now() - started) / 1000;
  await kill(server, "SIGKILL");
  await sleep(500);
  server = startServer(env);
  await waitHealthy();
  await running;
  await kill(server, "SIGTERM");

  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const problems: string[] = [];
  const ids = [...tally.created.values()];
  const found = await db.query<{ id: string; n: number }>("select id, count(*)::int as n from orders where id = any($1) group by id", [
    ids,
  ]);
  if (found.rows.length !== new Set(ids).size) problems.push(`${new Set(ids).size - found.rows.length} answered orders missing`);
  const dupKeys = await db.query<{ n: number }>(
    "select count(*)::int as n from (select user_id, idempotency_key from orders where idempotency_key is not null group by 1, 2 having count(*) > 1) d",
  );
  if (dupKeys.rows[0]!.n) problems.push(`${dupKeys.rows[0]!.n} keys with two orders`);
  // Every client retries until it is answered: an order never answered means the load did not really run.
  const unanswered = CLIENTS * ORDERS_PER_CLIENT - tally.created.size;
  if (unanswered) problems.push(`${unanswered} orders never answered (${JSON.stringify(tally.failureKinds)})`);
  const keyless = await db.query<{ n: number }>("select count(*)::int as n from orders where kind = 'store' and idempotency_key is null");
  if (keyless.rows[0]!.n) problems.push(`${keyless.rows[0]!.n} store orders without a key`);
  const over = await db.query<{ n: number }>(
    "select count(*)::int as n from tournaments t where (select count(*) from registrations r where r.tournament_id = t.id and r.status <> 'released') > t.capacity",
  );
  if (over.rows[0]!.n) problems.push(`${over.rows[0]!.n} tournaments over capacity`);
  const proofs = await db.query<{ file_key: string | null; order_id: string }>("select file_key, order_id from payment_proofs");
  const withoutFile = proofs.rows.filter((row) => !row.file_key || !fs.existsSync(path.join(dataDir, "receipts", row.file_key)));
  if (withoutFile.length) problems.push(`${withoutFile.length} proofs without their file`);
  const answeredProofs = await db.query<{ n: number }>(
    "select count(distinct order_id)::int as n from payment_proofs where order_id = any($1)",
    [[...tally.proofsOk]],
  );
  if (answeredProofs.rows[0]!.n !== tally.proofsOk.size) problems.push("a proof answered ok is missing");
  const totals = await db.query<{ orders: number; proofs: number }>(
    "select (select count(*)::int from orders) as orders, (select count(*)::int from payment_proofs) as proofs",
  );
  await db.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    clients: CLIENTS,
    ordersPerSecondBeforeCrash: Math.round((tally.ordersBeforeCrash / beforeCrashSeconds) * 10) / 10,
    ordersAnsweredBeforeCrash: tally.ordersBeforeCrash,
    ordersAnswered: tally.created.size,
    ordersInDatabase: totals.rows[0]!.orders,
    proofsAnswered: tally.proofsOk.size,
    proofsInDatabase: totals.rows[0]!.proofs,
    failedAttemptsRetried: tally.failures,
    failedAttemptsByAnswer: tally.failureKinds,
    problems,
  };
}

/* ───────────── Mail phase (docs/reliability.md "Never lose a mail"): staff approvals during an SMTP outage, with crashes ───────────── */

interface MailSink {
  url: string;
  folder: string;
  setRefusing(on: boolean): void;
  /** Message-ID → how many times it was accepted. */
  copies: Map<string, number>;
  accepted: () => number;
  refusedConnections: () => number;
  close(): Promise<void>;
}

/**
 * A real SMTP server in this process: accepts, or (refusing) turns every connection away with 421 and every mail with 451.
 * Each accepted message is also written as <folder>/mail/<time>-<recipient>.eml, so the e2e
 * mailbox reader finds sign-in links in it as it does in the server's own mail folder.
 */
async function startMailSink(): Promise<MailSink> {
  const { SMTPServer } = await import("smtp-server");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "arena-chaos-smtp-"));
  fs.mkdirSync(path.join(folder, "mail"));
  const copies = new Map<string, number>();
  let refusing = false;
  let refused = 0;
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onConnect(_session, callback) {
      if (!refusing) return callback();
      refused += 1;
      callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }));
    },
    // A connection opened before the outage (the server pools them) is refused mail by mail.
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      refused += 1;
      callback(Object.assign(new Error("Local error in processing, try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? `(none ${randomUUID()})`;
        copies.set(messageId, (copies.get(messageId) ?? 0) + 1);
        accepted += 1;
        const to = session.envelope.rcptTo[0]?.address ?? "unknown";
        fs.writeFileSync(path.join(folder, "mail", `${Date.now()}-${accepted}-${to.replace(/[^a-zA-Z0-9@._-]/g, "_")}.eml`), raw);
        callback();
      });
    },
  });
  // A client killed mid-conversation (the crash test kills the app) resets its connection: not our error.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as import("node:net").AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    folder,
    setRefusing: (on) => void (refusing = on),
    copies,
    accepted: () => accepted,
    refusedConnections: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `count` buyers with a Plus order whose proof was sent, written through the app's own order module. */
async function plusOrdersWithProof(count: number): Promise<{ id: string; email: string }[]> {
  process.env.PUBLIC_URL ??= BASE;
  const { openDatabase } = await import("../app/lib/db.server");
  const { registerOrderKinds } = await import("../app/features/order-kinds.server");
  const { createOrder, submitProof } = await import("../app/features/orders/orders.server");
  const { users } = await import("../app/db/schema");
  registerOrderKinds();
  const handle = await openDatabase({ url: DATABASE_URL, dataDir: "memory://" });
  const made: { id: string; email: string }[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const buyer = { id: randomUUID(), email: `plus-${i}@example.com` };
      await handle.db.insert(users).values({ id: buyer.id, email: buyer.email, name: `Plus ${i}`, age: 22 });
      const order = await createOrder(handle.db, {
        userId: buyer.id,
        kind: "plus",
        paymentMethod: "binance",
        currency: "USD",
        amount: 499,
        amountUsd: 499,
        exchangeRate: null,
        phone: "04141234567",
        email: buyer.email,
        expiresAt: new Date(Date.now() + 3_600_000),
        items: [{ label: "Arena Plus", unitAmount: 499, quantity: 1 }],
      });
      await submitProof(
        handle.db,
        order.id,
        { userId: buyer.id, isStaff: false },
        { method: "binance", transactionId: `PLUS-${i}-${order.number}` },
        null,
      );
      made.push({ id: order.id, email: buyer.email });
    }
  } finally {
    await handle.close();
  }
  return made;
}

async function pendingMail(db: pg.Client): Promise<number> {
  return (await db.query<{ n: number }>("select count(*)::int as n from mail_outbox where status <> 'sent'")).rows[0]!.n;
}

async function mailPhase() {
  const ORDERS = Number(process.env.CHAOS_MAIL_ORDERS ?? 120);
  const STAFF = "chaos-staff@example.com";
  await recreateDatabase(DATABASE_URL);
  const sink = await startMailSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-chaos-mail-"));
  // A short back-off, so the outage and the restarts fit in a test run (production: 5 s doubling).
  const env = { DATABASE_URL, DATA_DIR: dataDir, SEED_DEMO: "true", SMTP_URL: sink.url, STAFF_EMAILS: STAFF, MAIL_RETRY_BASE_MS: "300" };
  let server = startServer(env);
  await waitHealthy();
  const cookie = await signInAs(sink.folder, STAFF, "10.7.0.1");
  const waiting = await plusOrdersWithProof(ORDERS);
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();

  // The outage begins; staff approve the whole queue (six at a time), and the server is killed a third of the way in.
  sink.setRefusing(true);
  const answered = new Set<string>();
  const answers: Record<string, number> = {};
  let failedAttempts = 0;
  const queue = [...waiting];
  const approve = async () => {
    for (let order = queue.shift(); order; order = queue.shift()) {
      for (let attempt = 0; attempt < 200; attempt++) {
        try {
          const response = await fetch(`${BASE}/admin/orders/${order.id}`, {
            method: "POST",
            redirect: "manual",
            headers: { Origin: BASE, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "approve" }),
          });
          await response.arrayBuffer();
          answers[response.status] = (answers[response.status] ?? 0) + 1;
          // 302: approved now; 409: already approved by a request whose answer the crash swallowed (the incident's "retry answers 409").
          if (response.status === 302 || response.status === 409) {
            if (response.status === 302) answered.add(order.id);
            break;
          }
          throw new Error(`approve ${response.status}`);
        } catch {
          failedAttempts++;
          await sleep(100 + Math.random() * 200);
        }
      }
    }
  };
  const approving = Promise.all(Array.from({ length: 6 }, approve));
  while (answered.size < ORDERS / 3) await sleep(10);
  const approvedBeforeKill = answered.size;
  await kill(server, "SIGKILL");
  await sleep(300);
  server = startServer(env);
  await waitHealthy();
  await approving;
  // Still down for a while after the last approval: the worker keeps retrying and is refused.
  await sleep(3000);
  const refusedDuringOutage = sink.refusedConnections();
  const acceptedBeforeOutageEnd = sink.accepted();
  sink.setRefusing(false);
  // The relay is back and the backlog is leaving: the server is killed again in the middle of it.
  const backlogStarted = Date.now();
  while (sink.accepted() < acceptedBeforeOutageEnd + Math.min(20, ORDERS / 4) && Date.now() - backlogStarted < 30_000) await sleep(5);
  const acceptedAtSecondKill = sink.accepted() - acceptedBeforeOutageEnd;
  await kill(server, "SIGKILL");
  await sleep(300);
  server = startServer(env);
  await waitHealthy();
  // Rows the killed process had claimed come back when their lease (60 s) ends.
  const drainStarted = Date.now();
  while ((await pendingMail(db)) > 0 && Date.now() - drainStarted < 180_000) await sleep(500);
  const drainSeconds = Math.round((Date.now() - drainStarted) / 100) / 10;
  await kill(server, "SIGTERM");

  const problems: string[] = [];
  const approved = await db.query<{ id: string; email: string }>(
    "select id, email from orders where kind = 'plus' and status = 'approved'",
  );
  const mails = await db.query<{ id: string; recipient: string; kind: string; status: string; attempts: number }>(
    "select id, recipient, kind, status, attempts from mail_outbox",
  );
  const plusStarted = mails.rows.filter((row) => row.kind === "order.plusStarted");
  const approvedEmails = new Set(approved.rows.map((row) => row.email));
  for (const id of answered) if (!approved.rows.some((row) => row.id === id)) problems.push(`approval of ${id} answered but not committed`);
  const perRecipient = new Map<string, number>();
  for (const row of plusStarted) perRecipient.set(row.recipient, (perRecipient.get(row.recipient) ?? 0) + 1);
  const withoutMail = [...approvedEmails].filter((email) => !perRecipient.has(email)).length;
  const twoMails = [...perRecipient.values()].filter((n) => n > 1).length;
  const mailWithoutApproval = [...perRecipient.keys()].filter((email) => !approvedEmails.has(email)).length;
  if (withoutMail) problems.push(`${withoutMail} committed approvals without a queued mail`);
  if (twoMails) problems.push(`${twoMails} approvals with two queued mails`);
  if (mailWithoutApproval) problems.push(`${mailWithoutApproval} mails for approvals that did not commit`);
  const notSent = mails.rows.filter((row) => row.status !== "sent").length;
  if (notSent) problems.push(`${notSent} mails not sent after restart`);
  const neverArrived = mails.rows.filter((row) => !sink.copies.has(`<${row.id}@outbox.arena-latam>`)).length;
  if (neverArrived) problems.push(`${neverArrived} mails marked sent that never arrived`);
  const outboxIds = new Set(mails.rows.map((row) => `<${row.id}@outbox.arena-latam>`));
  // SMTP's single at-least-once point: killed between the relay's acceptance and the mark, a mail goes
  // again with the same Message-ID. Counted and reported; more copies than kills would be a bug.
  const repeated = [...sink.copies].filter(([messageId, n]) => outboxIds.has(messageId) && n > 1);
  const extraCopies = repeated.reduce((sum, [, n]) => sum + n - 1, 0);
  if (extraCopies > 1) problems.push(`${extraCopies} extra copies of outbox mails (at most one in flight at the kill may repeat)`);
  await db.end();
  await sink.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(sink.folder, { recursive: true, force: true });
  return {
    ordersAwaitingApproval: ORDERS,
    approvalsAnswered: answered.size,
    approvalsAnsweredBeforeKill: approvedBeforeKill,
    approvalsCommitted: approved.rows.length,
    approvalAnswers: answers,
    approvalAttemptsRetried: failedAttempts,
    smtpRefusalsDuringOutage: refusedDuringOutage,
    mailsAcceptedBeforeSecondKill: acceptedAtSecondKill,
    outboxRows: mails.rows.length,
    plusStartedMails: plusStarted.length,
    mailsDelivered: mails.rows.length - neverArrived,
    mailsDeliveredTwice: repeated.length,
    maxAttemptsOfAMail: Math.max(0, ...mails.rows.map((row) => Number(row.attempts))),
    secondsToDrainAfterRestart: drainSeconds,
    problems,
  };
}

async function pgliteOpens(dataDir: string) {
  const { openDatabase } = await import("../app/lib/db.server");
  const handle = await openDatabase({ dataDir });
  const orders = await handle.db.execute("select count(*)::int as n from orders");
  const history = await handle.db.execute(
    "select count(*)::int as n from orders o where not exists (select 1 from order_status_history h where h.order_id = o.id)",
  );
  await handle.close();
  const rows = (result: unknown) => ((result as { rows: { n: number }[] }).rows ?? (result as { n: number }[]))[0]!.n;
  return { orders: rows(orders), ordersWithoutHistory: rows(history) };
}

async function pglitePhase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-chaos-pglite-"));
  const server = startServer({ DATA_DIR: dataDir, SEED_DEMO: "true", DATABASE_URL: "" });
  await waitHealthy();
  const cookies = await Promise.all(Array.from({ length: 20 }, (_, i) => signInPglite(dataDir, i)));
  const tally: Tally = { created: new Map(), proofsOk: new Set(), ordersBeforeCrash: 0, failures: 0, failureKinds: {} };
  let stopped = false;
  const running = Promise.all(cookies.map((cookie) => client(cookie, tally, () => stopped)));
  // Killed in the middle of the load: a third of the orders answered (or 30 s at the latest).
  const killBy = Date.now() + 30_000;
  while (tally.created.size < (20 * ORDERS_PER_CLIENT) / 3 && Date.now() < killBy) await sleep(20);
  await kill(server, "SIGKILL");
  stopped = true;
  await running.catch(() => undefined);
  const reopened = await pgliteOpens(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const problems: string[] = [];
  if (reopened.ordersWithoutHistory) problems.push(`${reopened.ordersWithoutHistory} orders without their first history line`);
  // An order the buyer was told exists must survive the kill (the directory may hold more: created, not yet answered).
  if (reopened.orders < tally.created.size)
    problems.push(`${tally.created.size - reopened.orders} orders answered before the kill are gone`);
  return { ordersAnsweredBeforeKill: tally.created.size, ordersAfterReopen: reopened.orders, problems };
}

// On PGlite the profile is completed through the app itself (the database is the server's alone).
async function signInPglite(dataDir: string, index: number): Promise<string> {
  const email = `chaos-lite-${index}@example.com`;
  const cookie = await signInAs(dataDir, email, `10.8.0.${index + 1}`);
  await fetch(`${BASE}/auth/profile`, {
    method: "POST",
    headers: { Origin: BASE, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, fullname: `Lite ${index}`, age: "20", favoriteGame: "free-fire" }),
  });
  return cookie;
}

// Whatever happens, no server of ours stays behind.
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
try {
  await fetch(`${BASE}/healthz`);
  throw new Error(`something already listens on ${BASE}: set CHAOS_PORT`);
} catch (error) {
  if (error instanceof Error && error.message.startsWith("something")) throw error;
}

// CHAOS_ONLY=mail runs the mail phase alone (it needs no load phase before it).
const only = process.env.CHAOS_ONLY;
const postgres = only && only !== "postgres" ? null : await postgresPhase();
const pglite = only && only !== "pglite" ? null : await pglitePhase();
const mail = only && only !== "mail" ? null : await mailPhase();
console.log(JSON.stringify({ postgres, pglite, mail }, null, 2));
process.exit([postgres, pglite, mail].some((phase) => phase && phase.problems.length) ? 1 : 0);
