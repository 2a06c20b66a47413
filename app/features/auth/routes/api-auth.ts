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

// better-auth's own endpoints (magic-link verification, OAuth callbacks, session).
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(undoExtraDecode(request));
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
