/** Sessions (docs/reliability.md "Proofs", 4) end when they should, links work once and expire, limits answer 429 with a text. */
import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { revokeStaff } from "~/features/admin/staff.server";
import { loader as queueLoader } from "~/features/admin/routes/orders-queue";
import { action as requestLink } from "~/features/auth/routes/auth";
import { action as signOut } from "~/features/auth/routes/sign-out";
import { loader as myOrdersLoader } from "~/features/orders/routes/my-orders";
import { MAGIC_LINK_MINUTES } from "~/features/auth/auth-rules";
import { getCurrentUser } from "~/features/auth/session.server";

import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { SIGN_IN_LINK, memoryMailer, openSignInLink, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});
afterEach(() => {
  vi.useRealTimers();
});

async function askLink(email: string, ip = "192.0.2.10") {
  const answer = await callRoute(requestLink, formRequest("/auth", { email }, "", ip));
  const mail = [...mailer.sent].reverse().find((m) => m.to === email);
  return { answer, link: mail?.text.match(SIGN_IN_LINK)?.[0] };
}

async function open(link: string) {
  const { location, jar } = await openSignInLink(link);
  return { answer: { location }, jar };
}

describe("sessions", () => {
  it("a copied session cookie stops working when its owner signs out", async () => {
    const { jar } = await signInAs(handle.db, mailer, "ana@example.com");
    const stolen = jar.header();
    expect((await callRoute(myOrdersLoader, getRequest("/orders", stolen))).status).toBe(200);
    await callRoute(signOut, formRequest("/auth/sign-out", {}, jar.header()));
    expect(await getCurrentUser(getRequest("/", stolen))).toBeNull();
    const after = await callRoute(myOrdersLoader, getRequest("/orders", stolen));
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("a staff session loses the back-office the moment staff rights are revoked", async () => {
    const { jar } = await signInAs(handle.db, mailer, "boss@example.com", { staff: true });
    expect((await callRoute(queueLoader, getRequest("/admin/orders", jar.header()))).status).toBe(200);
    expect(await revokeStaff(handle.db, "boss@example.com")).toBe(true);
    expect((await callRoute(queueLoader, getRequest("/admin/orders", jar.header()))).status).toBe(404);
  });

  it("a sign-in link works once", async () => {
    const { link } = await askLink("once@example.com");
    const first = await open(link!);
    expect(first.jar.has("arena.session_token")).toBe(true);
    const second = await open(link!);
    expect(second.jar.has("arena.session_token")).toBe(false);
    expect(second.answer.location).toMatch(/\/auth\?link=invalid/);
  });

  it(`a sign-in link expires after ${MAGIC_LINK_MINUTES} minutes (clock under the test's control)`, async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T12:00:00Z") });
    const fresh = await askLink("clock@example.com");
    vi.setSystemTime(new Date(Date.now() + (MAGIC_LINK_MINUTES * 60 - 5) * 1000));
    const inTime = await open(fresh.link!);
    expect(inTime.jar.has("arena.session_token"), "still valid 5 s before expiry").toBe(true);

    const late = await askLink("clock@example.com");
    vi.setSystemTime(new Date(Date.now() + (MAGIC_LINK_MINUTES * 60 + 1) * 1000));
    const expired = await open(late.link!);
    expect(expired.jar.has("arena.session_token")).toBe(false);
    expect(expired.answer.location).toMatch(/\/auth\?link=invalid/);
  });

  it("rate limits answer 429 with a code every language has a text for", async () => {
    const answers = [];
    for (let i = 0; i <= RATE_LIMITS.magicLinkPerEmail.max; i++)
      answers.push((await askLink("busy@example.com", `192.0.2.${20 + i}`)).answer);
    expect(answers.at(-1)!.status).toBe(429);
    expect(answers.at(-1)!.data).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    for (const language of ["es", "en"]) {
      for (const namespace of ["auth", "store", "tournaments", "orders"]) {
        const texts = JSON.parse(fs.readFileSync(`locales/${language}/${namespace}.json`, "utf8")) as { errors?: Record<string, string> };
        expect(texts.errors?.RATE_LIMITED, `${language}/${namespace}`).toMatch(/\S/);
      }
    }
  });
});
