import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { preUsers, rateLimits, sessions, users, verifications } from "~/db/schema";
import { LINK_CHECKS_PER_MINUTE, useAuthSettings } from "~/features/auth/auth.server";
import { loader as authApi } from "~/features/auth/routes/api-auth";
import { action as requestLink, loader as authPage } from "~/features/auth/routes/auth";
import { loader as continueLoader } from "~/features/auth/routes/continue";
import { action as confirmLink, loader as linkPage } from "~/features/auth/routes/link";
import { action as saveProfileAction, loader as profileLoader } from "~/features/auth/routes/profile";
import { action as signOut } from "~/features/auth/routes/sign-out";
import { forgetCachedUser } from "~/features/auth/session-cache.server";
import { getCurrentUser } from "~/features/auth/session.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createMailer } from "~/lib/mail.server";
import { RATE_LIMITS, withinLimit } from "~/lib/rate-limit.server";
import { SIGN_IN_LINK, openSignInLink, useTestAuth } from "./support/sessions";
import { startSmtpSink } from "./support/smtp-sink";
import { BASE_URL, CookieJar, callRoute, formRequest, getRequest } from "./support/routes";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  handle = await openTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  useAuthSettings(undefined);
  await smtp.close();
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  smtp.received.length = 0;
  useTestAuth(handle.db, createMailer({ smtpUrl: smtp.url, from: "Arena LATAM <no-reply@arena.test>", dataDir: "/nonexistent" }));
});

/** Asks for a link through the /auth form and returns the link from the mail that arrives over SMTP. */
async function linkFor(email: string, language = "es", redirectTo = "/") {
  const answer = await callRoute<{ ok: boolean; sent?: string }>(
    requestLink,
    formRequest("/auth", { email, redirectTo }, `lang=${language}`),
  );
  expect(answer.data).toMatchObject({ ok: true, sent: email.trim().toLowerCase() });
  const mail = await smtp.waitFor((m) => m.to.includes(email.trim().toLowerCase()) && SIGN_IN_LINK.test(smtp.text(m)));
  smtp.received.splice(smtp.received.indexOf(mail), 1);
  const link = smtp.text(mail).match(SIGN_IN_LINK)![0];
  return { link, mail };
}

/** Opens the link's confirmation page and presses its button, as the browser does. */
const openLink = openSignInLink;

