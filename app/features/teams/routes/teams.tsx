import type { InputHTMLAttributes } from "react";
import { redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { fail, succeed, typedOf } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { TEAM_COUNTRIES, parseHandle, parseTeamForm, startersOf } from "../core/rules";
import { TeamError, createTeam, handleOf, listTeamsOfUser, setHandle } from "../teams.server";
import { TeamBadge } from "../components/team-badge";
import { isUploadedLogo } from "../core/logo";
import type { Route } from "./+types/teams";

// Plain forms that post; no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

const GAME_IDS = Object.keys(GAMES) as (keyof typeof GAMES)[];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [teams, playerHandle] = await Promise.all([listTeamsOfUser(db(), user.id), handleOf(db(), user.id)]);
  return {
    teams,
    handle: playerHandle,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["teams"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const fields = formFields(form);
  if (fields.intent === "handle") {
    const typed = typedFields(form, (name) => name === "handle", 40);
    const parsed = parseHandle(fields.handle);
    if (!parsed.ok) return fail(parsed.code, 400, { field: "handle", typed });
    if (!(await withinLimit(db(), "profileSave", user.id))) return fail("RATE_LIMITED", 429, { typed });
    try {
      await setHandle(db(), user.id, parsed.handle);
    } catch (error) {
      if (error instanceof TeamError) return fail(error.code, 409, { field: "handle", typed });
      throw error;
    }
    return succeed({ outcome: "handle" as const });
  }
  const typed = typedFields(form, (name) => ["game", "name", "tag", "country", "logoUrl", "ign"].includes(name), 300);
  const parsed = parseTeamForm(fields);
  if (!parsed.ok) return fail(Object.values(parsed.errors)[0]!, 400, { errors: parsed.errors, typed });
  if (!(await withinLimit(db(), "teamWrite", user.id))) return fail("RATE_LIMITED", 429, { typed });
  try {
    const { id } = await createTeam(db(), user.id, parsed.team);
    return redirect(`/teams/${id}?created=1`);
  } catch (error) {
    if (error instanceof TeamError) return fail(error.code, 409, { errors: { name: error.code }, typed });
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "teams", "pageTitle")} · Arena LATAM` }];
}

export default function TeamsPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("teams");
  const typed = typedOf(actionData);
  const refusal = actionData && !actionData.ok ? actionData : null;
  const handleRefusal = refusal && refusal.field === "handle" ? refusal.code : null;
  const errors: Record<string, string> = refusal && "errors" in refusal ? (refusal.errors as Record<string, string>) : {};
  const formRefusal = refusal && !refusal.field && !("errors" in refusal) ? refusal.code : null;
  const handleSaved = actionData?.ok && actionData.outcome === "handle";
  const error = (name: string) =>
    errors[name] ? <span data-testid={`team-error-${name}`}>{t(`errors.${errors[name]}`)}</span> : undefined;
  // A text field of the new-team form: refilled with what was typed, with its own error under it.
  const teamInput = (
    name: string,
    { hint, testId, ...input }: InputHTMLAttributes<HTMLInputElement> & { hint?: string; testId?: string },
  ) => (
    <Field label={t(`create.${name}`)} hint={hint} error={error(name)}>
      <Input name={name} defaultValue={typed[name] ?? ""} aria-invalid={errors[name] ? true : undefined} data-testid={testId} {...input} />
    </Field>
  );

  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="teams-page">
      <h1 className="text-3xl font-extrabold">{t("title")}</h1>
      <p className="mt-2 text-slate-300">{t("subtitle")}</p>
      {formRefusal ? (
        <Alert tone="error" testId="teams-error">
          {t(`errors.${formRefusal}`)}
        </Alert>
      ) : null}

      <h2 className="mt-10 text-2xl font-extrabold">{t("mine")}</h2>
      {loaderData.teams.length === 0 ? (
        <p className="mt-3 text-slate-400" data-testid="teams-empty">
          {t("mineEmpty")}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" data-testid="my-teams">
          {loaderData.teams.map((team) => (
            <li key={team.id} className="rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="my-team">
              <a
                href={`/teams/${team.id}`}
                className="inline-flex items-center gap-2 text-lg font-bold break-words text-cyan-300 underline"
              >
                {isUploadedLogo(team.logoUrl) ? <TeamBadge tag={team.tag} logoUrl={team.logoUrl} /> : null}
                <span>
                  [{team.tag}] {team.name}
                </span>
              </a>
              <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-300">
                <span>{GAMES[team.game as keyof typeof GAMES]?.name ?? team.game}</span>
                <span>{t(`roles.${team.role}`, { defaultValue: team.role })}</span>
                <span>{t("members", { count: team.members })}</span>
                {team.captain ? <span className="font-semibold text-amber-300">{t("captainBadge")}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-12 text-2xl font-extrabold">{t("create.title")}</h2>
      <form method="post" noValidate className="mt-4 flex flex-col gap-4" data-testid="create-team-form">
        <input type="hidden" name="intent" value="create" />
        <Field label={t("create.game")} error={error("game")}>
          <Select name="game" defaultValue={typed.game ?? ""} aria-invalid={errors.game ? true : undefined} data-testid="team-game">
            <option value="" disabled>
              {t("create.chooseGame")}
            </option>
            {GAME_IDS.map((game) => (
              <option key={game} value={game}>
                {t("create.size", { game: GAMES[game].name, count: startersOf(game) })}
              </option>
            ))}
          </Select>
        </Field>
        {teamInput("name", { maxLength: 40, testId: "team-name" })}
        {teamInput("tag", { hint: t("create.tagHint"), maxLength: 5, autoCapitalize: "characters", testId: "team-tag" })}
        <Field label={t("create.country")} error={error("country")}>
          <Select
            name="country"
            defaultValue={typed.country ?? "VE"}
            aria-invalid={errors.country ? true : undefined}
            data-testid="team-country"
          >
            {TEAM_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`countries.${country}`)}
              </option>
            ))}
          </Select>
        </Field>
        {teamInput("logoUrl", { type: "url", inputMode: "url", maxLength: 300 })}
        {teamInput("ign", { hint: t("create.ignHint"), maxLength: 40, testId: "team-ign" })}
        <button type="submit" className={buttonClass("primary", "md")} data-testid="create-team-submit">
          {t("create.submit")}
        </button>
      </form>

      <h2 id="handle" className="mt-12 scroll-mt-20 text-2xl font-extrabold">
        {t("handle.title")}
      </h2>
      <p className="mt-2 text-sm text-slate-300">{t("handle.text")}</p>
      {handleSaved ? (
        <Alert tone="success" testId="handle-saved">
          {t("handle.saved")}
        </Alert>
      ) : null}
      <form method="post" noValidate className="mt-4 flex flex-col gap-4" data-testid="handle-form">
        <input type="hidden" name="intent" value="handle" />
        <Field
          label={t("handle.label")}
          hint={t("handle.hint")}
          error={handleRefusal ? <span data-testid="handle-error">{t(`errors.${handleRefusal}`)}</span> : undefined}
        >
          <Input
            name="handle"
            maxLength={20}
            autoCapitalize="none"
            defaultValue={typed.handle ?? loaderData.handle ?? ""}
            aria-invalid={handleRefusal ? true : undefined}
            data-testid="handle-input"
          />
        </Field>
        <button type="submit" className={buttonClass("secondary", "md")} data-testid="handle-submit">
          {t("handle.submit")}
        </button>
      </form>
      {loaderData.handle ? (
        <a href={`/players/${loaderData.handle}`} className="mt-4 inline-block py-2 text-cyan-300 underline" data-testid="my-profile-link">
          {t("handle.view")}
        </a>
      ) : null}
      <a href="/account/profile" className="mt-2 block py-2 text-cyan-300 underline" data-testid="profile-settings-link">
        {t("handle.settings")}
      </a>
    </section>
  );
}
