import { redirect } from "react-router";
import { log } from "~/lib/log.server";
import { readForm } from "~/lib/http.server";
import { auth, enabledProviders, providerRedirect } from "../auth.server";
import { requireUser } from "../session.server";
import type { Route } from "./+types/link-discord";

/**
 * Links Discord to the signed-in account (docs/plus.md "Linking Discord"), for people who sign in by
 * e-mail: better-auth's linkSocial, started from our own form (its /link-social HTTP path stays
 * disabled), makes the state and PKCE cookie and the Discord URL; Discord's callback adds the
 * `accounts` row to this user, and the account hook asks for the Plus role.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  await readForm(request);
  if (!enabledProviders().includes("discord")) throw redirect("/auth/profile?discord=unavailable");
  try {
    const started = await auth().api.linkSocialAccount({
      body: { provider: "discord", callbackURL: "/auth/profile?discord=linked", errorCallbackURL: "/auth/profile?discord=failed" },
      headers: request.headers,
      returnHeaders: true,
    });
    return providerRedirect(started);
  } catch (error) {
    log.error("discord link start failed", { error: String(error) });
    throw redirect("/auth/profile?discord=failed");
  }
}

export function loader() {
  return redirect("/auth/profile");
}
