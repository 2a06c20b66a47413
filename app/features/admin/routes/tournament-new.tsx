import { useTranslation } from "~/lib/i18n-react";
import { Form, redirect, useNavigation } from "react-router";
import { fail } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AnswerNotice, PageTitle, cardClass, primaryButton } from "../components/admin-ui";
import { TournamentFields } from "../components/tournament-fields";
import { staffContext } from "../context.server";
import { platformToday } from "~/domain/format";
import { readTournamentForm } from "../tournament-actions.server";
import { createTournament } from "../tournaments-admin.server";
import type { Route } from "./+types/tournament-new";

const GENERIC_IMAGE = "/images/tournaments/generic.svg";

export async function loader({ request }: Route.LoaderArgs) {
  // The badges' names are the landing page's (TournamentFields).
  const { messages } = await staffContext(request, ["landing"]);
  return { today: platformToday(), messages };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const form = await readForm(request);
  const read = await readTournamentForm(form);
  if (!read.ok) return fail(read.code, 400, { field: read.field });
  const created = await createTournament(
    db(),
    staff.id,
    { ...read.values, image: read.image ?? GENERIC_IMAGE },
    form.get("publish") === "on" ? "published" : "draft",
    read.event,
  );
  return redirect(`/admin/tournaments/${created.id}?done=created`);
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
      <PageTitle title={t("tournaments.new")} />
      <AnswerNotice answer={actionData} />
      <Form method="post" encType="multipart/form-data" className={`${cardClass} grid gap-4`}>
        <TournamentFields
          invalid={actionData && !actionData.ok ? actionData.field : undefined}
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
            teamSize: "",
            substitutes: "0",
            checkInOpensMinutes: "60",
            checkInClosesMinutes: "15",
            started: false,
            badges: [],
            image: null,
            discordWebhookUrl: "",
            plusOnly: false,
          }}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="publish" data-testid="t-publish" />
          {t("tournaments.publishNow")}
        </label>
        <button type="submit" disabled={busy} className={primaryButton} data-testid="t-save">
          {t("tournaments.create")}
        </button>
      </Form>
    </section>
  );
}
