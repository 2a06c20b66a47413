import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { Link, redirect } from "react-router";
import { normalizeEmail } from "~/domain/email";
import { languageFromCookieHeader } from "~/domain/language";
import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { withinLimit } from "~/lib/rate-limit.server";
import { rememberPreUser } from "../accounts.server";
import { MAGIC_LINK_MINUTES, oauthErrorCode } from "../auth-rules";
import { auth, enabledProviders } from "../auth.server";
import { ProviderButtons } from "../components/provider-buttons";
import { getCurrentUser } from "../session.server";
import { safeRedirectTarget } from "~/domain/redirect";
import { fail, succeed } from "~/lib/answer";
import { readForm } from "~/lib/http.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/auth";
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";

// A form and links: served without the React runtime, like the landing it is reached from (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

type ErrorCode = "EMPTY_FIELDS" | "INVALID_EMAIL" | "RATE_LIMITED" | "NETWORK_RATE_LIMITED" | "MAIL_FAILED";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectTarget(url.searchParams.get("redirectTo"));
  const user = await getCurrentUser(request);
  if (user) throw redirect(user.profileComplete ? redirectTo : `/auth/continue?to=${encodeURIComponent(redirectTo)}`);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const link = url.searchParams.get("link");
  return {
    redirectTo,
    providers: enabledProviders(),
    /** The link was refused for a limit (too many checks from this connection): it still works. */
    linkLimited: link === "limited",
    linkInvalid: link !== null && link !== "limited",
    /** The link worked but the session is not in this browser at this address. */
    linkElsewhere: link === "elsewhere",
    origin: url.origin,
    oauthError: url.searchParams.has("oauth") ? oauthErrorCode(url.searchParams.get("error")) : null,
    messages: loadMessages(language, ["auth"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const raw = String(form.get("email") ?? "");
  const redirectTo = safeRedirectTarget(form.get("redirectTo"));
  const refuse = (code: ErrorCode, status = 400) => fail(code, status, { field: "email", email: raw });
  if (!raw.trim()) return refuse("EMPTY_FIELDS");
  const email = normalizeEmail(raw);
  if (!email) return refuse("INVALID_EMAIL");

  const ip = request.headers.get("x-client-ip") ?? "unknown";
  // Per address and per network: a link request sends mail, so both are bounded. Each refusal says
  // which limit it is: the network's is shared by everyone behind one address (CGNAT, a venue's Wi-Fi).
  if (!(await withinLimit(db(), "magicLinkPerEmail", email))) return refuse("RATE_LIMITED", 429);
  if (!(await withinLimit(db(), "magicLinkPerIp", ip))) return refuse("NETWORK_RATE_LIMITED", 429);

  await rememberPreUser(db(), email);
  const next = `/auth/continue?to=${encodeURIComponent(redirectTo)}`;
  try {
    await auth().api.signInMagicLink({
      body: {
        email,
        callbackURL: next,
        newUserCallbackURL: next,
        errorCallbackURL: "/auth?link=invalid",
        metadata: { language: languageFromCookieHeader(request.headers.get("Cookie")) },
      },
      headers: request.headers,
    });
  } catch (error) {
    log.error("magic link not sent", { email, error: String(error) });
    return refuse("MAIL_FAILED", 503);
  }
  return succeed({ sent: email, email });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "auth", "signIn.pageTitle")} · Arena LATAM` }];
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("auth");
  const error = actionData && !actionData.ok ? actionData.code : loaderData.oauthError;
  return (
    <section className="mx-auto max-w-md px-4 py-14" data-testid="auth-page">
      <h1 className="text-3xl font-extrabold">{t("signIn.title")}</h1>
      <p className="mt-2 text-slate-400">{t("signIn.subtitle")}</p>

      {loaderData.linkInvalid ? (
        <div role="alert" className="mt-6 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4" data-testid="link-invalid">
          <p className="font-semibold text-amber-200">{t(loaderData.linkElsewhere ? "linkError.elsewhereTitle" : "linkError.title")}</p>
          <p className="mt-1 text-sm text-amber-100/90">
            {loaderData.linkElsewhere ? t("linkError.elsewhere", { origin: loaderData.origin }) : t("linkError.message")}
          </p>
        </div>
      ) : null}

      {loaderData.linkLimited ? (
        <div role="alert" className="mt-6 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4" data-testid="link-limited">
          <p className="font-semibold text-amber-200">{t("linkError.limitedTitle")}</p>
          <p className="mt-1 text-sm text-amber-100/90">{t("linkError.limited")}</p>
        </div>
      ) : null}

      {actionData?.ok ? (
        <Alert tone="success" testId="link-sent">
          {t("signIn.sent", { email: actionData.sent, minutes: MAGIC_LINK_MINUTES })}
        </Alert>
      ) : null}

      {error ? (
        <Alert tone="error" testId="auth-error">
          {t(`errors.${error}`)}
        </Alert>
      ) : null}

      <form method="post" className="mt-6 flex flex-col gap-3" noValidate {...dataAttr(DataAttr.sending, t("signIn.sending"))}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <label htmlFor="email" className="text-sm font-semibold">
          {t("signIn.email")}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={actionData?.email ?? ""}
          placeholder={t("signIn.emailPlaceholder")}
          aria-invalid={error === "EMPTY_FIELDS" || error === "INVALID_EMAIL" ? true : undefined}
          className="rounded-lg border border-slate-500 bg-slate-900 px-4 py-3 text-slate-100 focus:border-cyan-400"
        />
        <button type="submit" className={buttonClass("primary", "md")}>
          {loaderData.linkInvalid ? t("linkError.again") : t("signIn.submit")}
        </button>
      </form>

      {loaderData.providers.length ? (
        <>
          <p className="my-6 text-center text-sm text-slate-400">{t("signIn.or")}</p>
          <ProviderButtons providers={loaderData.providers} from="auth" redirectTo={loaderData.redirectTo} />
        </>
      ) : null}

      <p className="mt-8 text-center text-sm">
        <Link to="/login" className="text-cyan-400 hover:text-cyan-300">
          {t("signIn.toLogin")}
        </Link>
      </p>
    </section>
  );
}
