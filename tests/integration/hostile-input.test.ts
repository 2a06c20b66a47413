/**
 * Hostile input (docs/reliability.md "Proofs", 2): fast-check sends generated requests (10,000 by default; set
 * HOSTILE_RUNS to scale) to the public actions: wrong body types, huge strings, unicode, control
 * characters, injection strings, missing and repeated fields. Every answer must be a clear 4xx or a
 * normal answer, never a 500 or a crash, and the database must hold nothing it should not.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { createOrder } from "~/features/orders/orders.server";
import { useReceiptStorage } from "~/features/orders/receipts.server";
import { action as proofAction } from "~/features/orders/routes/proof";
import { action as authApiAction, loader as authApiLoader } from "~/features/auth/routes/api-auth";
import { action as signInAction } from "~/features/auth/routes/auth";
import { action as profileAction } from "~/features/auth/routes/profile";
import { action as checkoutAction } from "~/features/store/routes/checkout";
import { action as registerAction } from "~/features/tournaments/routes/tournament";
import { queryRows, type DatabaseHandle } from "~/lib/db.server";
import { localDiskStorage } from "~/lib/storage.server";
import { BASE_URL } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

const TOTAL = Number(process.env.HOSTILE_RUNS ?? 10_000);
const share = (fraction: number) => Math.max(20, Math.round(TOTAL * fraction));
const RUNS = {
  signIn: share(0.15),
  profile: share(0.15),
  checkout: share(0.25),
  registration: share(0.2),
  proof: share(0.15),
  authApi: share(0.1),
};

const INJECTIONS = [
  "' OR '1'='1",
  "'; drop table orders; --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "{{constructor.constructor('return process')()}}",
  "${process.exit()}",
  "../../../../etc/passwd",
  "%00",
  "\u0000\u0001\u001b[31m",
  "\u202e\u200b\ufeff",
  "__proto__",
  "constructor",
  "𝕬𝖗𝖊𝖓𝖆 😀👩‍👩‍👧‍👦",
  "ñandú Pérez",
  "a@b",
  "ana@example.com",
  "04141234567",
  "1e309",
  "-0",
  "NaN",
  "9007199254740993",
  "[]",
  "{}",
  "null",
];
const BIG = ["x".repeat(100_000), "é".repeat(30_000), "😀".repeat(20_000), "\u0000".repeat(10_000)];

const value = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 80 }) },
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constantFrom(...BIG) },
);

/** Fields: mostly the action's own names (present, missing or repeated), sometimes strangers. */
function fields(known: string[], valid: fc.Arbitrary<string>[] = []) {
  const name = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  );
  const anyValue = valid.length ? fc.oneof({ weight: 3, arbitrary: value }, { weight: 2, arbitrary: fc.oneof(...valid) }) : value;
  return fc.array(fc.tuple(name, anyValue), { maxLength: 14 });
}

type BodyKind = "urlencoded" | "multipart" | "json" | "garbage" | "none";
const bodyKind = fc.constantFrom<BodyKind>("urlencoded", "urlencoded", "urlencoded", "multipart", "json", "garbage", "none");

function request(pathname: string, pairs: [string, string][], kind: BodyKind, cookie: string, extra: Record<string, string> = {}): Request {
  const headers: Record<string, string> = {
    Origin: BASE_URL,
    Cookie: cookie,
    "x-client-ip": `198.51.100.${Math.floor(Math.random() * 250)}`,
    ...extra,
  };
  let body: BodyInit | undefined;
  if (kind === "urlencoded") {
    body = new URLSearchParams(pairs);
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else if (kind === "multipart") {
    const form = new FormData();
    for (const [name, text] of pairs) form.append(name, text);
    body = form;
  } else if (kind === "json") {
    body = JSON.stringify(Object.fromEntries(pairs));
    headers["Content-Type"] = "application/json";
  } else if (kind === "garbage") {
    body = pairs.map(([a, b]) => a + b).join("\r\n--");
    headers["Content-Type"] = "multipart/form-data; boundary=----nope";
  }
  return new Request(`${BASE_URL}${pathname}`, { method: "POST", body, headers });
}

type Action = (args: never) => unknown;
/** The status React Router would send: thrown Responses and data() keep theirs, anything else thrown is a 500. */
async function statusOf(fn: Action, req: Request, params: Record<string, string> = {}): Promise<number> {
  try {
    const result = await (fn as unknown as (args: object) => unknown)({ request: req, params, context: {} });
    if (result instanceof Response) return result.status;
    if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit")
      return (result as { init: ResponseInit | null }).init?.status ?? 200;
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (thrown && typeof thrown === "object" && (thrown as { type?: string }).type === "DataWithResponseInit")
      return (thrown as { init: ResponseInit | null }).init?.status ?? 200;
    return 500;
  }
}

let handle: DatabaseHandle;
let cookie: string;
let receiptsDir: string;
let orderIds: { pagoMovil: string; binance: string };
let calls = 0;
const statuses = new Map<number, number>();

async function expectClear(fn: Action, req: Request, params?: Record<string, string>) {
  // Every few calls the counters are emptied, so requests reach the rules and not only the limit.
  if (++calls % 8 === 0) await handle.db.delete(rateLimits);
  const status = await statusOf(fn, req, params);
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  expect(status).toBeGreaterThanOrEqual(200);
  expect(status, `${req.method} ${new URL(req.url).pathname}`).toBeLessThan(500);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await resetTables(handle);
  await seedDemoData(handle.db);
  receiptsDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-hostile-"));
  useReceiptStorage(localDiskStorage(receiptsDir));
  const mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  const person = await signInAs(handle.db, mailer, "target@example.com");
  cookie = person.jar.header();
  const base = {
    userId: person.userId,
    kind: "store" as const,
    amountUsd: 200,
    phone: "04141234567",
    email: "target@example.com",
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ label: "341 Diamantes", unitAmount: 200, quantity: 1 }],
  };
  orderIds = {
    pagoMovil: (
      await createOrder(handle.db, { ...base, paymentMethod: "pago_movil", currency: "VES", amount: 200, exchangeRate: "245.50" })
    ).id,
    binance: (await createOrder(handle.db, { ...base, paymentMethod: "binance", currency: "USD", amount: 200, exchangeRate: null })).id,
  };
}, 120_000);

