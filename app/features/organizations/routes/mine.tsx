import { buttonClass } from "~/components/ui/button";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { isOrgLogo } from "../core/logo";
import { organizationsOf } from "../organizations.server";
import type { Route } from "./+types/mine";

export const handle: RouteHandle = { hydrate: false };

/** "Mis organizaciones" (the account menu): the organizations the user belongs to, and the way to create one. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    organizations: (await organizationsOf(db(), user.id)).map((organization) => ({
      ...organization,
      logoUrl: isOrgLogo(organization.logoUrl) ? organization.logoUrl : null,
    })),
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["organizations"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "organizations", "mine.title")} · Arena LATAM` }];
}

export default function MyOrganizationsPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("organizations");
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="my-organizations">
      <h1 className="text-3xl font-extrabold">{t("mine.title")}</h1>
      {loaderData.organizations.length === 0 ? (
        <p className="mt-3 text-slate-300" data-testid="my-organizations-empty">
          {t("mine.empty")}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {loaderData.organizations.map((organization) => (
            <li key={organization.slug} className="rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="my-organization">
              <div className="flex items-center gap-3">
                {organization.logoUrl ? (
                  <img src={organization.logoUrl} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg" />
                ) : null}
                <a href={`/organizations/${organization.slug}`} className="min-w-0 text-lg font-bold break-words text-cyan-300 underline">
                  {organization.name}
                </a>
              </div>
              <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-300">
                <span>{t(`roles.${organization.role}`)}</span>
                {organization.banned ? <span className="font-semibold text-rose-300">{t("banned")}</span> : null}
              </p>
              <a
                href={`/organizations/${organization.slug}/manage`}
                className="mt-2 inline-block py-2 text-sm font-semibold text-cyan-300 underline"
              >
                {t("mine.manage")}
              </a>
            </li>
          ))}
        </ul>
      )}
      <a href="/organizations/new" className={`${buttonClass("primary", "md")} mt-8`} data-testid="organization-new-link">
        {t("mine.create")}
      </a>
    </section>
  );
}
