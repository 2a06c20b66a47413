import { redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { languageFromCookieHeader } from "~/domain/language";
import { getCurrentUser, requireUser } from "~/features/auth/session.server";
import { fail, fieldErrorsOfAnswer, typedOf } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { OrganizationFields } from "../components/organization-fields";
import { mayCreateOrganization, parseOrgForm } from "../core/rules";
import { OrganizationError, createOrganization, creatorStanding } from "../organizations.server";
import type { Route } from "./+types/new";

// Plain forms that post; no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

/** Creating an organization: Plus members, organizers staff approved, and staff; everyone else learns why not (docs/organizations.md). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const allowed = user ? mayCreateOrganization(await creatorStanding(db(), user)) : false;
  return {
    signedIn: Boolean(user),
    allowed,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["organizations"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!mayCreateOrganization(await creatorStanding(db(), user))) return fail("PLUS_REQUIRED", 403);
  const form = await readForm(request);
  const typed = typedFields(form, (name) => ["name", "slug", "description", "links"].includes(name), 2000);
  const parsed = parseOrgForm(formFields(form));
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, errors: parsed.errors, typed });
  if (!(await withinLimit(db(), "organizationWrite", user.id))) return fail("RATE_LIMITED", 429, { typed });
  try {
    const created = await createOrganization(db(), user.id, parsed.values);
    return redirect(`/organizations/${created.slug}/manage?done=created`);
  } catch (error) {
    if (error instanceof OrganizationError)
      return fail(error.code, 409, { field: error.code === "ORG_NAME_TAKEN" ? "name" : "slug", typed });
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "organizations", "new.title")} · Arena LATAM` }];
}

export default function NewOrganizationPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("organizations");
  const refusal = actionData && !actionData.ok ? actionData : null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="organization-new">
      <h1 className="text-3xl font-extrabold">{t("new.title")}</h1>
      <p className="mt-2 text-slate-300">{t("new.subtitle")}</p>
      {!loaderData.allowed ? (
        <div className="mt-6 rounded-xl border border-purple-500/50 bg-purple-500/10 p-4" data-testid="organization-needs-plus">
          <p className="text-slate-100">{t("new.needsPlus")}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <a href="/plus" className={buttonClass("primary", "md")} data-testid="organization-plus-link">
              {t("new.seePlus")}
            </a>
            {loaderData.signedIn ? null : (
              <a href="/auth?redirectTo=%2Forganizations%2Fnew" className={buttonClass("secondary", "md")}>
                {t("new.signIn")}
              </a>
            )}
          </div>
        </div>
      ) : (
        <form method="post" noValidate className="mt-6 flex flex-col gap-4" data-testid="organization-form">
          {refusal && !refusal.field ? (
            <Alert tone="error" testId="organization-error">
              {t(`errors.${refusal.code}`, { defaultValue: t("errors.UNKNOWN") })}
            </Alert>
          ) : null}
          <OrganizationFields typed={typedOf(actionData)} errors={fieldErrorsOfAnswer(refusal)} withSlug />
          <button type="submit" className={buttonClass("primary", "md")} data-testid="organization-create">
            {t("new.submit")}
          </button>
        </form>
      )}
    </section>
  );
}
