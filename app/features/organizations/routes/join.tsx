import { data } from "react-router";
import { Alert } from "~/components/ui/alert";
import { DeadLinkPage } from "~/components/ui/dead-link-page";
import { buttonClass } from "~/components/ui/button";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { fail, failWith, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { isOrgLogo } from "../core/logo";
import { INVITE_REFUSAL } from "../core/rules";
import { OrganizationError, acceptOrgInvite, findOrgInvite } from "../organizations.server";
import type { Route } from "./+types/join";
import { OrganizationHeading } from "../components/organization-heading";

// Accepting an organization's invitation link (docs/organizations.md "Invitation links"): one plain
// form, no React runtime. Signed-in people only: visitors sign in and come back here.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const messages = loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["organizations"]);
  const invite = await findOrgInvite(db(), params.token);
  // An unknown link says so on a page of its own, with a 404 status; used, revoked and expired ones say which.
  if (!invite) return data({ invite: null, messages }, { status: 404 });
  return {
    invite: {
      name: invite.name,
      slug: invite.slug,
      logoUrl: isOrgLogo(invite.logoUrl) ? invite.logoUrl : null,
      role: invite.role,
      refusal: invite.state === "open" ? null : INVITE_REFUSAL[invite.state],
    },
    messages,
    me: user.email,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!(await withinLimit(db(), "organizationWrite", user.id))) return fail("RATE_LIMITED", 429);
  try {
    const joined = await acceptOrgInvite(db(), { token: params.token, userId: user.id });
    return succeed({ slug: joined.slug, role: joined.role });
  } catch (error) {
    if (error instanceof OrganizationError) return failWith(error);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "organizations", "join.pageTitle")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function JoinOrganizationPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("organizations");
  const { invite } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  if (!invite) {
    return (
      <DeadLinkPage testId="org-join-page" title={t("join.pageTitle")} alertTestId="org-join-state">
        {t("errors.INVITE_NOT_FOUND")}
      </DeadLinkPage>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16" data-testid="org-join-page">
      <OrganizationHeading logoUrl={invite.logoUrl} logoTestId="org-join-logo" size="medium">
        {t("join.title", { name: invite.name })}
      </OrganizationHeading>
      {actionData?.ok ? (
        <>
          <Alert tone="success" testId="org-join-done">
            {t("join.joined", { name: invite.name, role: t(`roles.${actionData.role}`) })}
          </Alert>
          <a
            href={`/organizations/${actionData.slug}/manage`}
            className={buttonClass("primary", "md", "mt-6 inline-flex")}
            data-testid="org-join-go"
          >
            {t("join.go")}
          </a>
        </>
      ) : invite.refusal ? (
        <Alert tone="error" testId="org-join-state">
          {t(`errors.${invite.refusal}`)}
        </Alert>
      ) : (
        <>
          <p className="mt-3 text-slate-300" data-testid="org-join-role">
            {t("join.text", { role: t(`roles.${invite.role}`) })}
          </p>
          <p className="mt-2 text-sm break-all text-slate-400">{t("join.as", { email: loaderData.me })}</p>
          {refusal ? (
            <Alert tone="error" testId="org-join-error">
              {t(`errors.${refusal.code}`, { defaultValue: t("errors.UNKNOWN") })}
            </Alert>
          ) : null}
          <form method="post" className="mt-6">
            <button type="submit" className={buttonClass("primary", "md")} data-testid="org-join-accept">
              {t("join.accept")}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
