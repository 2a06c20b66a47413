import { redirect } from "react-router";
import { auth } from "../auth.server";
import { forgetCachedUser } from "../session-cache.server";
import { getCurrentUser } from "../session.server";
import type { Route } from "./+types/sign-out";

/** Ends the session in the database and clears the cookie. */
export async function action({ request }: Route.ActionArgs) {
  try {
    const user = await getCurrentUser(request);
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    if (user) forgetCachedUser(user.id);
    const response = redirect("/");
    for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // No session to end: the visitor is already signed out.
    return redirect("/");
  }
}

export function loader() {
  return redirect("/");
}
