import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { useAuthSettings } from "~/features/auth/auth.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";
import { seedDemoData } from "~/db/seed";

/**
 * Every route under /admin, read from the route table itself: a new admin page is checked the
 * day it is added, without anyone remembering to list it here.
 */
function adminRoutes(entries: readonly RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  const found: { path: string; file: string }[] = [];
  for (const entry of entries) {
    const path = entry.index ? prefix : [prefix, entry.path ?? ""].filter(Boolean).join("/");
    if (path === "admin" || path.startsWith("admin/")) found.push({ path: `/${path}`, file: entry.file });
    if (entry.children) found.push(...adminRoutes(entry.children, path));
  }
  return found;
}

const ADMIN_ROUTES = adminRoutes(routes);
const modules = import.meta.glob<{ loader?: unknown; action?: unknown }>("/app/features/**/routes/*.{ts,tsx}");
const moduleOf = (file: string) => modules[`/app/${file}`]!();
/** Any id works: the check must come before the lookup. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");
const paramsOf = (path: string) =>
  Object.fromEntries([...path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, "00000000-0000-4000-8000-000000000000"]));

let handle: DatabaseHandle;
const mailer = memoryMailer();
/** The signed-in player who is not staff (signed in once: every test proves it changed nothing). */
let playerCookies: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  await resetTables(handle);
  useTestAuth(handle.db, mailer);
  // Real rows to change (games, packages, tournaments, rates…): a refused POST must leave them as they
  // are. Set up once for the file: each test checks that nothing changed, so the next starts the same.
  await seedDemoData(handle.db);
  playerCookies = (await signInAs(handle.db, mailer, "player@example.com")).jar.header();
});
afterAll(async () => {
  useAuthSettings(undefined);
  await handle.close();
});

describe("the back-office route table", () => {
  it("is found and every module is loadable", async () => {
    expect(ADMIN_ROUTES.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/admin", "/admin/orders", "/admin/audit", "/admin/exchange-rate"]),
    );
    for (const route of ADMIN_ROUTES) expect(modules[`/app/${route.file}`], route.file).toBeDefined();
  });
});

/** Everything a back-office action could change, by content: a POST refused must leave all of it as it was. */
async function snapshot() {
  const tables = [
    "audit_log",
    "orders",
    "order_status_history",
    "tournaments",
    "registrations",
    "games",
    "topup_packages",
    "settings",
    "exchange_rates",
    "payment_accounts",
    "users",
    "mail_outbox",
  ];
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const result = (await handle.db.execute(
      `select count(*)::int as n, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest from ${table} t`,
    )) as unknown as { rows: { n: number; digest: string }[] };
    digests[table] = `${result.rows[0]!.n}:${result.rows[0]!.digest}`;
  }
  return digests;
}

const FORM = { intent: "approve", rate: "300", method: "paypal", email: "x@example.com", name: "X", gameId: "free-fire" };

describe.each(ADMIN_ROUTES)("$path", ({ path, file }) => {
  it("is a 404 for a visitor (no sign-in page, no data), and a POST changes nothing", async () => {
    const module = await moduleOf(file);
    const before = await snapshot();
    for (const [kind, fn, request] of [
      ["loader", module.loader, getRequest(concrete(path))],
      ["action", module.action, formRequest(concrete(path), FORM)],
    ] as const) {
      if (typeof fn !== "function") continue;
      const answer = await callRoute(fn as never, request, paramsOf(path));
      expect(answer.status, `${kind} ${path}`).toBe(404);
      expect(answer.location ?? null, `${kind} ${path}`).toBeNull();
      expect(answer.data ?? null, `${kind} ${path}`).toBeNull();
    }
    expect(await snapshot()).toEqual(before);
  });

  it("is a 404 for a signed-in user who is not staff, and a POST changes nothing", async () => {
    const module = await moduleOf(file);
    const before = await snapshot();
    if (typeof module.loader === "function") {
      const answer = await callRoute(module.loader as never, getRequest(concrete(path), playerCookies), paramsOf(path));
      expect(answer.status, `loader ${path}`).toBe(404);
      expect(answer.data ?? null).toBeNull();
    }
    if (typeof module.action === "function") {
      const answer = await callRoute(module.action as never, formRequest(concrete(path), FORM, playerCookies), paramsOf(path));
      expect(answer.status, `action ${path}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});
