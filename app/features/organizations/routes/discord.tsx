import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { languageFromCookieHeader } from "~/domain/language";
import { maskedWebhookUrl, parseDiscordWebhookUrl } from "~/features/notifications/core/notices";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { enabledChannels } from "~/features/notifications/channels.server";
import { formFields, readForm } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { setOrganizationWebhook } from "../organizations.server";
import { requireOrgMember } from "../operator.server";
import type { Route } from "./+types/discord";

// Plain forms that post; no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

/**
 * The organization's Discord channel (docs/organizations.md "Discord announcements"): a webhook its
 * tournaments announce on (published, results) unless a tournament has its own. Owners and admins
 * set or remove it; the stored address is shown back masked, never whole.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.slug, "edit_organization");
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return {
    organization: { slug: organization.slug, name: organization.name },
    webhook: organization.discordWebhookUrl ? maskedWebhookUrl(organization.discordWebhookUrl) : null,
    /** Whether the platform posts to webhooks at all (DISCORD_WEBHOOKS). */
    posting: enabledChannels().discordWebhook,
    messages: loadMessages(language, ["organizations"]),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { organization, user } = await requireOrgMember(request, params.slug, "edit_organization");
  const fields = formFields(await readForm(request));
  if (!(await withinLimit(db(), "organizationWrite", user.id))) return fail("RATE_LIMITED", 429);
  if (fields.intent === "remove") {
    await setOrganizationWebhook(db(), user.id, organization, null);
    return succeed({ done: "webhookRemoved" });
  }
  if (fields.intent !== "save") return fail("UNKNOWN_INTENT");
  const url = (fields.webhook ?? "").trim();
  if (!parseDiscordWebhookUrl(url)) return fail("WEBHOOK_INVALID", 400, { field: "webhook" });
  await setOrganizationWebhook(db(), user.id, organization, url);
  return succeed({ done: "webhookSaved" });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "organizations", "discord.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function OrganizationDiscordPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("organizations");
  const { organization, webhook, posting } = loaderData;
  const refusal = actionData && !actionData.ok ? (actionData as { code: string; field?: string }) : null;
  const done = actionData?.ok ? (actionData as { done: string }).done : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" data-testid="organization-discord">
      <a href={`/organizations/${organization.slug}/manage`} className="py-2 text-sm text-cyan-300 underline">
        ← {organization.name}
      </a>
      <h1 className="mt-2 text-3xl font-extrabold">{t("discord.title")}</h1>
      <p className="mt-2 text-slate-300">{t("discord.intro")}</p>
      {posting ? null : <p className="mt-2 text-sm text-amber-200">{t("discord.off")}</p>}
      {done ? (
        <Alert tone="success" testId="discord-done">
          {t(`discord.${done}`)}
        </Alert>
      ) : null}
      {refusal && refusal.field !== "webhook" ? (
        <Alert tone="error" testId="discord-error">
          {t(`errors.${refusal.code}`, { defaultValue: t("errors.UNKNOWN") })}
        </Alert>
      ) : null}
      <p className="mt-6 text-sm break-all" data-testid="discord-current">
        {webhook ? t("discord.current", { webhook }) : t("discord.none")}
      </p>
      <form method="post" noValidate className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value="save" />
        <Field
          label={t("discord.webhook")}
          hint={t("discord.hint")}
          error={refusal?.field === "webhook" ? <span data-testid="discord-error-webhook">{t(`errors.${refusal.code}`)}</span> : undefined}
        >
          <Input
            name="webhook"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://discord.com/api/webhooks/…"
            aria-invalid={refusal?.field === "webhook" || undefined}
            data-testid="discord-webhook"
          />
        </Field>
        <button type="submit" className={buttonClass("primary", "md")} data-testid="discord-save">
          {t("discord.save")}
        </button>
      </form>
      {webhook ? (
        <form method="post" className="mt-4">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className={buttonClass("secondary", "md")} data-testid="discord-remove">
            {t("discord.remove")}
          </button>
        </form>
      ) : null}
    </section>
  );
}
