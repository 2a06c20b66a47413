import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Select, TextArea } from "~/components/ui/field";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { membershipOf } from "~/features/plus/plus.server";
import { fail, succeed, typedOf } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import livePageScript from "~/browser/live-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS, parseSupportMessage } from "../support-rules";
import { saveSupportMessage } from "../support.server";
import type { Route } from "./+types/support";

// One plain form: the server checks it and answers with the page (what was typed kept), so no React
// runtime (docs/decisions/002); the live page module (app/browser/live-page.ts) posts it in place.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { member } = await membershipOf(db(), user.id);
  return { member, messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["support"]) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const parsed = parseSupportMessage(formFields(form));
  // A little over the limit, so a message refused as too long comes back as typed, not silently cut to fit.
  const typed = typedFields(form, (name) => name === "topic" || name === "message", SUPPORT_MESSAGE_MAX + 10);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, typed });
  if (!(await withinLimit(db(), "supportMessage", user.id))) return fail("RATE_LIMITED", 429, { typed });
  // Members are flagged once, when they write: the staff list puts them first.
  const { member } = await membershipOf(db(), user.id);
  await saveSupportMessage(db(), { userId: user.id, email: user.email, topic: parsed.topic, message: parsed.message, priority: member });
  return succeed({ priority: member });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "support", "pageTitle")} · Arena LATAM` }];
}

export default function SupportPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("support");
  const refusal = actionData && !actionData.ok ? actionData : null;
  const typed = typedOf(actionData);
  return (
    <>
      <section className="mx-auto max-w-xl px-4 py-12" data-testid="support-page" {...dataAttr(DataAttr.swap)}>
        <h1 className="text-3xl font-extrabold">{t("title")}</h1>
        <p className="mt-2 text-slate-300">{loaderData.member ? t("priority") : t("subtitle")}</p>
        {actionData?.ok ? (
          <Alert tone="success" testId="support-sent">
            {actionData.priority ? t("sentPriority") : t("sent")}
          </Alert>
        ) : null}
        {refusal ? (
          <Alert tone="error" testId="support-error">
            {t(`errors.${refusal.code}`, { max: SUPPORT_MESSAGE_MAX })}
          </Alert>
        ) : null}
        {actionData?.ok ? null : (
          <form method="post" className="mt-6 flex flex-col gap-4" {...dataAttr(DataAttr.sending, t("sending"))}>
            <Field label={t("topic")}>
              <Select name="topic" defaultValue={typed.topic ?? ""} required aria-invalid={refusal?.field === "topic" || undefined}>
                <option value="" disabled>
                  {t("chooseTopic")}
                </option>
                {SUPPORT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t(`topics.${topic}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("message")} hint={t("messageHint", { max: SUPPORT_MESSAGE_MAX })}>
              <TextArea
                name="message"
                rows={6}
                maxLength={SUPPORT_MESSAGE_MAX}
                required
                defaultValue={typed.message ?? ""}
                aria-invalid={refusal?.field === "message" || undefined}
              />
            </Field>
            <Button type="submit" data-testid="support-submit">
              {t("send")}
            </Button>
          </form>
        )}
      </section>
      <InlineScript source={livePageScript} />
    </>
  );
}
