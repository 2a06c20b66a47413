import { redirect } from "react-router";
import { requireUser, safeRedirectPath } from "../session.server";
import type { Route } from "./+types/continue";

/**
 * Where every sign-in lands: a new player completes their profile first, everyone else goes on.
 * Staff (STAFF_EMAILS, `npm run admin -- grant`) reach the back-office without a player profile.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const to = safeRedirectPath(new URL(request.url).searchParams.get("to"));
  if (!user.profileComplete && !user.isStaff) {
    throw redirect(`/auth/profile?${new URLSearchParams({ email: user.email, redirectTo: to })}`);
  }
  throw redirect(to);
}
