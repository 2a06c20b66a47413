import { data, redirect } from "react-router";
import { isPublicAuthEndpoint } from "../auth-rules";
import { auth } from "../auth.server";
import type { Route } from "./+types/api-auth";

/**
 * better-auth's /magic-link/verify runs decodeURIComponent on its callback URLs after the query
 * parser already decoded them, so `/auth/continue?to=%2Ftournament%3Fid%3Dx%26participants%3D48`
 * reached /auth/continue as `?to=/tournament?id=x&participants=48` and lost `participants`.
 * Encoding them once more here cancels that extra decode.
 */
function undoExtraDecode(request: Request): Request {
  const url = new URL(request.url);
  if (request.method !== "GET" || !url.pathname.endsWith("/magic-link/verify")) return request;
  for (const name of ["callbackURL", "newUserCallbackURL", "errorCallbackURL"]) {
    const value = url.searchParams.get(name);
    if (value !== null) url.searchParams.set(name, encodeURIComponent(value));
  }
  return new Request(url, request);
}

/** Only the endpoints a browser needs (auth-rules.ts); the rest of the library is not reachable. */
function refuseUnlisted(request: Request) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (!isPublicAuthEndpoint(request.method, path)) throw data(null, { status: 404 });
}

export const LINK_INVALID = "/auth?link=invalid";

/**
 * A sign-in link cut short (by a mail app, a chat, a copy) lost its token's end and every parameter
 * after it: it must still end on "this link no longer works" (#10.13), never on the home page or
 * on better-auth's JSON.
 */
function completeBrokenLink(request: Request): Request | Response {
  const url = new URL(request.url);
  if (request.method !== "GET" || !url.pathname.endsWith("/magic-link/verify")) return request;
  if (!url.searchParams.get("token")) return redirect(LINK_INVALID);
  if (!url.searchParams.get("errorCallbackURL")) url.searchParams.set("errorCallbackURL", LINK_INVALID);
  if (!url.searchParams.get("callbackURL")) url.searchParams.set("callbackURL", "/auth/continue?to=%2F");
  return new Request(url, request);
}

// better-auth's own endpoints (magic-link verification, OAuth callbacks, session).
export async function loader({ request }: Route.LoaderArgs) {
  refuseUnlisted(request);
  const completed = completeBrokenLink(request);
  if (completed instanceof Response) return completed;
  const response = await auth().handler(undoExtraDecode(completed));
  // A link better-auth refuses outright (malformed query) answers JSON: show the page instead.
  if (new URL(request.url).pathname.endsWith("/magic-link/verify") && response.status >= 400) return redirect(LINK_INVALID);
  return response;
}

export function action({ request }: Route.ActionArgs) {
  refuseUnlisted(request);
  return auth().handler(request);
}
