import { redirect } from "react-router";
import { requireUser, safeRedirectPath } from "../session.server";
import type { Route } from "./+types/continue";

/** Where every sign-in lands: a new account completes its profile first, everyone else goes on. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const to = safeRedirectPath(new URL(request.url).searchParams.get("to"));
  if (!user.profileComplete) {
    throw redirect(`/auth/profile?${new URLSearchParams({ email: user.email, redirectTo: to })}`);
  }
  throw redirect(to);
}
