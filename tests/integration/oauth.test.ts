import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accounts, sessions, users } from "~/db/schema";
import type { ProviderId } from "~/features/auth/auth-rules";
import { auth, useAuthSettings } from "~/features/auth/auth.server";
import { action as startOAuth } from "~/features/auth/routes/oauth";
import { action as linkDiscord } from "~/features/auth/routes/link-discord";
import { getCurrentUser } from "~/features/auth/session.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createMailer } from "~/lib/mail.server";
import { startOAuthServer } from "./support/oauth-server";
import { BASE_URL, CookieJar, callRoute, formRequest, getRequest } from "./support/routes";
import { openTestDatabase, resetTables } from "./test-database";

const PROFILES: Record<ProviderId, Record<string, unknown>> = {
  google: { sub: "google-123", email: "gina@example.com", email_verified: true, name: "Gina Google", picture: null },
  discord: {
    id: "80351110224678912",
    username: "dani",
    global_name: "Dani Discord",
    email: "dani@example.com",
    verified: true,
    avatar: null,
  },
};

let handle: DatabaseHandle;
const servers: Partial<Record<ProviderId, Awaited<ReturnType<typeof startOAuthServer>>>> = {};

beforeAll(async () => {
  handle = await openTestDatabase();
  for (const provider of ["google", "discord"] as const) {
    servers[provider] = await startOAuthServer({
      clientId: `${provider}-client`,
      clientSecret: `${provider}-secret`,
      user: { profile: PROFILES[provider] },
    });
  }
});
afterAll(async () => {
  useAuthSettings(undefined);
  for (const server of Object.values(servers)) await server?.close();
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  useAuthSettings({
    database: handle.db,
    secret: "test-secret-test-secret-test-secret-0123",
    publicUrl: BASE_URL,
    mailer: createMailer({ from: "x <x@example.com>", dataDir: "/tmp/arena-oauth-test" }),
    providers: {
      google: { clientId: "google-client", clientSecret: "google-secret", ...servers.google!.endpoints },
      discord: { clientId: "discord-client", clientSecret: "discord-secret", ...servers.discord!.endpoints },
    },
  });
});

/** Our form → provider's authorize page → back to our callback, as a browser follows redirects. */
async function roundTrip(provider: ProviderId, from: "auth" | "login", tamper?: (callback: URL) => void) {
  const jar = new CookieJar();
  const started = await callRoute(startOAuth, formRequest("/auth/oauth", { provider, from, redirectTo: "/tournament?id=x" }));
  expect(started.status).toBe(302);
  jar.take(started.headers);
  const authorize = new URL(started.location!);
  expect(authorize.origin + authorize.pathname).toBe(servers[provider]!.endpoints.authorizationUrl);
  expect(authorize.searchParams.get("state")).toBeTruthy();
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${BASE_URL}/api/auth/callback/${provider}`);

  const consent = await fetch(authorize, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get("location")!);
  tamper?.(callback);
  const response = await auth().handler(getRequest(callback.toString(), jar.header()));
  jar.take(response.headers);
  const location = response.headers.get("Location");
  return { status: response.status, location: location && new URL(location, BASE_URL).toString(), jar };
}

describe.each(["google", "discord"] as const)("%s sign-in against a local OAuth server", (provider) => {
  it("creates the user and a session, and lands on /auth/continue", async () => {
    const result = await roundTrip(provider, "auth");
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${BASE_URL}/auth/continue?to=%2Ftournament%3Fid%3Dx`);
    const user = await getCurrentUser(getRequest("/", result.jar.header()));
    expect(user).toMatchObject({ email: PROFILES[provider].email, profileComplete: false });
    const [account] = await handle.db.select().from(accounts).where(eq(accounts.providerId, provider));
    expect(account?.userId).toBe(user!.id);
    expect(servers[provider]!.log).toEqual(expect.arrayContaining(["authorize", "token", "userinfo"]));
    if (provider === "discord") expect(user?.name).toBe("Dani Discord");
  });

  it("returns to / when started from /login", async () => {
    const result = await roundTrip(provider, "login");
    expect(result.location).toBe(`${BASE_URL}/auth/continue?to=%2F`);
  });

  it("refuses a tampered state and signs nobody in", async () => {
    const result = await roundTrip(provider, "auth", (callback) => callback.searchParams.set("state", "forged-state"));
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/\/auth\?oauth=failed&error=/);
    expect(result.jar.has("arena.session_token")).toBe(false);
    expect(await handle.db.$count(users)).toBe(0);
    expect(await handle.db.$count(sessions)).toBe(0);
  });
});

describe("providers", () => {
  it("refuses a provider that is not configured", async () => {
    useAuthSettings({
      database: handle.db,
      secret: "test-secret-test-secret-test-secret-0123",
      publicUrl: BASE_URL,
      mailer: createMailer({ from: "x <x@example.com>", dataDir: "/tmp/arena-oauth-test" }),
      providers: {},
    });
    const answer = await callRoute(startOAuth, formRequest("/auth/oauth", { provider: "google", from: "login" }));
    expect(answer.location).toBe("/login?oauth=failed&error=PROVIDER_UNAVAILABLE");
  });
});

describe("linking Discord while signed in another way (docs/plus.md)", () => {
  it("adds the Discord account to the signed-in user, even with another e-mail, and signs nobody else in", async () => {
    // Signed in with Google as gina@…; the Discord profile is dani@….
    const signedIn = await roundTrip("google", "auth");
    const gina = await getCurrentUser(getRequest("/", signedIn.jar.header()));
    const started = await callRoute(linkDiscord, formRequest("/auth/link-discord", {}, signedIn.jar.header()));
    expect(started.status).toBe(302);
    const authorize = new URL(started.location!);
    expect(authorize.origin + authorize.pathname).toBe(servers.discord!.endpoints.authorizationUrl);
    signedIn.jar.take(started.headers);
    const consent = await fetch(authorize, { redirect: "manual" });
    const response = await auth().handler(getRequest(consent.headers.get("location")!, signedIn.jar.header()));
    expect(response.status).toBe(302);
    expect(
      new URL(response.headers.get("Location")!, BASE_URL).pathname + new URL(response.headers.get("Location")!, BASE_URL).search,
    ).toBe("/auth/profile?discord=linked");
    const [discord] = await handle.db.select().from(accounts).where(eq(accounts.providerId, "discord"));
    expect(discord).toMatchObject({ userId: gina!.id, accountId: PROFILES.discord.id });
    expect(await handle.db.$count(users)).toBe(1);
  });

  it("needs a signed-in user", async () => {
    const answer = await callRoute(linkDiscord, formRequest("/auth/link-discord", {}));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/auth/);
    expect(await handle.db.$count(accounts)).toBe(0);
  });
});
