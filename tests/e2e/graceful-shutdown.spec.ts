/**
 * Graceful shutdown (docs/reliability.md "Proofs", 5): on SIGTERM the server stops accepting connections, finishes the requests under
 * way (here a receipt upload still being sent), closes the database and exits 0.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startAppServer } from "./support/app-server";
import { signInLink } from "./support/mailbox";
import { signInCookieByFetch } from "./support/sign-in-link";
import type { OrderSeedPlan, SeededOrders } from "./support/order-seed-plan";

const PLAN: OrderSeedPlan = {
  users: [{ key: "ana", email: "ana.shutdown@example.com", name: "Ana" }],
  orders: [{ key: "order", owner: "ana", method: "binance" }],
};

/**
 * Whether process `pid` holds (has accepted) the connection from local port `clientPort` and has read
 * everything sent on it so far (its receive queue is empty): the kernel's socket table, through `ss`.
 */
function readingFrom(pid: number, clientPort: number): boolean {
  const listed = spawnSync("ss", ["-tnpH", "state", "established", `( dport = :${clientPort} )`], { encoding: "utf8" }).stdout;
  return listed.split("\n").some((line) => {
    const match = /^\s*(\d+)\s+\d+\s.*pid=(\d+),/.exec(line);
    return match !== null && match[1] === "0" && Number(match[2]) === pid;
  });
}

test("SIGTERM: refuses new connections, finishes an upload in progress, closes the database, exits 0", async () => {
  test.setTimeout(120_000);
  const server = await startAppServer({ prepare: ["tests/e2e/support/seed-orders.ts", JSON.stringify(PLAN)] });
  const seeded = JSON.parse(server.prepared) as SeededOrders;
  const orderId = seeded.orders.order!.id;
  try {
    // Sign in by e-mail link, as a browser would.
    const asked = await fetch(`${server.url}/auth`, {
      method: "POST",
      body: new URLSearchParams({ email: "ana.shutdown@example.com" }),
      headers: { Origin: server.url },
    });
    expect(asked.status).toBeLessThan(400);
    const cookie = await signInCookieByFetch(await signInLink("ana.shutdown@example.com", { dataDir: server.dataDir }));
    expect(cookie).toMatch(/arena\.session_token=/);

    // A 1.5 MB receipt, sent in two halves with SIGTERM in between.
    const boundary = "----arenaShutdown";
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(1_500_000, 7)]);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="method"\r\n\r\nbinance\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="transactionId"\r\n\r\nBIN-SHUTDOWN-1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="recibo.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const body = Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const { port } = new URL(server.url);
    let request!: http.ClientRequest;
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = (request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: `/orders/${orderId}/proof`,
          method: "POST",
          headers: {
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": body.length,
            Accept: "application/json",
            Origin: server.url,
            Cookie: cookie,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      ));
      req.on("error", reject);
    });
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    // The first half is sent, and SIGTERM comes once the server is reading it (the upload has begun).
    await new Promise<void>((resolve) => request.write(body.subarray(0, 600_000), () => resolve()));
    await expect.poll(() => readingFrom(server.child.pid!, request.socket!.localPort!), { timeout: 15_000 }).toBe(true);
    server.child.kill("SIGTERM");

    // While the upload is still being sent, the server no longer accepts connections: asked until it
    // refuses (the signal is handled a moment later, longer on a loaded machine), and only then is
    // the rest of the upload sent.
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => "accepting",
            () => "refusing",
          ),
        { timeout: 15_000 },
      )
      .toBe("refusing");
    expect(server.child.exitCode, "the server waits for the upload it is reading").toBeNull();
    request.end(body.subarray(600_000));

    const result = await answer;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text)).toMatchObject({ ok: true });
    expect(await exited).toBe(0);
    expect(server.output()).toMatch(/SIGTERM received: closing/);

    // The database was closed cleanly: it opens again and holds the proof, whose file exists.
    const check = spawnSync("npx", ["tsx", "tests/e2e/support/count-proofs.ts", server.dataDir], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    const proofs = JSON.parse(check.stdout.trim().split("\n").at(-1)!) as { orderId: string; fileKey: string }[];
    expect(proofs).toEqual([{ orderId, fileKey: expect.any(String) }]);
    expect(fs.existsSync(path.join(server.dataDir, "receipts", proofs[0]!.fileKey))).toBe(true);
  } finally {
    await server.stop();
  }
});
