import { redirect } from "react-router";
import { saveLanguage } from "../accounts.server";
import { getCurrentUser, type CurrentUser } from "../session.server";
import { chosenLanguage, isLanguage, languageCookie } from "~/domain/language";
import { safeRedirectTarget } from "~/domain/redirect";
import { db } from "~/lib/db.server";
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
  const headers = await languageAtSignIn(request, user);
  if (!user.profileComplete && !user.isStaff) {
    throw redirect(`/auth/profile?${new URLSearchParams({ email: user.email, redirectTo: to })}`, { headers });
  }
  throw redirect(to, { headers });
}

/**
 * The account's language follows the person to a new device: with no language chosen on this one,
 * the pages switch to the account's. A language chosen here (the switch, before signing in) wins and
 * is saved on the account, as a switch made signed in is: every mail follows it.
 */
async function languageAtSignIn(request: Request, user: CurrentUser): Promise<Headers> {
  const headers = new Headers();
  const chosen = chosenLanguage(request.headers.get("Cookie"));
  if (chosen && chosen !== user.language) await saveLanguage(db(), user.id, chosen);
  else if (!chosen && isLanguage(user.language))
    headers.append("Set-Cookie", languageCookie(user.language, new URL(request.url).protocol === "https:"));
  return headers;
}
