import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { FAVORITE_GAMES, DEFAULT_FAVORITE_GAME } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { AGE_OPTIONS, DEFAULT_AGE, parseProfile } from "~/domain/profile";
import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { findProfile, saveProfile } from "../accounts.server";
import { withinLimit } from "~/lib/rate-limit.server";
import { env } from "~/lib/env.server";
import { queueMail } from "~/lib/mail-outbox.server";
import { welcomeMail } from "../auth.server";
import { requireUser } from "../session.server";
import { safeRedirectTarget } from "~/domain/redirect";
import { fail, succeed, typedOf } from "~/lib/answer";
import { readForm, typedFields } from "~/lib/http.server";
import type { RouteHandle } from "~/root";
import { discordRoleOf } from "~/features/plus/discord-role.server";
import { membershipOf } from "~/features/plus/plus.server";
import { DiscordRoleStatus } from "~/features/plus/components/discord-role-status";
import type { Route } from "./+types/profile";

// A plain form (the server checks it and answers with what was typed): no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { TimedRedirect } from "~/components/ui/timed-redirect";

/** SPEC §4: after saving (or a failed save) the user goes on after 4 s. */
export const PROFILE_REDIRECT_SECONDS = 4;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = await findProfile(db(), user.id);
  const url = new URL(request.url);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return {
    email: user.email,
    fullname: profile?.name ?? "",
    age: profile?.age ?? DEFAULT_AGE,
    favoriteGame: profile?.favoriteGame ?? DEFAULT_FAVORITE_GAME,
    redirectTo: safeRedirectTarget(url.searchParams.get("redirectTo")),
    // The Plus premium role on Discord (docs/plus.md): linked or not, granted or on its way.
    discordRole: await discordRoleOf(db(), user.id, (await membershipOf(db(), user.id)).member),
    messages: loadMessages(language, ["auth", "plus"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Per account, before anything is read or checked: a form anyone signed in can post in a loop.
  if (!(await withinLimit(db(), "profileSave", user.id))) return fail("PROFILE_RATE_LIMITED", 429, { field: "" });
  const form = await readForm(request);
  const redirectTo = safeRedirectTarget(form.get("redirectTo"));

  // The form never carries a user id: one that is sent and is not the session's is forged.
  const claimedUserId = form.get("userId");
  if (claimedUserId !== null && claimedUserId !== user.id) return fail("FORGED_USER", 403, { field: "email" });

  const values = {
    email: form.get("email"),
    fullname: form.get("fullname"),
    age: form.get("age"),
    favoriteGame: form.get("favoriteGame"),
  };
  const typed = typedFields(form, (name) => name in values, 200);
  const parsed = parseProfile(values);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, typed });
  const { profile } = parsed;
  // One answer for any other address, whether or not it has an account: the form must not tell a
  // signed-in user which e-mails are registered here (docs/reliability.md "Hostile user").
  if (profile.email !== user.email) return fail("EMAIL_MISMATCH", 400, { field: "email", typed });

  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  try {
    // The welcome mail is queued with the profile it welcomes (the outbox delivers it, with retries).
    await db().transaction(async (tx) => {
      await saveProfile(tx, user.id, profile, language);
      await queueMail(tx, "auth.welcome", welcomeMail(user.email, profile.fullname, language, env().publicUrl));
    });
  } catch (error) {
    log.error("profile not saved", { userId: user.id, error: String(error) });
    // SPEC: the user still goes on after 4 s, told what went wrong.
    return fail("SIGNUP_ERROR", 500, { detail: String((error as Error).message ?? error), redirectTo });
  }
  return succeed({ redirectTo });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "auth", "profile.pageTitle")} · Arena LATAM` }];
}

const fieldClass = "rounded-lg border border-slate-500 bg-slate-900 px-4 py-3 text-slate-100 focus:border-cyan-400";

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("auth");
  const refusal = actionData && !actionData.ok ? actionData : null;
  const invalid = refusal && !("redirectTo" in refusal) ? { code: refusal.code, field: refusal.field ?? "" } : null;
  const typed = typedOf(actionData);
  const failed = refusal && "redirectTo" in refusal ? refusal : null;
  const finished = actionData?.ok ? actionData : failed;

  return (
    <section className="mx-auto max-w-md px-4 py-14" data-testid="profile-page">
      <h1 className="text-3xl font-extrabold">{t("profile.title")}</h1>
      <p className="mt-2 text-slate-400">{t("profile.subtitle")}</p>
      <DiscordRoleStatus state={loaderData.discordRole} className="mt-4" back="/auth/profile" />

      {actionData?.ok ? (
        <Alert tone="success" testId="profile-saved">
          {t("profile.saved")}
        </Alert>
      ) : null}
      {failed ? (
        <Alert tone="error" testId="profile-error">
          {t(`errors.${failed.code}`, { detail: failed.detail })} {t("profile.redirecting")}
        </Alert>
      ) : null}
      {finished ? <TimedRedirect to={finished.redirectTo} seconds={PROFILE_REDIRECT_SECONDS} /> : null}
      {invalid ? (
        <Alert tone="error" testId="profile-error">
          {t(`errors.${invalid.code}`)}
        </Alert>
      ) : null}

      <form method="post" noValidate className="mt-6 flex flex-col gap-4" {...dataAttr(DataAttr.sending, t("profile.sending"))}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          {t("profile.email")}
          <input
            name="email"
            type="email"
            defaultValue={typed.email ?? loaderData.email}
            autoComplete="email"
            className={fieldClass}
            aria-invalid={invalid?.field === "email" || undefined}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          {t("profile.fullname")}
          <input
            name="fullname"
            defaultValue={typed.fullname ?? loaderData.fullname}
            autoComplete="name"
            maxLength={120}
            className={fieldClass}
            aria-invalid={invalid?.field === "fullname" || undefined}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          {t("profile.age")}
          <select
            name="age"
            defaultValue={typed.age ?? String(loaderData.age)}
            className={fieldClass}
            aria-invalid={invalid?.field === "age" || undefined}
          >
            {AGE_OPTIONS.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          {t("profile.favoriteGame")}
          <select name="favoriteGame" defaultValue={typed.favoriteGame ?? loaderData.favoriteGame} className={fieldClass}>
            {FAVORITE_GAMES.map((game) => (
              <option key={game} value={game}>
                {t(`games.${game}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={Boolean(finished)} className={buttonClass("primary", "md", "mt-2")}>
          {t("profile.submit")}
        </button>
      </form>
    </section>
  );
}
