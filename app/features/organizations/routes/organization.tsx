import { formatDate, formatMoney, platformToday } from "~/domain/format";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { getCurrentUser } from "~/features/auth/session.server";
import { eventStagesOf } from "~/features/competition/bracket-page.server";
import { db } from "~/lib/db.server";
import { notFoundIfNullish } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { organizationShown } from "../core/logo";
import { findOrganizationBySlug, organizationTournaments, roleIn } from "../organizations.server";
import type { Route } from "./+types/organization";
import { OrganizationHeading } from "../components/organization-heading";

export const handle: RouteHandle = { hydrate: false };

/** An organization's public page: who they are, their upcoming and past tournaments, and the winners. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const organization = notFoundIfNullish(await findOrganizationBySlug(db(), params.slug));
  const user = await getCurrentUser(request);
  const member = user ? (await roleIn(db(), organization.id, user.id)) !== null || user.isStaff : false;
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  // Public: published ones only (drafts and those waiting for approval are the organization's business).
  const list = await organizationTournaments(db(), organization.id, false);
  const stages = await eventStagesOf(
    db(),
    list.map((tournament) => tournament.id),
  );
  const today = platformToday();
  const shaped = list.map((tournament) => {
    const stage = stages.get(tournament.id);
    return {
      id: tournament.id,
      title: tournament.title,
      game: GAMES[tournament.game as keyof typeof GAMES]?.name ?? tournament.game,
      date: formatDate(tournament.date, language),
      fee:
        tournament.feeAmount > 0
          ? formatMoney({ amount: tournament.feeAmount, currency: tournament.feeCurrency === "VES" ? "VES" : "USD" }, language)
          : null,
      champion: stage?.stage === "finished" ? stage.champion : null,
      past: tournament.date < today || stage?.stage === "finished",
    };
  });
  return {
    organization: organizationShown(organization),
    member,
    upcoming: shaped.filter((tournament) => !tournament.past).reverse(),
    past: shaped.filter((tournament) => tournament.past),
    messages: loadMessages(language, ["organizations"]),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.organization.name ?? ""} · Arena LATAM` }];
}

function hostOf(link: string) {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return link;
  }
}

export default function OrganizationPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("organizations");
  const { organization } = loaderData;
  const list = (items: typeof loaderData.upcoming, testId: string) => (
    <ul className="mt-4 flex flex-col gap-3" data-testid={testId}>
      {items.map((tournament) => (
        <li key={tournament.id} className="rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="organization-tournament">
          <a href={`/tournament?id=${encodeURIComponent(tournament.id)}`} className="text-lg font-bold break-words text-cyan-300 underline">
            {tournament.title}
          </a>
          <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-300">
            <span>{tournament.game}</span>
            <span>{tournament.date}</span>
            <span>{tournament.fee ?? t("free")}</span>
          </p>
          {tournament.champion ? (
            <p className="mt-2 text-sm font-semibold text-amber-200" data-testid="organization-champion">
              {t("page.champion", { name: tournament.champion })}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <section className="mx-auto max-w-3xl px-4 py-12" data-testid="organization-page">
      <OrganizationHeading
        logoUrl={organization.logoUrl}
        logoAlt={t("page.logoAlt", { name: organization.name })}
        logoTestId="organization-logo"
        size="large"
      >
        {organization.name}
      </OrganizationHeading>
      {organization.banned ? (
        <p className="mt-2 font-semibold text-rose-300" data-testid="organization-banned">
          {t("page.banned")}
        </p>
      ) : null}
      {organization.description ? <p className="mt-3 whitespace-pre-line text-slate-300">{organization.description}</p> : null}
      {organization.links.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-3">
          {organization.links.map((link) => (
            <li key={link}>
              <a href={link} rel="nofollow noopener noreferrer" target="_blank" className="inline-block py-2 text-cyan-300 underline">
                {hostOf(link)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {loaderData.member ? (
        <a
          href={`/organizations/${organization.slug}/manage`}
          className="mt-4 inline-block py-2 font-semibold text-purple-300 underline"
          data-testid="organization-manage-link"
        >
          {t("page.manage")}
        </a>
      ) : null}
      <h2 className="mt-10 text-2xl font-extrabold">{t("page.upcoming")}</h2>
      {loaderData.upcoming.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("page.noUpcoming")}</p>
      ) : (
        list(loaderData.upcoming, "organization-upcoming")
      )}
      <h2 className="mt-10 text-2xl font-extrabold">{t("page.past")}</h2>
      {loaderData.past.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("page.noPast")}</p>
      ) : (
        list(loaderData.past, "organization-past")
      )}
    </section>
  );
}