describe("sign-in by e-mail link, over real SMTP", () => {
  it("sends the link in the user's language, signs in once, then refuses the same link", async () => {
    const { link, mail } = await linkFor("Ana@Example.com", "en");
    const text = smtp.text(mail);
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(text).toMatch(/Subject: Your link to sign in to Arena LATAM/);
    expect(text).toMatch(/expires in 15 minutes/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(await handle.db.$count(preUsers)).toBe(1);

    const first = await openLink(link);
    expect(first.status).toBe(302);
    expect(first.location).toBe(`${BASE_URL}/auth/continue?to=%2F`);
    expect(first.jar.has("arena.session_token")).toBe(true);
    const user = await getCurrentUser(getRequest("/", first.jar.header()));
    expect(user).toMatchObject({ email: "ana@example.com", profileComplete: false, isStaff: false });

    const second = await openLink(link);
    expect(second.location).toBe("/auth?link=invalid");
    expect(second.jar.has("arena.session_token")).toBe(false);
    expect(await handle.db.$count(sessions)).toBe(1);
  });

  it("refuses an expired link", async () => {
    const { link } = await linkFor("late@example.com");
    await handle.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const opened = await openLink(link);
    expect(opened.location).toBe("/auth?link=invalid");
    expect(opened.jar.has("arena.session_token")).toBe(false);
    expect(await handle.db.$count(users)).toBe(0);
  });

  it("a link cut inside its token, or with no query at all, ends on the 'ask for a new one' page", async () => {
    const { link } = await linkFor("cut@example.com");
    const token = new URL(link).searchParams.get("token")!;
    const cut = `${link.slice(0, link.indexOf(token) + Math.floor(token.length / 2))}`;
    const opened = await openLink(cut);
    expect(opened.status).toBe(302);
    expect(opened.location).toMatch(/\/auth\?link=invalid/);
    expect(opened.jar.has("arena.session_token")).toBe(false);

    for (const broken of [
      link.slice(0, link.indexOf("?")),
      `${link.slice(0, link.indexOf("?"))}?`,
      `${link.slice(0, link.indexOf("?"))}?token=`,
    ]) {
      const answer = await openLink(broken);
      expect(answer.status, broken).toBe(302);
      expect(answer.location, broken).toMatch(/\/auth\?link=invalid/);
    }
  });

  it("a callback reached without a session says what happened instead of a bare /auth", async () => {
    const answer = await callRoute(continueLoader, getRequest("/auth/continue?to=%2Fstore"));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth?link=elsewhere&redirectTo=%2Fstore");
  });

  it("sends Spanish mail by default", async () => {
    const { mail } = await linkFor("luis@example.com");
    expect(smtp.text(mail)).toMatch(/vence en 15 minutos/);
  });

  it("answers bad addresses with codes and sends nothing", async () => {
    for (const [email, code] of [
      ["", "EMPTY_FIELDS"],
      ["   ", "EMPTY_FIELDS"],
      ["not-an-email", "INVALID_EMAIL"],
      ["ana@", "INVALID_EMAIL"],
    ] as const) {
      const answer = await callRoute<{ code: string }>(requestLink, formRequest("/auth", { email }));
      expect(answer.status, email).toBe(400);
      expect(answer.data?.code).toBe(code);
    }
    expect(await handle.db.$count(preUsers)).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("answers a body that is not a form with 400, not 500", async () => {
    for (const body of [JSON.stringify({ email: "x@example.com" }), "--zzz\r\ngarbage"]) {
      const request = new Request(`${BASE_URL}/auth`, {
        method: "POST",
        body,
        headers: { Origin: BASE_URL, "Content-Type": body.startsWith("{") ? "application/json" : "multipart/form-data; boundary=zzz" },
      });
      expect((await callRoute(requestLink, request)).status).toBe(400);
    }
    expect(smtp.received).toHaveLength(0);
  });

  it("limits link requests per address", async () => {
    for (let i = 0; i < 3; i += 1) await linkFor("busy@example.com");
    const answer = await callRoute<{ code: string }>(requestLink, formRequest("/auth", { email: "busy@example.com" }));
    expect(answer.status).toBe(429);
    expect(answer.data?.code).toBe("RATE_LIMITED");
    expect(smtp.received).toHaveLength(0);
  });

  it("limits link requests per network address, generously (many people share one)", async () => {
    // All but the last allowed request counted directly (120 link mails would take half a minute).
    for (let i = 1; i < RATE_LIMITS.magicLinkPerIp.max; i += 1)
      expect(await withinLimit(handle.db, "magicLinkPerIp", "203.0.113.7")).toBe(true);
    await linkFor("last-allowed@example.com");
    const answer = await callRoute<{ code: string }>(requestLink, formRequest("/auth", { email: "eleventh@example.com" }));
    expect(answer.status).toBe(429);
    // The connection's limit, said as one (shared by everyone behind the address), not "you asked too often".
    expect(answer.data?.code).toBe("NETWORK_RATE_LIMITED");
    for (const language of ["es", "en"]) {
      const texts = JSON.parse(fs.readFileSync(`locales/${language}/auth.json`, "utf8")) as { errors: Record<string, string> };
      expect(texts.errors.NETWORK_RATE_LIMITED, language).toMatch(
        language === "es" ? /demasiados .*esta conexión/i : /too many .*this connection/i,
      );
    }
  });

  it("a link refused by the per-address limit on link checks says so, and still works afterwards (#24)", async () => {
    const { link } = await linkFor("shared-wifi@example.com");
    const busyAddress = "198.51.100.99";
    // The auth library's limit on link checks from one address (LINK_CHECKS_PER_MINUTE a minute):
    // all but the last allowed check counted in its own table (its key is "<address>|<path>"; 600
    // real checks would take half a minute), then the last allowed one made with a token that was
    // never issued, refused as a broken link.
    await handle.db
      .insert(rateLimits)
      .values({ id: "busy-address", key: `${busyAddress}|/magic-link/verify`, count: LINK_CHECKS_PER_MINUTE - 1, lastRequest: Date.now() });
    const lastAllowed = await callRoute(confirmLink, formRequest("/auth/link", { token: "never-issued" }, "", busyAddress));
    expect(lastAllowed.location).toMatch(/\/auth\?link=invalid/);

    // The real link, opened from that address now: the limit, not "ya se usó o venció".
    const limited = await openSignInLink(link, new CookieJar(), busyAddress);
    expect(limited.location).toBe("/auth?link=limited");
    expect(limited.jar.has("arena.session_token")).toBe(false);
    expect(await handle.db.$count(verifications)).toBe(1);
    expect(await handle.db.$count(sessions)).toBe(0);

    // /auth shows the limit's own message, in each language, and not the broken-link one.
    for (const [language, text] of [
      ["es", "Demasiados intentos desde esta conexión. Espera un minuto y vuelve a abrir el enlace."],
      ["en", "Too many attempts from this connection. Wait a minute and open the link again."],
    ] as const) {
      const page = await callRoute<{ linkLimited: boolean; linkInvalid: boolean; messages: { auth: string } }>(
        authPage,
        getRequest("/auth?link=limited", `lang=${language}`),
      );
      expect(page.data).toMatchObject({ linkLimited: true, linkInvalid: false });
      const texts = JSON.parse(page.data!.messages.auth) as { linkError: Record<string, string> };
      expect(texts.linkError.limited).toBe(text);
    }

    // The link was not used up: from another address (or a minute later) it signs in.
    const later = await openSignInLink(link, new CookieJar(), "198.51.100.100");
    expect(later.location).toBe(`${BASE_URL}/auth/continue?to=%2F`);
    expect(later.jar.has("arena.session_token")).toBe(true);
  });

  it("signs in 20 people behind one internet address within a minute (CGNAT, a venue's Wi-Fi)", async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i += 1) {
      const { link } = await linkFor(`cgnat${i}@example.com`);
      const opened = await openLink(link);
      outcomes.push({ location: opened.location, signedIn: opened.jar.has("arena.session_token") });
    }
    expect(outcomes.filter((outcome) => !outcome.signedIn || outcome.location !== `${BASE_URL}/auth/continue?to=%2F`)).toEqual([]);
  });

  it("keeps a destination with its own query through the link", async () => {
    const { link } = await linkFor("dest@example.com", "es", "/tournament?id=x&participants=48");
    const opened = await openLink(link);
    expect(opened.location).toBe(`${BASE_URL}/auth/continue?to=%2Ftournament%3Fid%3Dx%26participants%3D48`);
  });

  it("only sends people back to paths on this site", async () => {
    const { link } = await linkFor("path@example.com", "es", "https://evil.example/steal");
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/auth/continue?to=%2F");
  });
});

describe("login CSRF: opening a link signs in nobody; only its confirmation does", () => {
  it("the link opens a page that names the account; GETs use nothing up; the button's POST signs in once", async () => {
    const { link } = await linkFor("attacker@example.com");
    expect(new URL(link).pathname).toBe("/auth/link");

    // A foreign page sends the visitor to the link, as often as it likes: no session, nothing used up.
    const visitor = new CookieJar();
    for (let visit = 0; visit < 3; visit++) {
      const page = await callRoute<{ email: string; fields: Record<string, string> }>(linkPage, getRequest(link, visitor.header()));
      expect(page.status).toBe(200);
      expect(page.data?.email).toBe("attacker@example.com");
      visitor.take(page.headers);
    }
    // Links mailed before the page existed open it too, and sign in nobody either.
    const legacy = await callRoute(authApi, getRequest(`${BASE_URL}/api/auth/magic-link/verify${new URL(link).search}`, visitor.header()));
    expect(legacy.status).toBe(302);
    expect(legacy.location).toBe(`/auth/link${new URL(link).search}`);
    visitor.take(legacy.headers);
    expect(visitor.has("arena.session_token")).toBe(false);
    expect(await handle.db.$count(sessions)).toBe(0);
    expect(await handle.db.$count(users)).toBe(0);
    expect(await handle.db.$count(verifications)).toBe(1);

    // Pressing the button (a POST from this site) signs in, once.
    const confirmed = await openSignInLink(link);
    expect(confirmed.email).toBe("attacker@example.com");
    expect(confirmed.location).toBe(`${BASE_URL}/auth/continue?to=%2F`);
    expect(confirmed.jar.has("arena.session_token")).toBe(true);
    const again = await callRoute(linkPage, getRequest(link));
    expect(again.location).toBe("/auth?link=invalid");
    const replayed = await callRoute(
      confirmLink,
      formRequest("/auth/link", { token: new URL(link).searchParams.get("token")!, callbackURL: "/auth/continue?to=%2F" }),
    );
    expect(replayed.location).toMatch(/\/auth\?link=invalid/);
    expect(await handle.db.$count(sessions)).toBe(1);
  });

  it("the confirmation's targets stay on this site, whatever the form carries", async () => {
    for (const callbackURL of ["/\tevil.example", "https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const { link } = await linkFor(`hop${callbackURL.length}@example.com`);
      const token = new URL(link).searchParams.get("token")!;
      const answer = await callRoute(
        confirmLink,
        formRequest("/auth/link", { token, callbackURL, newUserCallbackURL: callbackURL, errorCallbackURL: callbackURL }),
      );
      expect(answer.status, JSON.stringify(callbackURL)).toBe(302);
      expect(new URL(answer.location!, BASE_URL).origin, JSON.stringify(callbackURL)).toBe(BASE_URL);
    }
  });

  it("a link with no token, or one that was never issued, ends on 'ask for a new one'", async () => {
    for (const query of ["", "?token=", "?token=never-issued-token"]) {
      const page = await callRoute(linkPage, getRequest(`/auth/link${query}`));
      expect(page.location, query).toBe("/auth?link=invalid");
    }
    const post = await callRoute(confirmLink, formRequest("/auth/link", { token: "never-issued-token" }));
    expect(post.location).toMatch(/\/auth\?link=invalid/);
  });
});

describe("profile completion", () => {
  async function signedIn(email: string) {
    const { link } = await linkFor(email);
    return (await openLink(link)).jar;
  }
  const profileForm = (fields: Record<string, string>, jar: CookieJar) =>
    formRequest(
      "/auth/profile",
      { email: "ana@example.com", fullname: "Ana Pérez", age: "19", favoriteGame: "free-fire", redirectTo: "/", ...fields },
      jar.header(),
    );

  it("takes the account's language to a device that chose none, and saves one chosen on the device", async () => {
    const jar = await signedIn("lang@example.com");
    // The account's language, as a switch made signed in on another device saved it.
    await handle.db.update(users).set({ language: "en" }).where(eq(users.email, "lang@example.com"));
    const [account] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "lang@example.com"));
    forgetCachedUser(account!.id);
    // A new phone, no language chosen on it: the pages follow the account.
    const fresh = await callRoute(continueLoader, getRequest("/auth/continue?to=%2F", jar.header()));
    expect(fresh.headers.get("Set-Cookie")).toMatch(/^lang=en; Path=\//);
    // Spanish chosen on this device before signing in: it wins and becomes the account's (mails follow it).
    const chosen = await callRoute(continueLoader, getRequest("/auth/continue?to=%2F", `${jar.header()}; lang=es`));
    expect(chosen.headers.get("Set-Cookie")).toBeNull();
    const [row] = await handle.db.select({ language: users.language }).from(users).where(eq(users.email, "lang@example.com"));
    expect(row?.language).toBe("es");
  });

  it("sends a new account to the profile form, saves it, welcomes by mail, then goes on", async () => {
    const jar = await signedIn("ana@example.com");
    const next = await callRoute(continueLoader, getRequest("/auth/continue?to=%2Ftournament%3Fid%3Dx", jar.header()));
    expect(next.location).toBe("/auth/profile?email=ana%40example.com&redirectTo=%2Ftournament%3Fid%3Dx");

    const form = await callRoute<{ email: string; age: number; favoriteGame: string }>(
      profileLoader,
      getRequest("/auth/profile", jar.header()),
    );
    expect(form.data).toMatchObject({ email: "ana@example.com", age: 12, favoriteGame: "cod-mobile" });

    const saved = await callRoute(saveProfileAction, profileForm({ redirectTo: "/tournament?id=x" }, jar));
    expect(saved.data).toEqual({ ok: true, redirectTo: "/tournament?id=x" });
    const [row] = await handle.db.select().from(users).where(eq(users.email, "ana@example.com"));
    expect(row).toMatchObject({ name: "Ana Pérez", age: 19, favoriteGame: "free-fire", isStaff: false });
    const welcome = await smtp.waitFor((m) => /¡Bienvenido, Ana Pérez!/.test(smtp.text(m)));
    expect(welcome.to).toEqual(["ana@example.com"]);

    // A returning user goes where they were going, not to the form.
    const again = await callRoute(continueLoader, getRequest("/auth/continue?to=%2Ftournament%3Fid%3Dx", jar.header()));
    expect(again.location).toBe("/tournament?id=x");
    expect(await getCurrentUser(getRequest("/", jar.header()))).toMatchObject({ name: "Ana Pérez", profileComplete: true });
  });

  it("answers every bad field with its code and changes nothing", async () => {
    const jar = await signedIn("ana@example.com");
    const cases: Array<[Record<string, string>, string, number]> = [
      [{ fullname: "" }, "EMPTY_FIELDS", 400],
      [{ email: "" }, "EMPTY_FIELDS", 400],
      [{ age: "" }, "EMPTY_FIELDS", 400],
      [{ age: "40000" }, "INVALID_AGE", 400],
      [{ age: "-32769" }, "INVALID_AGE", 400],
      [{ age: "doce" }, "INVALID_AGE", 400],
      [{ age: "12.5" }, "INVALID_AGE", 400],
      [{ favoriteGame: "fortnite" }, "INVALID_GAME", 400],
      [{ email: "bad@" }, "INVALID_EMAIL", 400],
      [{ email: "someone-else@example.com" }, "EMAIL_MISMATCH", 400],
      [{ userId: "another-user-id" }, "FORGED_USER", 403],
    ];
    for (const [fields, code, status] of cases) {
      const answer = await callRoute<{ status: string; code: string }>(saveProfileAction, profileForm(fields, jar));
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data).toMatchObject({ ok: false, code });
    }
    // The page has no client script: a refused form comes back with what was typed.
    const refused = await callRoute<{ typed: Record<string, string> }>(
      saveProfileAction,
      profileForm({ fullname: "Ana Pérez", age: "doce" }, jar),
    );
    expect(refused.data?.typed).toMatchObject({ fullname: "Ana Pérez", age: "doce" });
    const [row] = await handle.db.select().from(users).where(eq(users.email, "ana@example.com"));
    expect(row).toMatchObject({ name: "", age: null, favoriteGame: null });
  });

  it("accepts any smallint age a forged form sends", async () => {
    const jar = await signedIn("ana@example.com");
    expect((await callRoute(saveProfileAction, profileForm({ age: "-32768" }, jar))).data).toMatchObject({ ok: true });
    expect((await handle.db.select({ age: users.age }).from(users))[0]?.age).toBe(-32768);
  });

  it("answers the same for another account's e-mail and an unused one: no finding out who has an account", async () => {
    await signedIn("taken@example.com");
    const jar = await signedIn("ana@example.com");
    const taken = await callRoute(saveProfileAction, profileForm({ email: "Taken@Example.com" }, jar));
    const unused = await callRoute(saveProfileAction, profileForm({ email: "nobody@example.com" }, jar));
    for (const answer of [taken, unused]) {
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, code: "EMAIL_MISMATCH", field: "email" });
    }
  });

  it("limits the profile form per account", async () => {
    const jar = await signedIn("ana@example.com");
    const other = await signedIn("luis@example.com");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      statuses.push((await callRoute(saveProfileAction, profileForm({ email: `probe${attempt}@example.com` }, jar))).status);
    }
    expect(statuses).toEqual(Array(20).fill(400));
    const limited = await callRoute(saveProfileAction, profileForm({}, jar));
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ ok: false, code: "PROFILE_RATE_LIMITED" });
    // Another account is not affected.
    expect((await callRoute(saveProfileAction, profileForm({ email: "luis@example.com" }, other))).data).toMatchObject({ ok: true });
  });

  it("never sets the staff flag from the form", async () => {
    const jar = await signedIn("ana@example.com");
    await callRoute(saveProfileAction, profileForm({ isStaff: "true", is_staff: "true" }, jar));
    expect((await handle.db.select({ isStaff: users.isStaff }).from(users))[0]?.isStaff).toBe(false);
  });

  it("sends visitors to /auth and back", async () => {
    const answer = await callRoute(profileLoader, getRequest("/auth/profile?email=x%40y.z"));
    expect(answer.location).toBe("/auth?redirectTo=%2Fauth%2Fprofile%3Femail%3Dx%2540y.z");
    const post = await callRoute(saveProfileAction, formRequest("/auth/profile", { email: "x@y.z" }));
    expect(post.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("signing out ends the session on the server", async () => {
    const jar = await signedIn("ana@example.com");
    expect(await handle.db.$count(sessions)).toBe(1);
    const out = await callRoute(signOut, formRequest("/auth/sign-out", {}, jar.header()));
    expect(out.location).toBe("/");
    jar.take(out.headers);
    expect(await handle.db.$count(sessions)).toBe(0);
    expect(await getCurrentUser(getRequest("/", jar.header()))).toBeNull();
  });
});
