import { useTranslation } from "~/lib/i18n-react";
import { Link, redirect } from "react-router";
import { languageFromCookieHeader } from "~/domain/language";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { enabledProviders } from "../auth.server";
import { ProviderButtons } from "../components/provider-buttons";
import { getCurrentUser } from "../session.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/login";

// Provider buttons (plain forms) and a link: no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return { providers: enabledProviders(), messages: loadMessages(language, ["auth"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "auth", "login.title")} · Arena LATAM` }];
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("auth");
  return (
    <section className="mx-auto max-w-md px-4 py-14" data-testid="login-page">
      <h1 className="text-3xl font-extrabold">{t("login.title")}</h1>
      <p className="mt-2 text-slate-400">{t("login.subtitle")}</p>
      <div className="mt-8">
        {loaderData.providers.length ? (
          // SPEC §4: OAuth started from /login returns to /.
          <ProviderButtons providers={loaderData.providers} from="login" redirectTo="/" />
        ) : (
          <p className="rounded-lg border border-slate-700 p-4 text-slate-300" data-testid="no-providers">
            {t("login.noProviders")}
          </p>
        )}
      </div>
      <p className="mt-8 text-center text-sm">
        <Link to="/auth" className="text-cyan-400 hover:text-cyan-300">
          {t("login.toAuth")}
        </Link>
      </p>
    </section>
  );
}
