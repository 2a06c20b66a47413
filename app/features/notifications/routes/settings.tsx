import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { fail, succeed, typedOf } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { enabledChannels } from "../channels.server";
import { ChannelFieldset } from "../components/channel-fieldset";
import { parsePreferencesForm, type PreferencesError } from "../core/preferences-form";
import { findPreferences, savePreferences } from "../notify.server";
import type { Route } from "./+types/settings";

// A plain form: no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const preferences = await findPreferences(db(), user.id);
  const enabled = enabledChannels();
  return {
    email: user.email,
    preferences,
    enabled: { whatsapp: enabled.whatsapp, discord: enabled.discordDm },
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["notifications"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!(await withinLimit(db(), "profileSave", user.id))) return fail("RATE_LIMITED", 429);
  const form = await readForm(request);
  const fields = formFields(form);
  const typed = typedFields(form, (name) => name === "whatsappNumber" || name === "discordUserId", 100);
  const parsed = parsePreferencesForm(fields);
  if (!parsed.ok) return fail(parsed.errors[0]!.code, 400, { field: parsed.errors[0]!.field, errors: parsed.errors, typed });
  // Only the signed-in player's own row: the form carries no user id.
  await savePreferences(db(), user.id, parsed.preferences, languageFromCookieHeader(request.headers.get("Cookie")));
  return succeed({ saved: true });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "notifications", "settings.pageTitle")} · Arena LATAM` }];
}

export default function NoticeSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("notifications");
  const typed = typedOf(actionData);
  const errors: PreferencesError[] =
    actionData && !actionData.ok && "errors" in actionData ? (actionData.errors as PreferencesError[]) : [];
  const errorOf = (field: string) => errors.find((error) => error.field === field);
  const errorText = (field: string) => {
    const error = errorOf(field);
    return error ? t(`errors.${error.code}`) : undefined;
  };
  const refused = actionData && !actionData.ok && errors.length === 0 ? actionData.code : null;
  const { preferences, enabled } = loaderData;
  const off = <span className="text-xs font-normal text-amber-300">{t("settings.channelOff")}</span>;
  const channels = [
    {
      legend: "WhatsApp",
      toggle: "whatsappOn",
      toggleTestId: "whatsapp-on",
      address: "whatsappNumber",
      addressTestId: "whatsapp-number",
      hint: "settings.whatsappHint",
      input: { type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 30 },
      saved: preferences.whatsappNumber ? `+${preferences.whatsappNumber}` : "",
      enabled: enabled.whatsapp,
    },
    {
      legend: "Discord",
      toggle: "discordOn",
      toggleTestId: "discord-on",
      address: "discordUserId",
      addressTestId: "discord-user-id",
      hint: "settings.discordHint",
      input: { inputMode: "numeric", maxLength: 20 },
      saved: preferences.discordUserId ?? "",
      enabled: enabled.discord,
    },
  ] as const;

  return (
    <section className="mx-auto max-w-md px-4 py-14" data-testid="notice-settings">
      <h1 className="text-3xl font-extrabold">{t("settings.title")}</h1>
      <p className="mt-2 text-slate-400">{t("settings.subtitle")}</p>
      {actionData?.ok ? (
        <Alert tone="success" testId="notice-settings-saved">
          {t("settings.saved")}
        </Alert>
      ) : null}
      {refused ? (
        <Alert tone="error" testId="notice-settings-error">
          {t(`errors.${refused}`)}
        </Alert>
      ) : null}
      <form method="post" noValidate className="mt-6 flex flex-col gap-5" {...dataAttr(DataAttr.sending, t("settings.submit"))}>
        <p className="text-sm text-slate-300">{t("settings.email", { email: loaderData.email })}</p>
        {channels.map((channel) => (
          <ChannelFieldset
            key={channel.address}
            legend={channel.legend}
            toggle={{
              name: channel.toggle,
              checked: preferences[channel.toggle],
              testId: channel.toggleTestId,
              label: t(`settings.${channel.toggle}`),
            }}
            field={{ label: t(`settings.${channel.address}`), hint: t(channel.hint), error: errorText(channel.address) }}
            offNote={channel.enabled ? null : off}
          >
            <Input
              name={channel.address}
              {...channel.input}
              defaultValue={typed[channel.address] ?? channel.saved}
              aria-invalid={Boolean(errorOf(channel.address)) || undefined}
              data-testid={channel.addressTestId}
            />
          </ChannelFieldset>
        ))}
        <button type="submit" className={buttonClass("primary", "md")} data-testid="notice-settings-submit">
          {t("settings.submit")}
        </button>
      </form>
    </section>
  );
}
