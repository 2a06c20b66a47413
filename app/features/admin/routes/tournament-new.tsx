import { useTranslation } from "~/lib/i18n-react";
import { Form, redirect, useNavigation } from "react-router";
import { fail, fieldErrorsOfAnswer } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AnswerNotice, PageTitle, cardClass, primaryButton } from "../components/admin-ui";
import { TournamentFields } from "../components/tournament-fields";
import { languageFromCookieHeader } from "~/domain/language";
import { loadMessages } from "~/lib/messages.server";
import { publishTarget } from "~/features/organizations/core/rules";
import { requireTournamentCreator } from "~/features/organizations/operator.server";
import { platformToday } from "~/domain/format";
import { readTournamentForm } from "../tournament-actions.server";
import { createTournament } from "../tournaments-admin.server";
import { poolCommissionPercent } from "~/features/wallet/prize-pools.server";
import type { Route } from "./+types/tournament-new";

const GENERIC_IMAGE = "/images/tournaments/generic.svg";

/**
 * The same form for platform staff (/admin/tournaments/new) and for an organization's owner and
 * admins (/organizations/:slug/manage/tournaments/new, docs/organizations.md): theirs belongs to the
 * organization, and a paid one waits for platform staff before it is published.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireTournamentCreator(request, params);
  // The badges' names are the landing page's (TournamentFields).
  const messages = loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["admin", "landing"]);
  return {
    today: platformToday(),
    messages,
    organization: organization ? { name: organization.name } : null,
    commissionPercent: await poolCommissionPercent(db()),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, organization, base } = await requireTournamentCreator(request, params);
  const form = await readForm(request);
  const read = await readTournamentForm(form);
  if (!read.ok) return fail(read.code, 400, { field: read.field, errors: read.errors });
  // An organizer-funded prize is deposited on the tournament's page before it can be published.
  const publish = form.get("publish") === "on" && read.values.prizeFunding !== "organizer";
  const created = await createTournament(
    db(),
    user.id,
    { ...read.values, image: read.image ?? GENERIC_IMAGE, organizationId: organization?.id ?? null },
    !publish ? "draft" : organization ? publishTarget(read.values.feeAmount) : "published",
    read.event,
  );
  return redirect(`${base}/${created.id}?done=created`);
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "tournaments.new")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function NewTournamentPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" data-testid="admin-tournament-new">
      <PageTitle title={t("tournaments.new")} subtitle={loaderData.organization?.name} />
      <AnswerNotice answer={actionData} />
      <Form method="post" encType="multipart/form-data" className={`${cardClass} grid gap-4`}>
        <TournamentFields
          commissionPercent={loaderData.commissionPercent}
          errors={fieldErrorsOfAnswer(actionData)}
          values={{
            title: "",
            game: "free-fire",
            date: loaderData.today,
            startTime: "19:00",
            registrationOpensAt: "",
            registrationClosesAt: "",
            capacity: "",
            feeKind: "free",
            fee: "",
            prize: "",
            prizeSplit: "",
            rules: "",
            format: "single_elimination",
            thirdPlace: "shared",
            teamSize: "",
            substitutes: "0",
            checkInOpensMinutes: "60",
            checkInClosesMinutes: "15",
            started: false,
            badges: [],
            image: null,
            discordWebhookUrl: "",
            plusOnly: false,
            prizeFunding: "none",
          }}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="publish" data-testid="t-publish" />
          {t("tournaments.publishNow")}
        </label>
        {loaderData.organization ? <p className="text-xs text-slate-400">{t("tournaments.paidNeedsApproval")}</p> : null}
        <button type="submit" disabled={busy} className={primaryButton} data-testid="t-save">
          {t("tournaments.create")}
        </button>
      </Form>
    </section>
  );
}
