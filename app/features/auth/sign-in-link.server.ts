import { redirect } from "react-router";
import { safeRedirectTarget } from "~/domain/redirect";
import { auth } from "./auth.server";

/** Where a link that no longer works (used, expired, cut short, forged) ends: "ask for a new one". */
export const LINK_INVALID = "/auth?link=invalid";
/**
 * Where a link the auth library refused for its per-address limit ends (429, too many link checks
 * from one connection): "wait a minute and open it again". The limit answers before the link is
 * looked at, so the link is not used up and still works (issue #24: a limit is never a broken link).
 */
export const LINK_LIMITED = "/auth?link=limited";
const DEFAULT_CALLBACK = "/auth/continue?to=%2F";

/** What a sign-in link carries: its token and where to go after, each target on this site only. */
export interface SignInLinkFields {
  token: string;
  callbackURL: string;
  newUserCallbackURL: string;
  errorCallbackURL: string;
}

/** From the link's query (the page) or the confirmation form (the POST); the same names in both. */
export function signInLinkFields(source: URLSearchParams | FormData): SignInLinkFields {
  const text = (name: string) => {
    const value = source.get(name);
    return typeof value === "string" ? value : "";
  };
  const target = (name: string, fallback: string) => (text(name) ? safeRedirectTarget(text(name)) : fallback);
  const callbackURL = target("callbackURL", DEFAULT_CALLBACK);
  return {
    token: text("token"),
    callbackURL,
    newUserCallbackURL: target("newUserCallbackURL", callbackURL),
    errorCallbackURL: target("errorCallbackURL", LINK_INVALID),
  };
}

/**
 * Uses the link up and signs in: better-auth's own verification (token single-use and hashed,
 * session cookie set), called from our POST only. Its endpoint is a GET, so the request is made
 * here, with the browser's cookies and address; the answer is better-auth's redirect with the
 * session cookie, or "this link no longer works".
 */
export async function consumeSignInLink(request: Request, fields: SignInLinkFields): Promise<Response> {
  if (!fields.token) return redirect(LINK_INVALID);
  const url = new URL("/api/auth/magic-link/verify", request.url);
  url.searchParams.set("token", fields.token);
  // better-auth runs decodeURIComponent on its callback URLs after the query parser already decoded
  // them, so `/auth/continue?to=%2Ftournament%3Fid%3Dx%26participants%3D48` would reach
  // /auth/continue as `?to=/tournament?id=x&participants=48` and lose `participants`. Encoding them
  // once more here cancels that extra decode.
  for (const name of ["callbackURL", "newUserCallbackURL", "errorCallbackURL"] as const) {
    url.searchParams.set(name, encodeURIComponent(fields[name]));
  }
  const headers = new Headers();
  for (const name of ["cookie", "host", "user-agent", "accept-language", "x-client-ip"]) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const response = await auth().handler(new Request(url, { method: "GET", headers }));
  // Its per-address limit (429) is a limit, not a broken link: the link is still unused.
  if (response.status === 429) return redirect(LINK_LIMITED);
  // A link better-auth refuses outright (malformed query) answers JSON: show the page instead.
  return response.status >= 400 ? redirect(LINK_INVALID) : response;
}
