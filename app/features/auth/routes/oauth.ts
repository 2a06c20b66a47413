import { redirect } from "react-router";
import { log } from "~/lib/log.server";
import type { ProviderId } from "../auth-rules";
import { auth, enabledProviders, providerRedirect } from "../auth.server";
import { safeRedirectTarget } from "~/domain/redirect";
import { readForm } from "~/lib/http.server";
import type { Route } from "./+types/oauth";

/**
 * Starts Google or Discord sign-in from a plain form: better-auth makes the state and PKCE
 * verifier (kept in a signed cookie) and the provider URL; we redirect there.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const provider = String(form.get("provider") ?? "") as ProviderId;
  const from = form.get("from") === "login" ? "login" : "auth";
  if (!enabledProviders().includes(provider)) throw redirect(`/${from}?oauth=failed&error=PROVIDER_UNAVAILABLE`);
  const next = `/auth/continue?to=${encodeURIComponent(from === "login" ? "/" : safeRedirectTarget(form.get("redirectTo")))}`;
  try {
    const started = await auth().api.signInSocial({
      body: { provider, callbackURL: next, newUserCallbackURL: next, errorCallbackURL: `/${from}?oauth=failed` },
      headers: request.headers,
      returnHeaders: true,
    });
    return providerRedirect(started);
  } catch (error) {
    log.error("oauth start failed", { provider, error: String(error) });
    throw redirect(`/${from}?oauth=failed`);
  }
}

export function loader() {
  return redirect("/auth");
}