afterAll(async () => {
  console.log(`hostile input: ${calls} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  useReceiptStorage(undefined);
  await handle.close();
});

const T = 600_000;
describe(`hostile input (${TOTAL} generated requests)`, () => {
  it(
    "sign-in form",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fields(
            ["email", "redirectTo"],
            [fc.constantFrom("ana@example.com", "ANA@EXAMPLE.COM ", "/orders", "//evil.example", "https://evil.example")],
          ),
          bodyKind,
          async (pairs, kind) => {
            await expectClear(signInAction, request("/auth", pairs, kind, ""));
          },
        ),
        { numRuns: RUNS.signIn },
      );
    },
    T,
  );

  it(
    "profile form",
    async () => {
      const valid = [
        fc.constantFrom("target@example.com", "Ana Pérez", "20", "-32768", "32768", "free-fire", "mobile-legends", "/", "userId"),
      ];
      await fc.assert(
        fc.asyncProperty(
          fields(["email", "fullname", "age", "favoriteGame", "redirectTo", "userId"], valid),
          bodyKind,
          async (pairs, kind) => {
            await expectClear(profileAction, request("/auth/profile", pairs, kind, cookie));
          },
        ),
        { numRuns: RUNS.profile },
      );
    },
    T,
  );

  it(
    "cart and checkout",
    async () => {
      const items = fc.oneof(
        fc.constantFrom(
          JSON.stringify([{ packageId: "free-fire-110", quantity: 1, shownUsd: 100 }]),
          JSON.stringify([{ packageId: "free-fire-110", quantity: -5, shownUsd: 100 }]),
          JSON.stringify([{ packageId: "free-fire-110", quantity: 1e12, shownUsd: 1e12 }]),
          JSON.stringify([
            { packageId: "free-fire-110", quantity: 1, shownUsd: 100 },
            { packageId: "blood-strike-100", quantity: 1, shownUsd: 100 },
          ]),
          JSON.stringify(Array.from({ length: 500 }, () => ({ packageId: "free-fire-110", quantity: 1, shownUsd: 100 }))),
          JSON.stringify({ packageId: "free-fire-110" }),
          '[null, 1, "x", {"__proto__": {"polluted": true}}]',
          "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
        ),
        fc.json(),
      );
      const valid = [
        items,
        fc.constantFrom("create", "verify", "pago_movil", "binance", "paypal", "123456789", "04121234567", crypto.randomUUID()),
      ];
      await fc.assert(
        fc.asyncProperty(
          fields(["items", "intent", "phone", "gamerId", "gameServer", "paymentMethod", "idempotencyKey"], valid),
          bodyKind,
          async (pairs, kind) => {
            await expectClear(checkoutAction, request("/store/cart/checkout", pairs, kind, cookie));
          },
        ),
        { numRuns: RUNS.checkout },
      );
    },
    T,
  );

  it(
    "tournament registration",
    async () => {
      const valid = [
        fc.constantFrom(
          "copa-free-fire-solo",
          "blood-strike-duo-clash",
          "mobile-legends-five",
          "Ana",
          "AnaFF",
          "04141234567",
          "binance",
          "pago_movil",
          "Tigres",
        ),
      ];
      const names = [
        "tournamentId",
        "teamName",
        "coachName",
        "phone",
        "paymentMethod",
        "idempotencyKey",
        ...[1, 2, 3, 4, 5, 6].flatMap((n) => [`player${n}Name`, `player${n}Ign`, `player${n}Phone`]),
      ];
      await fc.assert(
        fc.asyncProperty(fields(names, valid), bodyKind, async (pairs, kind) => {
          await expectClear(registerAction, request("/tournament", pairs, kind, cookie));
        }),
        { numRuns: RUNS.registration },
      );
    },
    T,
  );

  it(
    "proof upload",
    async () => {
      const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
      const file = fc.oneof(
        fc.constant(null),
        fc.uint8Array({ maxLength: 256 }).map((bytes) => new Blob([bytes], { type: "image/png" })),
        fc.constant(new Blob([PNG], { type: "text/html" })),
        fc.constant(new Blob(["<svg onload=alert(1)>"], { type: "image/svg+xml" })),
      );
      const valid = [
        fc.constantFrom("pago_movil", "binance", "12345678", "0102", "2026-01-01", "BIN-1", "BIN-\u0000-1", "payer@example.com"),
      ];
      await fc.assert(
        fc.asyncProperty(
          fields(["method", "reference", "bankCode", "paidOn", "transactionId", "payerEmail"], valid),
          file,
          fc.constantFrom("pagoMovil", "binance", "nonsense") as fc.Arbitrary<"pagoMovil" | "binance" | "nonsense">,
          fc.boolean(),
          async (pairs, receipt, which, json) => {
            const form = new FormData();
            for (const [name, text] of pairs) form.append(name, text);
            if (receipt) form.append("receipt", receipt, "recibo.png");
            const orderId = which === "nonsense" ? "../../etc/passwd" : orderIds[which];
            const req = new Request(`${BASE_URL}/orders/${orderId}/proof`, {
              method: "POST",
              body: form,
              headers: { Origin: BASE_URL, Cookie: cookie, ...(json ? { Accept: "application/json" } : {}) },
            });
            await expectClear(proofAction, req, { orderId });
          },
        ),
        { numRuns: RUNS.proof },
      );
    },
    T,
  );

  it(
    "the auth library's endpoints",
    async () => {
      const paths = fc.oneof(
        fc.constantFrom(
          "/sign-in/magic-link",
          "/update-user",
          "/change-email",
          "/delete-user",
          "/get-session",
          "/sign-out",
          "/magic-link/verify",
          "/callback/google",
          "/callback/%2e%2e",
        ),
        fc.string({ unit: "binary", maxLength: 40 }).map((tail) => `/${encodeURIComponent(tail)}`),
      );
      await fc.assert(
        fc.asyncProperty(
          paths,
          fields(["email", "name", "token", "callbackURL", "state", "code"]),
          bodyKind,
          fc.boolean(),
          async (pathname, pairs, kind, get) => {
            if (get) {
              const query = new URLSearchParams(pairs.map(([a, b]) => [a, b.slice(0, 2000)]));
              const url = `${BASE_URL}/api/auth${pathname}?${query}`;
              await expectClear(authApiLoader, new Request(url, { headers: { Cookie: cookie } }));
            } else {
              await expectClear(
                authApiAction,
                request(`/api/auth${pathname}`, pairs, kind, cookie, { "Content-Type": "application/json" }),
              );
            }
          },
        ),
        { numRuns: RUNS.authApi },
      );
    },
    T,
  );

  it("leaves nothing in the database it should not hold", async () => {
    const bad = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(handle.db, query))[0]!.n;
    // Names: our rule (no control characters, at most 120 characters), whoever wrote them.
    expect(await bad(sql`select count(*)::int as n from users where length(name) > 120 or name ~ '[\u0001-\u001f\u007f]'`)).toBe(0);
    // Every order's total is the sum of its lines, priced by the server, and positive.
    expect(
      await bad(
        sql`select count(*)::int as n from orders o where o.amount <= 0 or (o.kind = 'store' and o.amount <> (select coalesce(sum(i.unit_amount * i.quantity), -1) from order_items i where i.order_id = o.id))`,
      ),
    ).toBe(0);
    // No tournament holds more live registrations than places.
    expect(
      await bad(
        sql`select count(*)::int as n from tournaments t where (select count(*) from registrations r where r.tournament_id = t.id and r.status <> 'released') > t.capacity`,
      ),
    ).toBe(0);
    // Every proof with a file has its file; no file is outside the receipts folder.
    const proofs = await queryRows<{ file_key: string | null }>(
      handle.db,
      sql`select file_key from payment_proofs where file_key is not null`,
    );
    for (const proof of proofs) expect(fs.existsSync(path.join(receiptsDir, proof.file_key!))).toBe(true);
    expect(fs.readdirSync(receiptsDir).length).toBe(proofs.length);
  });
});
