import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth, magicLink } from "better-auth/plugins";
import type { GenericOAuthConfig } from "better-auth/plugins";
import { accounts, rateLimits, sessions, users, verifications } from "~/db/schema";
import { isLanguage, type Language } from "~/domain/language";
import { cleanFullname } from "~/domain/profile";
import { db, type Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail, mailer, useMailer, type Mailer } from "~/lib/mail.server";
import { isLocalHost } from "~/lib/public-url";
import { setSingleton, singleton } from "~/lib/singleton.server";
import { loadMessages } from "~/lib/messages.server";
import { log } from "~/lib/log.server";
import { syncDiscordRole } from "~/features/plus/discord-role.server";

import { DISABLED_AUTH_PATHS, MAGIC_LINK_MINUTES, SESSION_DAYS, SIGN_IN_LINK_PATH, type ProviderId } from "./auth-rules";

export interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  /** Endpoint overrides, for tests against a local OAuth server. */
  authorizationUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
}

export interface AuthSettings {
  database: Database;
  secret: string;
  publicUrl: string;
  /**
   * PUBLIC_URL was not set: links (e-mail, callbacks) use the address each request came to, when
   * that is this machine or the local network (localhost, 127.x, 10.x, 192.168.x, 172.x, *.local);
   * any other host gets `publicUrl`. Never trusts an arbitrary Host header with a sign-in link.
   */
  followRequestHost?: boolean;
  mailer: Mailer;
  providers: Partial<Record<ProviderId, ProviderSettings>>;
}

const PROVIDER_ENDPOINTS: Record<ProviderId, { authorizationUrl: string; tokenUrl: string; userInfoUrl: string; scopes: string[] }> = {
  google: {
    authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    userInfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    scopes: ["openid", "email", "profile"],
  },
  discord: {
    authorizationUrl: "https://discord.com/api/oauth2/authorize",
    tokenUrl: "https://discord.com/api/oauth2/token",
    userInfoUrl: "https://discord.com/api/users/@me",
    scopes: ["identify", "email"],
  },
};

function providerConfig(id: ProviderId, settings: ProviderSettings): GenericOAuthConfig {
  const endpoints = PROVIDER_ENDPOINTS[id];
  return {
    providerId: id,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorizationUrl: settings.authorizationUrl ?? endpoints.authorizationUrl,
    tokenUrl: settings.tokenUrl ?? endpoints.tokenUrl,
    userInfoUrl: settings.userInfoUrl ?? endpoints.userInfoUrl,
    scopes: endpoints.scopes,
    pkce: true,
    accountSubject: ({ profile }) => String(id === "google" ? profile.sub : profile.id),
    // Discord's profile names the fields its own way.
    mapProfileToUser:
      id === "discord"
        ? (profile) => ({
            name: String(profile.global_name ?? profile.username ?? ""),
            email: String(profile.email ?? ""),
            emailVerified: profile.verified === true,
          })
        : undefined,
  };
}

function mailTexts(language: Language) {
  return createI18n(language, loadMessages(language, ["mail"]));
}

export function magicLinkMail(to: string, url: string, language: Language) {
  const { t } = mailTexts(language);
  return composeMail({
    to,
    subject: t("mail:magicLink.subject"),
    heading: t("mail:magicLink.heading"),
    paragraphs: [t("mail:magicLink.intro"), t("mail:magicLink.expiry", { minutes: MAGIC_LINK_MINUTES })],
    action: { label: t("mail:magicLink.button"), url },
    footer: t("mail:footer"),
  });
}

export function welcomeMail(to: string, name: string, language: Language, publicUrl: string) {
  const { t } = mailTexts(language);
  return composeMail({
    to,
    subject: t("mail:welcome.subject", { name }),
    heading: t("mail:welcome.heading", { name }),
    paragraphs: [t("mail:welcome.intro")],
    action: { label: t("mail:welcome.button"), url: `${publicUrl}/#tournaments` },
    footer: t("mail:footer"),
  });
}

/**
 * Sign-in link checks per internet address a minute (the auth library's limit on its verify
 * endpoint). Past it a link is refused with 429, shown as a limit (sign-in-link.server.ts LINK_LIMITED).
 */
export const LINK_CHECKS_PER_MINUTE = 600;

