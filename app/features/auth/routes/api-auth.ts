import { data, redirect } from "react-router";
import { isPublicAuthEndpoint, SIGN_IN_LINK_PATH } from "../auth-rules";
import { auth } from "../auth.server";
import type { Route } from "./+types/api-auth";

/** Only the endpoints a browser needs (auth-rules.ts); the rest of the library is not reachable. */
function refuseUnlisted(request: Request) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (!isPublicAuthEndpoint(request.method, path)) throw data(null, { status: 404 });
}

// better-auth's own endpoints (OAuth callbacks).
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A link mailed before the confirmation page existed: show that page; opening signs in nobody.
  if (url.pathname === "/api/auth/magic-link/verify") return redirect(`${SIGN_IN_LINK_PATH}${url.search}`);
  refuseUnlisted(request);
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  refuseUnlisted(request);
  return auth().handler(request);
}
