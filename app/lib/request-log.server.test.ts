import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, log, setLogger } from "./log.server";
import { requestLog } from "./request-log.server";

const lines: Record<string, unknown>[] = [];
let base = "";
let close: () => void;

beforeAll(async () => {
  setLogger(createLogger({ level: "info", destination: { write: (line: string) => void lines.push(JSON.parse(line)) } }));
  const app = express();
  app.use(requestLog());
  app.get("/work", async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    log.info("working");
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  setLogger(createLogger({ level: "error" }));
});

describe("request id", () => {
  it("generates one when absent, echoes it, and puts it on every line of that request", async () => {
    lines.length = 0;
    const response = await fetch(`${base}/work?token=secret-token`);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.find((line) => line.msg === "working")).toMatchObject({ requestId: id });
    const request = lines.find((line) => line.msg === "request");
    expect(request).toMatchObject({ requestId: id, method: "GET", path: "/work", status: 200 });
    // The query (sign-in tokens travel there) is never logged.
    expect(JSON.stringify(lines)).not.toContain("secret-token");
  });

  it("logs health probes only at debug level", async () => {
    lines.length = 0;
    await fetch(`${base}/healthz`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.filter((line) => line.msg === "request")).toHaveLength(0);
  });

  it("keeps a proxy's id, and replaces one that does not look like an id", async () => {
    expect((await fetch(`${base}/work`, { headers: { "x-request-id": "edge-42.abc" } })).headers.get("x-request-id")).toBe("edge-42.abc");
    const replaced = (await fetch(`${base}/work`, { headers: { "x-request-id": "bad id\twith spaces" } })).headers.get("x-request-id");
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });
});
