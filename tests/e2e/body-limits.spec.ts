/**
 * Every request body has a limit enforced while it is read (app/lib/body-limit.server.ts;
 * docs/reliability.md "Limits and idempotency"), on
 * the real server: a chunked body (no Content-Length) is cut off at the limit with 413, the rest is
 * never read and the server's memory does not grow by the body's size; a declared Content-Length
 * over the limit is answered 413 before any of the body is sent.
 */
import fs from "node:fs";
import http from "node:http";
import { expect, serverFixture, test as base, type AppServer } from "./support/server-fixture";

const MB = 1024 * 1024;

/** The server process's resident memory, from the kernel. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

interface Sent {
  status: number;
  text: string;
  /** Bytes of body the client managed to hand over before the answer (or the end). */
  bytesSent: number;
  ms: number;
}

/**
 * Posts `total` bytes of a form field as a chunked body (no Content-Length), as fast as the server
 * takes them, and stops writing once an answer arrives or the connection is closed.
 */
function postChunked(server: AppServer, path: string, total: number, headers: Record<string, string> = {}): Promise<Sent> {
  const { port } = new URL(server.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered: Sent | null = null;
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "Transfer-Encoding": "chunked", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        res.on("end", () => {
          answered = { status: res.statusCode ?? 0, text, bytesSent, ms: Date.now() - started };
          resolve(answered);
        });
      },
    );
    // Once answered, the server closes the connection: writes after that fail, which is the point.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(256 * 1024, "a");
    const pump = () => {
      while (!answered && !req.destroyed && bytesSent < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - bytesSent));
        const ok = req.write(bytesSent === 0 ? Buffer.concat([Buffer.from("email="), part.subarray(6)]) : part);
        bytesSent += part.length;
        if (!ok) return void req.once("drain", pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}

/** Sends only the headers of a request declaring `length` bytes, and waits for the answer. */
function declareOnly(server: AppServer, path: string, length: number, headers: Record<string, string> = {}): Promise<Sent> {
  const { port } = new URL(server.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "Content-Length": String(length), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, bytesSent: 0, ms: Date.now() - started }));
      },
    );
    req.on("error", reject);
    req.flushHeaders();
  });
}

// A server of its own (no seed): its memory is measured.
const test = base.extend<{ server: AppServer }>({ server: serverFixture({ name: "body-limits" }) });

test.describe("request body limits", () => {
  test.describe.configure({ mode: "serial" });

  test("a chunked body past the limit: 413, the rest unread, the server's memory not grown by it", async ({ server }) => {
    test.setTimeout(120_000);
    const pid = server.child.pid!;
    // Warm up the route (its module, the first render) so that only the big body is measured.
    for (let i = 0; i < 3; i++) await postChunked(server, "/auth", 1024);
    const before = rssOf(pid);
    const total = 200 * MB;
    const sent = await postChunked(server, "/auth", total);
    const after = rssOf(pid);
    console.log(
      `chunked ${total / MB} MB offered: status ${sent.status} after ${sent.ms} ms; ${(sent.bytesSent / MB).toFixed(1)} MB written by the client; server RSS ${(before / MB).toFixed(0)} → ${(after / MB).toFixed(0)} MB`,
    );
    expect(sent.status).toBe(413);
    expect(sent.text).toContain("demasiado grande");
    // The server stopped reading: what the client could write is the limit plus socket buffers, not the body.
    expect(sent.bytesSent).toBeLessThan(32 * MB);
    expect(after - before).toBeLessThan(48 * MB);
    // And it still serves.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  test("a declared Content-Length over the limit: 413 at once, before any body is sent", async ({ server }) => {
    const sent = await declareOnly(server, "/auth", 500 * MB, { Cookie: "lang=en" });
    expect(sent.status).toBe(413);
    expect(sent.text).toContain("too large");
    expect(sent.ms).toBeLessThan(5000);

    // A receipt upload has its own limit (RECEIPT_MAX_MB plus the envelope): a script asking for JSON gets the code it translates.
    const receipt = await declareOnly(server, "/orders/00000000-0000-0000-0000-000000000000/proof", 50 * MB, {
      Accept: "application/json",
      "Content-Type": "multipart/form-data; boundary=x",
    });
    expect(receipt.status).toBe(413);
    expect(JSON.parse(receipt.text)).toEqual({ ok: false, code: "FILE_TOO_LARGE" });
  });

  test("bodies within their route's limit are not refused by size", async ({ server }) => {
    // 1 MB is over the form limit but within a receipt's: the proof route answers by its own rules (sign in first).
    const receipt = await postChunked(server, "/orders/00000000-0000-0000-0000-000000000000/proof", 1 * MB);
    expect(receipt.status).not.toBe(413);
    // The proof route answered without reading that body: it is read and dropped, so the same
    // keep-alive connection carries the next request (it used to stall until the server reset it).
    const form = await postChunked(server, "/auth", 16 * 1024);
    expect(form.status).toBe(400);
    expect(form.ms).toBeLessThan(3000);
  });
});
