import http from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback HTTP server whose answer each test decides. */
export async function startHttpStub(handler: (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const requests: { url: URL; headers: http.IncomingHttpHeaders }[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    requests.push({ url, headers: req.headers });
    handler(url, req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}
