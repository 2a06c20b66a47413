import { DataAttr, dataAttr } from "~/browser/attributes";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { parseProfileChoices } from "../core/privacy";
import { findProfileSettings, saveProfileSettings } from "../teams.server";
import type { Route } from "./+types/profile-settings";

// The player's choices of what their public profile shows. A plain form: no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

/** The parts of the profile a player may show or hide, one checkbox row each. */
const SHOWN_CHOICES = [
  { name: "showsTeams", testId: "shows-teams", label: "privacy.showsTeams" },
  { name: "showsTournaments", testId: "shows-tournaments", label: "privacy.showsTournaments" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Only the signed-in player's own settings and store IDs: the page takes no user id.
  const settings = notFoundIfNullish(await findProfileSettings(db(), user.id));
  return { settings, messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["teams"]) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!(await withinLimit(db(), "profileSave", user.id))) return fail("RATE_LIMITED", 429);
  const form = await readForm(request);
  const parsed = parseProfileChoices(formFields(form), form.getAll("showId").map(String));
  if (!parsed.ok) return fail(parsed.code, 400);
  await saveProfileSettings(db(), user.id, parsed.choices);
  return succeed({ saved: true });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "teams", "privacy.pageTitle")} · Arena LATAM` }];
}

export default function ProfileSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("teams");
  const { settings } = loaderData;
  const refused = actionData && !actionData.ok ? actionData.code : null;
  return (
    <section className="mx-auto max-w-md px-4 py-12" data-testid="profile-settings">
      <h1 className="text-3xl font-extrabold">{t("privacy.title")}</h1>
      <p className="mt-2 text-slate-300">{t("privacy.subtitle")}</p>
      {actionData?.ok ? (
        <Alert tone="success" testId="profile-settings-saved">
          {t("privacy.saved")}
        </Alert>
      ) : null}
      {refused ? (
        <Alert tone="error" testId="profile-settings-error">
          {t(`errors.${refused}`)}
        </Alert>
      ) : null}
      {settings.handle ? (
        <a
          href={`/players/${settings.handle}`}
          className="mt-4 inline-block py-2 text-cyan-300 underline"
          data-testid="profile-settings-view"
        >
          {t("privacy.view", { handle: settings.handle })}
        </a>
      ) : (
        <p className="mt-4 text-sm text-amber-300" data-testid="profile-settings-no-handle">
          {t("privacy.noHandle")}{" "}
          <a href="/teams#handle" className="text-cyan-300 underline">
            {t("privacy.chooseHandle")}
          </a>
        </p>
      )}
      <form method="post" noValidate className="mt-6 flex flex-col gap-5" {...dataAttr(DataAttr.sending, t("privacy.submit"))}>
        <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-700 p-4">
          <legend className="px-1 font-bold">{t("privacy.shown")}</legend>
          {SHOWN_CHOICES.map(({ name, testId, label }) => (
            <label key={name} className="flex items-center gap-3 py-1 text-sm font-semibold">
              <input type="checkbox" name={name} defaultChecked={settings[name]} className="size-5 shrink-0" data-testid={testId} />
              {t(label)}
            </label>
          ))}
          <p className="text-xs text-slate-400">{t("privacy.never")}</p>
        </fieldset>
        <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-700 p-4" data-testid="profile-ids">
          <legend className="px-1 font-bold">{t("privacy.ids")}</legend>
          <p className="text-xs text-slate-400">{t("privacy.idsHint")}</p>
          {settings.ids.length === 0 ? (
            <p className="text-sm text-slate-300" data-testid="profile-ids-empty">
              {t("privacy.idsEmpty")}{" "}
              <a href="/store" className="text-cyan-300 underline">
                {t("privacy.store")}
              </a>
            </p>
          ) : (
            settings.ids.map((id) => (
              <label key={id.id} className="flex items-center gap-3 py-1 text-sm break-all">
                <input
                  type="checkbox"
                  name="showId"
                  value={id.id}
                  defaultChecked={id.onProfile}
                  className="size-5 shrink-0"
                  data-testid="show-id"
                />
                <span>
                  <span className="font-semibold">{GAMES[id.game as keyof typeof GAMES]?.name ?? id.game}</span> · {id.playerId}
                  {id.zone ? ` (${id.zone})` : ""}
                  {id.gamerName ? <span className="text-slate-400"> · {id.gamerName}</span> : null}
                </span>
              </label>
            ))
          )}
        </fieldset>
        <button type="submit" className={buttonClass("primary", "md")} data-testid="profile-settings-submit">
          {t("privacy.submit")}
        </button>
      </form>
    </section>
  );
}
