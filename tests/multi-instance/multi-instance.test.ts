import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Emulator, type S3Emulator } from "../support/s3-emulator";
import { Cookies, MULTI_DATABASE_URL, preparePostgres, startInstance, type Instance } from "./instances";

// Two instances of the built app (`node server.js`) on two ports, one PostgreSQL database, one
// S3-compatible bucket: what a user does on one must hold on the other.
const postgres = await preparePostgres();
if (!postgres.ok)
  console.warn(
    `\n[multi-instance] SKIPPED: ${postgres.reason}.\nStart PostgreSQL on 127.0.0.1:5432 (or set TEST_MULTI_POSTGRES_URL) to run these tests.\n`,
  );

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 200 }, (_, index) => index)]);

describe.skipIf(!postgres.ok)("two app instances on one database and one bucket", () => {
  let s3: S3Emulator;
  let a: Instance;
  let b: Instance;
  let database: pg.Client;
  const cookies = new Cookies();
  const email = `multi-${Date.now()}@example.com`;
  let orderId = "";

  const form = (instance: Instance, pathname: string, fields: Record<string, string>, extra: Record<string, string> = {}) =>
    fetch(`${instance.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: instance.url, cookie: cookies.header(), ...extra },
      body: new URLSearchParams(fields),
    });

  beforeAll(async () => {
    const build = spawnSync("node", ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("build failed");
    s3 = await startS3Emulator("arena-receipts");
    const shared = {
      DATABASE_URL: MULTI_DATABASE_URL,
      AUTH_SECRET: "multi-instance-secret-multi-instance-secret",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_REGION: s3.region,
      LOG_LEVEL: "debug",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    };
    a = await startInstance("a", shared);
    // Started second so the demo seed is already there (SEED_DEMO is idempotent, not concurrent-safe).
    b = await startInstance("b", shared);
    database = new pg.Client({ connectionString: MULTI_DATABASE_URL });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
  });

  it("both are ready (database and bucket)", async () => {
    for (const instance of [a, b]) {
      const response = await fetch(`${instance.url}/readyz`);
      expect(await response.json()).toEqual({ status: "ready", database: true, storage: true });
    }
  });

  it("a session cookie from A works on B", async () => {
    const asked = await form(a, "/auth", { email });
    expect(asked.status).toBeLessThan(400);
    // Without SMTP the link is printed on A's console.
    let link: string | undefined;
    for (let attempt = 0; attempt < 50 && !link; attempt++) {
      link = a.output().match(/link: (http\S+\/auth\/link\?\S+)/)?.[1];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link, "sign-in link printed by A").toBeTruthy();
    // The link opens a confirmation page; its button posts the link's fields and signs in.
    const confirmed = await form(a, "/auth/link", Object.fromEntries(new URL(link!).searchParams));
    cookies.take(confirmed);
    let next: string | null = confirmed.headers.get("location");
    for (let hop = 0; next && hop < 5; hop++) {
      const response: Response = await fetch(new URL(next, a.url), { redirect: "manual", headers: { cookie: cookies.header() } });
      cookies.take(response);
      next = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
    }
    // The profile is completed directly: this test is about sharing, not about the profile form.
    await database.query("update users set name = 'Multi', age = 20 where email = $1", [email]);

    // The library's own session endpoint is closed (docs/reliability.md "Holes closed"); a signed-in page on B is the proof.
    const orders = await fetch(`${b.url}/orders`, { redirect: "manual", headers: { cookie: cookies.header() } });
    expect(orders.status).toBe(200);
    expect(await orders.text()).toContain("Multi");
  });

  it("an order created on A is visible on B", async () => {
    const created = await form(a, "/plus", { phone: "04141234567", paymentMethod: "binance" });
    expect(created.status).toBe(302);
    orderId = created.headers.get("location")!.match(/^\/orders\/([^/]+)\/pay\/binance/)![1]!;
    const onB = await fetch(`${b.url}/orders/${orderId}`, { headers: { cookie: cookies.header() } });
    expect(onB.status).toBe(200);
  });

  it("a receipt uploaded on A is served by B", async () => {
    const body = new FormData();
    body.set("method", "binance");
    body.set("transactionId", "TX-MULTI-123456");
    body.set("receipt", new File([PNG], "receipt.png", { type: "image/png" }));
    const sent = await fetch(`${a.url}/orders/${orderId}/proof`, {
      method: "POST",
      headers: { origin: a.url, cookie: cookies.header(), accept: "application/json" },
      body,
    });
    expect(await sent.json()).toMatchObject({ ok: true });
    const { rows } = await database.query<{ id: string; file_key: string }>("select id, file_key from payment_proofs where order_id = $1", [
      orderId,
    ]);
    expect(rows).toHaveLength(1);
    const served = await fetch(`${b.url}/orders/${orderId}/receipts/${rows[0]!.id}`, { headers: { cookie: cookies.header() } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // It lives in the bucket, not on either instance's disk; and the bucket is never served directly.
    expect(fs.existsSync(path.join(a.dataDir, "receipts"))).toBe(false);
    const anonymous = await fetch(`${b.url}/orders/${orderId}/receipts/${rows[0]!.id}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  });

  it("a rate limit counted on A applies on B", async () => {
    const limited = `limited-${Date.now()}@example.com`;
    // magicLinkPerEmail allows 3 links per address in 10 minutes.
    // Signed out (a signed-in visitor is sent away from /auth before any counting).
    const signedOut = { cookie: "" };
    for (let attempt = 0; attempt < 3; attempt++) expect((await form(a, "/auth", { email: limited }, signedOut)).status).toBe(200);
    const refused = await form(b, "/auth", { email: limited }, signedOut);
    expect(refused.status).toBe(429);
  });

  it("a result written elsewhere reaches B's spectators, in the event, rendered by B", async () => {
    // Not spawnSync: a blocked event loop would miss the instances closing idle kept-alive
    // connections, and the next fetch would go out on a closed one ("other side closed").
    const run = async (args: string[]) => {
      const { stdout } = await promisify(execFile)("npx", ["tsx", ...args], { encoding: "utf8" });
      return stdout.trim().split("\n").at(-1)!;
    };
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "arena-multi-live-"));
    const seeded = JSON.parse(await run(["scripts/bench-live-seed.ts", scratch, MULTI_DATABASE_URL])) as {
      tournamentId: string;
      matches: { matchId: number }[];
    };
    // A kept-alive connection B closed while the seed ran is not reused: a fresh one (retried once).
    const bracket = () => fetch(`${b.url}/tournaments/${seeded.tournamentId}/bracket`).then((response) => response.text());
    const page = await bracket()
      .catch(bracket)
      .catch((error: unknown) => {
        throw new Error(`B did not answer the bracket page (${String(error)}):\n${b.output().slice(-4000)}`);
      });
    const live = page.match(/data-live="([^"]+)"/)![1]!.replaceAll("&amp;", "&");
    expect(live).toMatch(/\/live\?v=[\w-]+$/);
    const controller = new AbortController();
    const stream = await fetch(`${b.url}${live}`, { signal: controller.signal });
    expect(stream.headers.get("content-type")).toMatch(/text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    const fragment = (async () => {
      while (!received.includes("event: fragment")) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
    })();
    // Both captains report on another process (the notifications travel through PostgreSQL).
    await run(["tests/e2e/support/decide-match.ts", scratch, seeded.tournamentId, String(seeded.matches[0]!.matchId), MULTI_DATABASE_URL]);
    await Promise.race([fragment, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    controller.abort();
    fs.rmSync(scratch, { recursive: true, force: true });
    expect(received).toContain("event: fragment");
    expect(received).toMatch(new RegExp(`data-testid="bracket-match-${seeded.matches[0]!.matchId}" data-status="completed"`));
  }, 300_000);

  it("the expiry routine expires a stale order once, not once per instance", async () => {
    const created = await form(a, "/plus", { phone: "04141234567", paymentMethod: "paypal" });
    const staleId = created.headers.get("location")!.match(/^\/orders\/([^/]+)\//)![1]!;
    await database.query("update orders set expires_at = now() - interval '1 minute' where id = $1", [staleId]);
    // Exclusive routines tick on the minute on every instance: wait for the next tick.
    let status = "initiated";
    const deadline = Date.now() + 75_000;
    while (status !== "expired" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      status = (await database.query<{ status: string }>("select status from orders where id = $1", [staleId])).rows[0]!.status;
    }
    expect(status).toBe("expired");
    // Give the other instance's tick time to have happened too.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const history = await database.query("select 1 from order_status_history where order_id = $1 and to_status = 'expired'", [staleId]);
    expect(history.rowCount).toBe(1);
    const ran = [a, b].map(
      (instance) =>
        instance
          .output()
          .split("\n")
          .filter((line) => line.includes('"routine ran"') && line.includes('"order-expiry"')).length,
    );
    expect(ran[0]! + ran[1]!).toBe(1);
    // The lock at work: at that tick, the other instance found it taken and skipped.
    const skipped = [a, b].map(
      (instance) =>
        instance
          .output()
          .split("\n")
          .filter((line) => line.includes("routine skipped") && line.includes('"order-expiry"')).length,
    );
    expect(skipped[0]! + skipped[1]!).toBeGreaterThanOrEqual(1);
  }, 100_000);

  // Last: it ends the shared session. B remembers the signed-in person (decision 009); the database's
  // notice of the deleted session makes it forget at once.
  it("signing out on A ends the session on B", async () => {
    const before = await fetch(`${b.url}/orders`, { redirect: "manual", headers: { cookie: cookies.header() } });
    expect(before.status).toBe(200);
    const signedOut = await form(a, "/auth/sign-out", {});
    expect(signedOut.status).toBeLessThan(400);
    let status = 200;
    for (let waited = 0; status === 200 && waited < 1000; waited += 50) {
      status = (await fetch(`${b.url}/orders`, { redirect: "manual", headers: { cookie: cookies.header() } })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status, "B sends the signed-out cookie to sign in again within a second").toBe(302);
  });
});
