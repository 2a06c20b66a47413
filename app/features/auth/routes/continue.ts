import { redirect } from "react-router";
import { getCurrentUser } from "../session.server";
import { safeRedirectTarget } from "~/domain/redirect";
import type { Route } from "./+types/continue";

/**
 * Where every sign-in lands: a new player completes their profile first, everyone else goes on.
 * Staff (STAFF_EMAILS, `npm run admin -- grant`) reach the back-office without a player profile.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const to = safeRedirectTarget(new URL(request.url).searchParams.get("to"));
  const user = await getCurrentUser(request);
  // Reached without a session: the link signed in at another address than this one (PUBLIC_URL vs
  // the address in the browser) or the browser refused the cookie. Say so, instead of a bare /auth.
  if (!user) throw redirect(`/auth?${new URLSearchParams({ link: "elsewhere", redirectTo: to })}`);
  if (!user.profileComplete && !user.isStaff) {
    throw redirect(`/auth/profile?${new URLSearchParams({ email: user.email, redirectTo: to })}`);
  }
  throw redirect(to);
}
