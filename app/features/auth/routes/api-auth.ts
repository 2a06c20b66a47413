import { data } from "react-router";
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

// better-auth's own endpoints (magic-link verification, OAuth callbacks).
export function loader({ request }: Route.LoaderArgs) {
  refuseUnlisted(request);
  return auth().handler(undoExtraDecode(request));
}

export function action({ request }: Route.ActionArgs) {
  refuseUnlisted(request);
  return auth().handler(request);
}
