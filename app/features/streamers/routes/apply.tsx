import { redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field, Input, TextArea } from "~/components/ui/field";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { fail, failWith, typedOf } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { BIO_MAX, PLATFORMS, mayMove, parseApplication } from "../core/rules";
import { StreamerError, applyAsStreamer, findMine } from "../streamers.server";
import type { Route } from "./+types/apply";

// "Conviértete en streamer": one plain form (docs/decisions/002). Signed-in people only: visitors sign in and come back here.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const mine = await findMine(db(), user.id);
  return {
    mine: mine
      ? {
          handle: mine.handle,
          status: mine.status,
          refusalReason: mine.refusalReason,
          bio: mine.bio,
          games: mine.games,
          channels: mine.channels,
          mayApply: mayMove(mine.status, "applied"),
        }
      : null,
    applied: new URL(request.url).searchParams.get("applied") === "1",
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["streamers"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const typed = typedFields(form, (name) => name === "handle" || name === "bio" || name.startsWith("channel-"), 600);
  const games = form.getAll("games").map(String);
  const parsed = parseApplication(formFields(form), games);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, typed });
  if (!(await withinLimit(db(), "streamerWrite", user.id))) return fail("RATE_LIMITED", 429, { typed });
  try {
    await applyAsStreamer(db(), user.id, parsed.value);
    return redirect("/streamers/apply?applied=1");
  } catch (error) {
    if (error instanceof StreamerError) return failWith(error, { typed, field: error.code === "HANDLE_TAKEN" ? "handle" : undefined });
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "streamers", "apply.pageTitle")} · Arena LATAM` }];
}

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("streamers");
  const { mine } = loaderData;
  const typed = typedOf(actionData);
  const refusal = actionData && !actionData.ok ? actionData : null;
  const errorFor = (field: string) =>
    refusal?.field === field ? <span data-testid={`apply-error-${field}`}>{t(`errors.${refusal.code}`)}</span> : undefined;
  const showForm = !mine || mine.mayApply;
  return (
    <section className="mx-auto max-w-xl px-4 py-12" data-testid="apply-page">
      <h1 className="text-3xl font-extrabold">{t("apply.title")}</h1>
      <p className="mt-2 text-slate-300">{t("apply.intro")}</p>
      {loaderData.applied ? (
        <Alert tone="success" testId="apply-done" className="mt-6">
          {t("apply.done")}
        </Alert>
      ) : null}
      {mine ? (
        <div className="mt-6 rounded-xl border border-slate-800 p-4" data-testid="apply-status">
          <p className="font-semibold">
            {t("apply.statusLabel")} <span data-testid="apply-status-value">{t(`status.${mine.status}`)}</span>
          </p>
          {mine.status === "refused" && mine.refusalReason ? (
            <p className="mt-2 text-sm text-slate-300" data-testid="apply-refusal">
              {t("apply.reason", { reason: mine.refusalReason })}
            </p>
          ) : null}
          {mine.status === "approved" ? (
            <a href={`/streamers/${mine.handle}`} className={buttonClass("primary", "md", "mt-4 inline-flex")} data-testid="apply-go-page">
              {t("apply.goPage")}
            </a>
          ) : null}
        </div>
      ) : null}
      {showForm ? (
        <>
          {refusal && !refusal.field ? (
            <Alert tone="error" testId="apply-error" className="mt-6">
              {t(`errors.${refusal.code}`)}
            </Alert>
          ) : null}
          <form method="post" noValidate className="mt-6 flex flex-col gap-4" data-testid="apply-form">
            <Field label={t("apply.handle")} hint={t("apply.handleHint")} error={errorFor("handle")}>
              <Input
                name="handle"
                maxLength={20}
                autoComplete="off"
                defaultValue={typed.handle ?? mine?.handle ?? ""}
                aria-invalid={refusal?.field === "handle" ? true : undefined}
                data-testid="apply-handle"
              />
            </Field>
            {PLATFORMS.map((platform) => (
              <Field
                key={platform}
                label={t(`platforms.${platform}`)}
                hint={t(`apply.example.${platform}`)}
                error={errorFor(`channel-${platform}`)}
              >
                <Input
                  name={`channel-${platform}`}
                  type="url"
                  inputMode="url"
                  maxLength={200}
                  defaultValue={typed[`channel-${platform}`] ?? mine?.channels.find((channel) => channel.platform === platform)?.url ?? ""}
                  aria-invalid={refusal?.field === `channel-${platform}` ? true : undefined}
                  data-testid={`apply-channel-${platform}`}
                />
              </Field>
            ))}
            <fieldset className="flex flex-col gap-2" data-testid="apply-games">
              <legend className="text-sm font-semibold">{t("apply.games")}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {Object.entries(GAMES).map(([id, game]) => (
                  <label key={id} className="inline-flex min-h-6 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-6 w-6"
                      name="games"
                      value={id}
                      defaultChecked={mine?.games.includes(id)}
                      data-testid={`apply-game-${id}`}
                    />
                    {game.name}
                  </label>
                ))}
              </div>
              {refusal?.field === "games" ? (
                <span role="alert" className="text-xs text-rose-300" data-testid="apply-error-games">
                  {t(`errors.${refusal.code}`)}
                </span>
              ) : null}
            </fieldset>
            <Field label={t("apply.bio")} hint={t("apply.bioHint", { max: BIO_MAX })} error={errorFor("bio")}>
              <TextArea name="bio" rows={4} maxLength={BIO_MAX} defaultValue={typed.bio ?? mine?.bio ?? ""} data-testid="apply-bio" />
            </Field>
            <button type="submit" className={buttonClass("primary", "md")} data-testid="apply-submit">
              {t("apply.submit")}
            </button>
          </form>
        </>
      ) : null}
    </section>
  );
}
