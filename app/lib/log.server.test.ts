import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, log, oncePerRequest, redact, setLogger, withRequestContext } from "./log.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  setLogger(createLogger({ level: "debug", destination: stream }));
  return lines;
}

afterEach(() => setLogger(createLogger({ level: "error" })));

describe("log", () => {
  it("writes one JSON object per event, with level, time, message and fields", () => {
    const lines = capture();
    log.info("order decided", { orderId: "o1", decision: "approve" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", msg: "order decided", orderId: "o1", decision: "approve" });
    expect(typeof lines[0]!.time).toBe("string");
  });

  it("adds the request id to every line written while serving a request", async () => {
    const lines = capture();
    await withRequestContext({ requestId: "req-123" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.warn("inside");
    });
    log.warn("outside");
    expect(lines[0]).toMatchObject({ msg: "inside", requestId: "req-123" });
    expect(lines[1]!.requestId).toBeUndefined();
  });

  it("never writes e-mail addresses, cookies, authorization or secrets", () => {
    const lines = capture();
    log.error("magic link not sent to ana.perez@example.com", {
      email: "ana.perez@example.com",
      error: "SMTP 550 <ana.perez@example.com>: mailbox unavailable",
      headers: { cookie: "better-auth.session_token=abc", authorization: "Bearer xyz", "user-agent": "x" },
      AUTH_SECRET: "s".repeat(40),
    });
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain("ana.perez");
    expect(text).not.toContain("abc");
    expect(text).not.toContain("Bearer");
    expect(text).not.toContain("sss");
    expect(lines[0]).toMatchObject({
      email: "[redacted]",
      error: "SMTP 550 <[email]>: mailbox unavailable",
      headers: { "user-agent": "x" },
    });
  });

  it("respects the level", () => {
    const lines: unknown[] = [];
    setLogger(createLogger({ level: "warn", destination: { write: (line: string) => void lines.push(line) } }));
    log.info("quiet");
    log.debug("quieter");
    log.error("loud");
    expect(lines).toHaveLength(1);
  });

  it("redacts nested values and leaves other values alone", () => {
    expect(redact({ count: 3, ok: true, list: ["a@b.co", 1], nested: { password: "p" } })).toEqual({
      count: 3,
      ok: true,
      list: ["[email]", 1],
      nested: { password: "[redacted]" },
    });
  });
});

describe("oncePerRequest", () => {
  it("computes once per request and key, and again in another request", async () => {
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    const first = await withRequestContext({ requestId: "a" }, async () => [
      await oncePerRequest("user:x", compute),
      await oncePerRequest("user:x", compute),
      await oncePerRequest("user:y", compute),
    ]);
    expect(first).toEqual([1, 1, 2]);
    expect(await withRequestContext({ requestId: "b" }, () => oncePerRequest("user:x", compute))).toBe(3);
  });

  it("outside a request simply computes", () => {
    let calls = 0;
    oncePerRequest("k", () => ++calls);
    oncePerRequest("k", () => ++calls);
    expect(calls).toBe(2);
  });
});
