import { useTranslation } from "~/lib/i18n-react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Select, TextArea } from "~/components/ui/field";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { membershipOf } from "~/features/plus/plus.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS, parseSupportMessage } from "../support-rules";
import { saveSupportMessage } from "../support.server";
import type { Route } from "./+types/support";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { member } = await membershipOf(db(), user.id);
  return { member, messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["support"]) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const fields = formFields(await readForm(request));
  const parsed = parseSupportMessage(fields);
  const typed = { topic: (fields.topic ?? "").slice(0, 20), message: (fields.message ?? "").slice(0, SUPPORT_MESSAGE_MAX + 10) };
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, ...typed });
  if (!(await withinLimit(db(), "supportMessage", user.id))) return fail("RATE_LIMITED", 429, typed);
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
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : null;
  return (
    <section className="mx-auto max-w-xl px-4 py-12" data-testid="support-page">
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
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <Field label={t("topic")}>
            <Select
              name="topic"
              defaultValue={refusal && "topic" in refusal ? refusal.topic : ""}
              required
              aria-invalid={refusal?.field === "topic" || undefined}
            >
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
              defaultValue={refusal && "message" in refusal ? refusal.message : ""}
              aria-invalid={refusal?.field === "message" || undefined}
            />
          </Field>
          <Button type="submit" disabled={navigation.state !== "idle"} data-testid="support-submit">
            {t("send")}
          </Button>
        </Form>
      )}
    </section>
  );
}
