import { data } from "react-router";
import { Alert } from "~/components/ui/alert";
import { DeadLinkPage } from "~/components/ui/dead-link-page";
import { buttonClass } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { fail, failWith, succeed, typedOf } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, isWellFormedId, readForm, typedFields } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { parseIgn } from "../core/rules";
import { TeamError, acceptInvite, findInvite } from "../teams.server";
import type { Route } from "./+types/join";

// Accepting an invite link: one plain form (docs/decisions/002). Signed-in people only: visitors sign in and come back here.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const messages = loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["teams"]);
  const invite = isWellFormedId(params.token) ? await findInvite(db(), params.token) : null;
  // An unknown link says so on a page of its own, with a 404 status; used and expired ones say which.
  if (!invite) return data({ invite: null, messages }, { status: 404 });
  return {
    invite: {
      teamId: invite.teamId,
      teamName: invite.teamName,
      teamTag: invite.teamTag,
      game: invite.game,
      state: invite.state,
      email: invite.email,
    },
    messages,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!isWellFormedId(params.token)) return fail("NOT_FOUND", 404);
  const form = await readForm(request);
  const typed = typedFields(form, (name) => name === "ign", 60);
  const ign = parseIgn(formFields(form).ign);
  if (!ign) return fail("IGN_REQUIRED", 400, { field: "ign", typed });
  try {
    const joined = await acceptInvite(db(), { token: params.token, userId: user.id, email: user.email, ign });
    return succeed({ teamId: joined.teamId });
  } catch (error) {
    if (error instanceof TeamError) return failWith(error, { typed });
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "teams", "join.pageTitle")} · Arena LATAM` }];
}

export default function JoinTeamPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("teams");
  const { invite } = loaderData;
  const typed = typedOf(actionData);
  const refusal = actionData && !actionData.ok ? actionData : null;

  if (!invite) {
    return (
      <DeadLinkPage testId="join-page" title={t("join.pageTitle")} alertTestId="join-state">
        {t("join.notFound")}
      </DeadLinkPage>
    );
  }
  const gameName = GAMES[invite.game as keyof typeof GAMES]?.name ?? invite.game;
  return (
    <section className="mx-auto max-w-xl px-4 py-16" data-testid="join-page">
      <h1 className="text-3xl font-extrabold break-words">{t("join.title", { team: invite.teamName })}</h1>
      {actionData?.ok ? (
        <>
          <Alert tone="success" testId="join-done">
            {t("join.joined", { team: invite.teamName })}
          </Alert>
          <a href={`/teams/${actionData.teamId}`} className={buttonClass("primary", "md", "mt-6 inline-flex")} data-testid="join-go-team">
            {t("join.goTeam")}
          </a>
        </>
      ) : invite.state !== "valid" ? (
        <Alert tone="error" testId="join-state">
          {t(`join.${invite.state}`)}
        </Alert>
      ) : (
        <>
          <p className="mt-2 text-slate-300">{t("join.text", { game: gameName })}</p>
          {invite.email ? <p className="mt-2 text-sm text-slate-400">{t("join.forEmail", { email: invite.email })}</p> : null}
          {refusal && refusal.field !== "ign" ? (
            <Alert tone="error" testId="join-error">
              {t(`errors.${refusal.code}`)}
            </Alert>
          ) : null}
          <form method="post" noValidate className="mt-6 flex flex-col gap-4" data-testid="join-form">
            <Field
              label={t("join.ign")}
              error={refusal?.field === "ign" ? <span data-testid="join-ign-error">{t(`errors.${refusal.code}`)}</span> : undefined}
            >
              <Input
                name="ign"
                maxLength={40}
                defaultValue={typed.ign ?? ""}
                aria-invalid={refusal?.field === "ign" ? true : undefined}
                data-testid="join-ign"
              />
            </Field>
            <button type="submit" className={buttonClass("primary", "md")} data-testid="join-submit">
              {t("join.submit")}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