export function createAuth(settings: AuthSettings) {
  const providers = (Object.entries(settings.providers) as [ProviderId, ProviderSettings | undefined][]).flatMap(([id, config]) =>
    config ? [providerConfig(id, config)] : [],
  );
  return betterAuth({
    appName: "Arena LATAM",
    baseURL: settings.followRequestHost
      ? // server/app.ts has already replaced any Host that is not local (app/lib/public-url.ts).
        { allowedHosts: ["*"], fallback: settings.publicUrl, protocol: settings.publicUrl.startsWith("https://") ? "https" : "http" }
      : settings.publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    trustedOrigins: settings.followRequestHost
      ? (request?: Request) => {
          const host = request?.headers.get("host");
          return [settings.publicUrl, isLocalHost(host) ? `http://${host}` : null];
        }
      : [settings.publicUrl],
    // Our routes do these with our rules (rate limits, profile rules), or we do not offer them.
    disabledPaths: [...DISABLED_AUTH_PATHS],
    // Whatever path writes a user through the library (a provider's profile, a future endpoint),
    // the name follows our profile rule; an update that would leave it empty is refused.
    databaseHooks: {
      // A member who links Discord gets the Plus premium role now (docs/plus.md); the routine catches
      // any link this misses, so a failure here is logged and the sign-in goes on.
      account: {
        create: {
          after: async (account) => {
            if (account.providerId !== "discord") return;
            await syncDiscordRole(settings.database, account.userId).catch((error: unknown) =>
              log.error("discord role after link failed", { error: String(error) }),
            );
          },
        },
      },
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: cleanFullname(user.name) } }),
        },
        update: {
          before: async (user) => {
            if (!("name" in user) || user.name === undefined) return { data: user };
            const name = cleanFullname(user.name);
            if (!name) throw new APIError("BAD_REQUEST", { message: "INVALID_NAME" });
            return { data: { ...user, name } };
          },
        },
      },
    },
    database: drizzleAdapter(settings.database, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        // Never accepted from a request: set by our profile form's action or `npm run admin`.
        age: { type: "number", required: false, input: false },
        favoriteGame: { type: "string", required: false, input: false },
        language: { type: "string", required: false, input: false, defaultValue: "es" },
        isStaff: { type: "boolean", required: false, input: false, defaultValue: false },
        profileCompletedAt: { type: "date", required: false, input: false },
      },
    },
    // Errors that cannot know where the user came from (a forged or expired OAuth state) land on /auth.
    onAPIError: { errorURL: "/auth?oauth=failed" },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    // A signed-in person may link a Discord account whose e-mail differs from theirs (linkSocial from
    // the profile, docs/plus.md): they prove both, being signed in here and at Discord.
    account: { accountLinking: { enabled: true, trustedProviders: ["google", "discord"], allowDifferentEmails: true } },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
      customRules: {
        "/sign-in/magic-link": { window: 10 * 60, max: 10 },
        // The magic-link plugin allows 5 verifications a minute per address, so the 6th player behind
        // one address (CGNAT, a venue's Wi-Fi) was refused and told the link was invalid. A link's
        // token is a single-use secret nobody can guess: the per-address rule only needs to stop floods.
        "/magic-link/verify": { window: 60, max: LINK_CHECKS_PER_MINUTE },
        "/sign-in/social": { window: 60, max: 20 },
      },
    },
    advanced: {
      cookiePrefix: "arena",
      useSecureCookies: settings.publicUrl.startsWith("https://"),
      // server/app.ts writes the socket's address (or the trusted proxy's report) into this header.
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        storeToken: "hashed",
        sendMagicLink: async ({ email, url, metadata }) => {
          const language = isLanguage(metadata?.language) ? metadata.language : "es";
          // The mail opens our confirmation page, same query (token, callbacks), not the library's
          // verify endpoint: opening a link must not sign anyone in (auth-rules.ts SIGN_IN_LINK_PATH).
          const link = new URL(url);
          link.pathname = SIGN_IN_LINK_PATH;
          await settings.mailer.send(magicLinkMail(email, link.toString(), language));
        },
      }),
      genericOAuth({ config: providers }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** AUTH_SECRET, or one generated on first start and kept in DATA_DIR so sessions survive restarts. */
function authSecret(): string {
  const config = env();
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function configuredProviders(): Partial<Record<ProviderId, ProviderSettings>> {
  const config = env();
  const providers: Partial<Record<ProviderId, ProviderSettings>> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.google = { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET };
  }
  if (config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET) {
    providers.discord = { clientId: config.DISCORD_CLIENT_ID, clientSecret: config.DISCORD_CLIENT_SECRET };
  }
  return providers;
}

interface AuthHandle {
  auth: Auth;
  providers: ProviderId[];
}

function authHandle(): AuthHandle {
  return singleton("auth", () => {
    const providers = configuredProviders();
    return {
      auth: createAuth({
        database: db(),
        secret: authSecret(),
        publicUrl: env().publicUrl,
        followRequestHost: !env().publicUrlSet,
        mailer: mailer(),
        providers,
      }),
      providers: Object.keys(providers) as ProviderId[],
    };
  });
}

/** The process-wide auth, built on first use from the environment. */
export function auth(): Auth {
  return authHandle().auth;
}

/** The sign-in providers whose buttons are shown (those with a client id and secret). */
export function enabledProviders(): ProviderId[] {
  return authHandle().providers;
}

/** Lets a test run the app's routes against its own auth settings (and its mailer). */
export function useAuthSettings(settings: AuthSettings | undefined) {
  setSingleton("auth", settings ? { auth: createAuth(settings), providers: Object.keys(settings.providers) as ProviderId[] } : undefined);
  useMailer(settings?.mailer);
}

/**
 * The redirect to a provider's authorization page that better-auth prepared (signInSocial or
 * linkSocialAccount with `returnHeaders`), carrying its state and PKCE cookies.
 */
export function providerRedirect({ headers, response }: { headers: Headers; response: { url?: string | null } }): Response {
  if (!response.url) throw new Error("no authorization URL");
  const location = new Headers({ Location: response.url });
  for (const cookie of headers.getSetCookie()) location.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers: location });
}
