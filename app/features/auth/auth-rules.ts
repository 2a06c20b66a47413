/**
 * Sign-in links live 15 minutes: long enough to switch to a mail app on a slow phone connection,
 * short enough that a link forwarded or left in an inbox soon stops working. Each works once.
 */
export const MAGIC_LINK_MINUTES = 15;
export const SESSION_DAYS = 30;

/**
 * What /auth may say about a failed Google or Discord sign-in. The `error` in its query is written
 * by whoever made the link, so it only picks one of our own messages, never supplies text: a page
 * on our domain must not show an attacker's words (docs/reliability.md "Hostile user").
 */
export type OAuthErrorCode = "OAUTH_FAILED" | "OAUTH_DENIED" | "PROVIDER_UNAVAILABLE";

export function oauthErrorCode(error: string | null | undefined): OAuthErrorCode {
  if (error === "PROVIDER_UNAVAILABLE") return "PROVIDER_UNAVAILABLE";
  // OAuth 2.0's code for "the person said no" on the provider's page (RFC 6749 §4.1.2.1).
  if (error === "access_denied") return "OAUTH_DENIED";
  return "OAUTH_FAILED";
}

export const PROVIDER_IDS = ["google", "discord"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/**
 * Where a sign-in e-mail's link opens: a page that shows which account is being signed in and signs
 * in only when its button is pressed (a POST). Opening the link signs in nobody, so a foreign page
 * cannot sign a visitor into the attacker's account by sending them to the attacker's link (login
 * CSRF, docs/reliability.md "Hostile user"). Links mailed before this page existed (/api/auth/magic-link/verify) are sent here.
 */
export const SIGN_IN_LINK_PATH = "/auth/link";

/**
 * The only better-auth endpoints a browser may reach under /api/auth/*: coming back from Google or
 * Discord. (A sign-in link's token is consumed only by our /auth/link action.) Everything else the library offers (sending links,
 * updating or deleting the user, changing e-mail, listing sessions…) is either done through our
 * own routes, which apply our rate limits and profile rules, or not used at all: answered 404.
 */
export const PUBLIC_AUTH_ENDPOINTS: readonly { method: "GET"; path: RegExp }[] = [{ method: "GET", path: /^\/callback\/[A-Za-z0-9_-]+$/ }];

/** `path` is the part after /api/auth (e.g. "/callback/google"). */
export function isPublicAuthEndpoint(method: string, path: string): boolean {
  const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  return PUBLIC_AUTH_ENDPOINTS.some((endpoint) => endpoint.method === verb && endpoint.path.test(path));
}

/**
 * Endpoints switched off inside the library too (defence in depth, if its handler were ever
 * mounted elsewhere). Our own code calls some of them through `auth.api`, which is not affected.
 */
export const DISABLED_AUTH_PATHS = [
  "/sign-in/magic-link",
  "/update-user",
  "/change-email",
  "/change-password",
  "/set-password",
  "/delete-user",
  "/delete-user/callback",
  "/sign-up/email",
  "/sign-in/email",
  "/request-password-reset",
  "/reset-password",
  "/verify-email",
  "/send-verification-email",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/link-social",
  "/unlink-account",
  "/list-accounts",
  "/get-access-token",
  "/refresh-token",
  "/account-info",
  "/sign-in/oauth2",
  "/oauth2/link",
  "/sign-in/social",
];
