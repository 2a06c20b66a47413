/**
 * A spec that needs its own app server (its own data, seed or settings) and people signed in there.
 *
 *   import { expect, serverFixture, signIn, signInOnce, test as base } from "./support/server-fixture";
 *
 *   const test = base.extend<{ arena: AppServer & Seeded }>({
 *     arena: serverFixture<Seeded>({ prepare: ["tests/e2e/support/seed-x.ts"] }),
 *     baseURL: async ({ arena }, use) => use(arena.url),
 *   });
 *
 *   await signIn(page, arena, "ana@example.com", "/orders");     // the /auth page and the mailed link, every time
 *   await signInOnce(page, arena, "ana@example.com", "/orders"); // the link once per server, then its cookies
 *
 * - `serverFixture(options)` is a test fixture answering a server started with `startAppServer(options)`
 *   (support/app-server.ts), its `prepared` line parsed into the answer (`{}` when the seed printed
 *   none). Servers belong to the worker: every spec importing this `test` shares one pool, and a test
 *   asking for options deep-equal to a running server's gets that server, whichever spec started it.
 *   So specs sharing a seed (or one seed made of several scripts, `prepare: [[a], [b]]`) share a server;
 *   their tests must each make or use their own people and orders. `name` keeps a server apart from
 *   otherwise equal ones (a spec whose tests change seeded data another spec reads); `once` stops it
 *   when its test ends (a server for one test).
 * - The pool keeps the last few servers a worker used (POOL_SIZE) and stops the oldest beyond them.
 * - `signIn` is the person's way in (a link request, the mail, the confirmation button); `signInOnce`
 *   does it once per server and address and starts later calls from that session's cookies (sign-in
 *   links are limited per address). Only for sessions no test ends (signing out, revoked rights).
 * - With E2E_SERVER_LOG=<file>, every server start is logged there with its seed and start times.
 */
import type { Cookie, Page } from "@playwright/test";
import { AuthPage } from "../pages/auth-pages";
import { startAppServer, type AppServer, type AppServerOptions } from "./app-server";
import { expect, test as base } from "./auth-fixtures";
import { signInLink } from "./mailbox";
import { followSignInLink } from "./sign-in-link";

export { expect };
export type { AppServer };

export interface ServerOptions extends AppServerOptions {
  /** Servers with different names are never shared, even with equal options. */
  name?: string;
  /** Stopped when the test that asked for it ends: a server no other test uses. */
  once?: boolean;
}

/** Servers a worker keeps running for later tests (the current one included): one, as each takes ~0.9 GB. */
const POOL_SIZE = 1;

interface PooledServer {
  server: AppServer;
  seeded: unknown;
}

class ServerPool {
  private readonly servers = new Map<string, Promise<PooledServer>>();

  async get(options: ServerOptions): Promise<PooledServer> {
    const key = stableKey(options);
    let entry = this.servers.get(key);
    if (entry) {
      // Most recently used last.
      this.servers.delete(key);
    } else {
      entry = startAppServer(options).then((server) => ({ server, seeded: parsePrepared(server.prepared) }));
      // A failed start is not kept: the next test tries again.
      entry.catch(() => this.servers.delete(key));
    }
    this.servers.set(key, entry);
    await this.trim();
    return entry;
  }

  private async trim() {
    while (this.servers.size > POOL_SIZE) {
      const [oldestKey, oldest] = this.servers.entries().next().value!;
      this.servers.delete(oldestKey);
      await oldest.then(({ server }) => server.stop()).catch(() => undefined);
    }
  }

  async release(options: ServerOptions) {
    const key = stableKey(options);
    const entry = this.servers.get(key);
    this.servers.delete(key);
    await entry?.then(({ server }) => server.stop()).catch(() => undefined);
  }

  async stopAll() {
    const entries = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(entries.map((entry) => entry.then(({ server }) => server.stop()).catch(() => undefined)));
  }
}

function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableKey((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

function parsePrepared(prepared: string): unknown {
  if (!prepared) return {};
  try {
    return JSON.parse(prepared);
  } catch {
    return {};
  }
}

export const test = base.extend<object, { serverPool: ServerPool }>({
  serverPool: [
    async ({}, use) => {
      const pool = new ServerPool();
      try {
        await use(pool);
      } finally {
        await pool.stopAll();
      }
    },
    { scope: "worker" },
  ],
});

/**
 * A test fixture answering a server of the worker's pool started with `options`, plus what its seed
 * printed (parsed). Its own time limit: a first start (migrations and seed in two processes, up to a
 * few minutes on a loaded machine) is not counted in the test's, even when the test sets its own.
 */
export function serverFixture<Seeded extends object = object>(
  options: ServerOptions,
): [(args: { serverPool: ServerPool }, use: (server: AppServer & Seeded) => Promise<void>) => Promise<void>, { timeout: number }] {
  return [
    async ({ serverPool }, use) => {
      const { server, seeded } = await serverPool.get(options);
      await use(Object.assign(Object.create(server) as AppServer, seeded) as AppServer & Seeded);
      if (options.once) await serverPool.release(options);
    },
    { timeout: 420_000 },
  ];
}

export interface SignInOptions {
  /** Switches the page's language on the way (`?lang=` on /auth, then on the page). */
  language?: "es" | "en";
}

/** Where the page must land: the path, and its query when the path has one. */
function landedOn(path: string) {
  return (url: URL) => (path.includes("?") ? url.pathname + url.search === path : url.pathname === path);
}

/**
 * Signs `email` in on `server` as a person does: /auth with `path` to go back to, a link requested,
 * the link from the server's mail confirmed; the page ends on `path`.
 */
export async function signIn(page: Page, server: AppServer, email: string, path: string, { language }: SignInOptions = {}) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(path)}${language ? `&lang=${language}` : ""}`);
  const auth = new AuthPage(page);
  const askedAt = new Date();
  await auth.requestLink(email);
  await expect(auth.linkSent).toContainText(email);
  await followSignInLink(page, await signInLink(email, { after: askedAt, dataDir: server.dataDir }));
  await expect(page).toHaveURL(landedOn(path));
}

// Per worker: a session cookie per server and address.
const sessions = new Map<string, Cookie[]>();

/**
 * `signIn` the first time an address signs in on a server (in this worker); later calls put that
 * session's cookies in the page's context and open `path`.
 */
export async function signInOnce(page: Page, server: AppServer, email: string, path: string, options: SignInOptions = {}) {
  const key = `${server.dataDir} ${email}`;
  const cookies = sessions.get(key);
  if (!cookies) {
    await signIn(page, server, email, path, options);
    sessions.set(key, await page.context().cookies(server.url));
    return;
  }
  await page.context().addCookies(cookies);
  const separator = path.includes("?") ? "&" : "?";
  await page.goto(options.language ? `${path}${separator}lang=${options.language}` : path);
  await expect(page).toHaveURL(landedOn(path));
}
