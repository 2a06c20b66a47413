import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { notFoundIfNullish, readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AnswerNotice, PageTitle, cardClass, primaryButton, secondaryButton } from "../components/admin-ui";
import { TournamentFields } from "../components/tournament-fields";
import { staffContext } from "../context.server";
import { minorUnitsText } from "../core/money-input";
import { canMoveTournament, localDateTimeText, type TournamentStatus } from "../core/tournament-form";
import { readTournamentForm } from "../tournament-actions.server";
import {
  TournamentAdminError,
  duplicateTournament,
  findTournamentForStaff,
  setTournamentStatus,
  updateTournament,
} from "../tournaments-admin.server";
import { mailWaitlistAfterCommit } from "~/features/tournaments/waitlist.server";
import type { Route } from "./+types/tournament-edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const tournament = notFoundIfNullish(await findTournamentForStaff(db(), params.tournamentId));
  const done = new URL(request.url).searchParams.get("done");
  return {
    tournament: {
      id: tournament.id,
      status: tournament.status,
      confirmed: tournament.confirmed,
      live: tournament.live,
      values: {
        title: tournament.title,
        game: tournament.game,
        date: tournament.date,
        startTime: tournament.startTime ?? "",
        registrationOpensAt: localDateTimeText(tournament.registrationOpensAt),
        registrationClosesAt: localDateTimeText(tournament.registrationClosesAt),
        capacity: String(tournament.capacity),
        feeKind: tournament.feeAmount === 0 ? "free" : tournament.feeCurrency,
        fee: tournament.feeAmount === 0 ? "" : minorUnitsText(tournament.feeAmount),
        prize: tournament.prize,
        prizeSplit: tournament.prizeSplit.join(", "),
        rules: tournament.rules,
        format: tournament.format,
        badges: tournament.badges,
        image: tournament.image,
      },
    },
    done: done === "created" || done === "duplicated" ? done : null,
    messages,
  };
}

const MOVES: Record<string, TournamentStatus> = { publish: "published", unpublish: "draft", cancel: "cancelled" };

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = params.tournamentId;
  try {
    if (intent === "save") {
      const current = notFoundIfNullish(await findTournamentForStaff(db(), id));
      const read = await readTournamentForm(form, current.confirmed);
      if (!read.ok) return fail(read.code, 400, { field: read.field });
      await updateTournament(db(), staff.id, id, { ...read.values, ...(read.image ? { image: read.image } : {}) });
      // Committed: if it made room, the waiting list hears now.
      await mailWaitlistAfterCommit(db());
      return succeed({ intent });
    }
    if (intent === "duplicate") {
      const copy = await duplicateTournament(db(), staff.id, id);
      return redirect(`/admin/tournaments/${copy.id}?done=duplicated`);
    }
    if (typeof intent === "string" && MOVES[intent]) {
      await setTournamentStatus(db(), staff.id, id, MOVES[intent]!);
      return succeed({ intent });
    }
  } catch (error) {
    if (error instanceof TournamentAdminError) return fail(error.code, error.code === "NOT_FOUND" ? 404 : 409);
    throw error;
  }
  return fail("UNKNOWN_INTENT");
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "tournaments.editTitle")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function EditTournamentPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  const { tournament, done } = loaderData;
  const doneText = actionData?.ok ? t(`tournaments.done.${actionData.intent}`) : done ? t(`tournaments.done.${done}`) : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" data-testid="admin-tournament-edit">
      <PageTitle
        title={t("tournaments.editTitle")}
        subtitle={t(`tournaments.statuses.${tournament.status}`, { defaultValue: tournament.status })}
      />
      {doneText ? <AnswerNotice answer={{ ok: true }} done={doneText} /> : <AnswerNotice answer={actionData} />}
      <div className="mb-4 flex flex-wrap gap-2">
        {(["publish", "unpublish", "cancel"] as const)
          .filter((intent) => canMoveTournament(tournament.status, MOVES[intent]!))
          .map((intent) => (
            <Form key={intent} method="post">
              <input type="hidden" name="intent" value={intent} />
              <button
                type="submit"
                disabled={busy}
                className={intent === "publish" ? primaryButton : secondaryButton}
                data-testid={`t-${intent}`}
              >
                {t(`tournaments.intents.${intent}`)}
              </button>
            </Form>
          ))}
        <Form method="post">
          <input type="hidden" name="intent" value="duplicate" />
          <button type="submit" disabled={busy} className={secondaryButton} data-testid="t-duplicate">
            {t("tournaments.intents.duplicate")}
          </button>
        </Form>
        <Link to={`/admin/tournaments/${tournament.id}/registrations`} className={secondaryButton}>
          {t("tournaments.registrations")} ({tournament.live})
        </Link>
      </div>
      <Form method="post" encType="multipart/form-data" className={`${cardClass} grid gap-4`}>
        <input type="hidden" name="intent" value="save" />
        <TournamentFields values={tournament.values} invalid={actionData && !actionData.ok ? actionData.field : undefined} />
        <p className="text-xs text-slate-400">{t("tournaments.confirmedNote", { count: tournament.confirmed })}</p>
        <button type="submit" disabled={busy} className={primaryButton} data-testid="t-save">
          {t("tournaments.save")}
        </button>
      </Form>
    </section>
  );
}
