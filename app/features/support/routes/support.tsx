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
import { formFields, isWellFormedId, readForm, typedFields } from "~/lib/http.server";
import livePageScript from "~/browser/live-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS, parseSupportMessage } from "../support-rules";
import { findSupportSubject, listMessagesOfUser, saveSupportMessage, type SupportSubject } from "../support.server";
import type { Route } from "./+types/support";
import { SupportThread } from "../components/support-thread";

// One plain form: the server checks it and answers with the page (what was typed kept), so no React
// runtime (docs/decisions/002); the live page module (app/browser/live-page.ts) posts it in place.
export const handle: RouteHandle = { hydrate: false };

/** The order or registration the page was opened from (`?order=` / `?registration=`), if it is the player's. */
function subjectOf(userId: string, values: { order: string | null; registration: string | null }) {
  const orderId = isWellFormedId(values.order) ? values.order : null;
  const registrationId = isWellFormedId(values.registration) ? values.registration : null;
  return orderId || registrationId ? findSupportSubject(db(), userId, { orderId, registrationId }) : Promise.resolve(null);
}

async function pageData(userId: string) {
  const [{ member }, mine] = await Promise.all([membershipOf(db(), userId), listMessagesOfUser(db(), userId)]);
  return {
    member,
    mine: mine.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      replies: row.replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.toISOString() })),
    })),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const subject = await subjectOf(user.id, { order: params.get("order"), registration: params.get("registration") });
  return {
    ...(await pageData(user.id)),
    subject,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["support"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const fields = formFields(form);
  const parsed = parseSupportMessage(fields);
  // A little over the limit, so a message refused as too long comes back as typed, not silently cut to fit.
  const typed = typedFields(form, (name) => name === "topic" || name === "message", SUPPORT_MESSAGE_MAX + 10);
  // The subject is checked again on the way in: a hidden field is typed by the browser, not by us.
  const subject: SupportSubject | null = await subjectOf(user.id, {
    order: fields.order ?? null,
    registration: fields.registration ?? null,
  });
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, errors: parsed.errors, typed, subject });
  if (!(await withinLimit(db(), "supportMessage", user.id))) return fail("RATE_LIMITED", 429, { typed, subject });
  // Members are flagged once, when they write: the staff list puts them first.
  const { member } = await membershipOf(db(), user.id);
  const saved = await saveSupportMessage(db(), {
    userId: user.id,
    email: user.email,
    topic: parsed.topic,
    message: parsed.message,
    priority: member,
    subject,
  });
  return succeed({ priority: member, number: saved.number, ...(await pageData(user.id)) });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "support", "pageTitle")} · Arena LATAM` }];
}

export default function SupportPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("support");
  const format = useFormat();
  const refusal = actionData && !actionData.ok ? actionData : null;
  const errors: Record<string, string> =
    (refusal && "errors" in refusal ? (refusal.errors as Record<string, string>) : null) ??
    (refusal?.field ? { [refusal.field]: refusal.code } : {});
  const typed = typedOf(actionData);
  const subject = (refusal && "subject" in refusal ? refusal.subject : null) ?? loaderData.subject;
  const mine = actionData?.ok ? actionData.mine : loaderData.mine;
  const defaultTopic =
    typed.topic ?? (subject?.orderNumber ? (subject.tournamentTitle ? "tournament" : "order") : subject ? "tournament" : "");
  const fieldError = (name: string) =>
    errors[name] ? (
      <span data-testid={`support-error-${name}`}>{t(`errors.${errors[name]}`, { max: SUPPORT_MESSAGE_MAX })}</span>
    ) : undefined;
  // A refusal of the whole form (the hourly limit) is told above it; field errors sit under their field.
  const formRefusal = refusal && !refusal.field ? refusal : null;
  return (
    <>
      <section className="mx-auto max-w-xl px-4 py-12" data-testid="support-page" {...dataAttr(DataAttr.swap)}>
        <h1 className="text-3xl font-extrabold">{t("title")}</h1>
        <p className="mt-2 text-slate-300">{loaderData.member ? t("priority") : t("subtitle")}</p>
        {actionData?.ok ? (
          <Alert tone="success" testId="support-sent">
            {actionData.number ? t("sentNumber", { number: actionData.number }) : actionData.priority ? t("sentPriority") : t("sent")}
          </Alert>
        ) : null}
        {formRefusal ? (
          <Alert tone="error" testId="support-error">
            {t(`errors.${formRefusal.code}`, { max: SUPPORT_MESSAGE_MAX })}
          </Alert>
        ) : null}
        {actionData?.ok ? (
          <a href="/support" className="mt-4 inline-block py-2 text-cyan-300 underline" data-testid="support-write-another">
            {t("writeAnother")}
          </a>
        ) : (
          <form method="post" noValidate className="mt-6 flex flex-col gap-4" {...dataAttr(DataAttr.sending, t("sending"))}>
            {subject ? (
              <p className="rounded-lg border border-cyan-500/40 bg-cyan-500/10 px-4 py-3 text-sm" data-testid="support-subject">
                {subject.orderNumber
                  ? t("about", { number: subject.orderNumber })
                  : t("aboutRegistration", { title: subject.tournamentTitle ?? "" })}
              </p>
            ) : null}
            {subject?.orderId ? <input type="hidden" name="order" value={subject.orderId} /> : null}
            {subject?.registrationId && !subject.orderId ? (
              <input type="hidden" name="registration" value={subject.registrationId} />
            ) : null}
            <Field label={t("topic")} error={fieldError("topic")}>
              <Select name="topic" defaultValue={defaultTopic} aria-invalid={errors.topic ? true : undefined}>
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
            <Field
              label={t("message")}
              hint={t(subject ? "messageHintAttached" : "messageHint", { max: SUPPORT_MESSAGE_MAX })}
              error={fieldError("message")}
            >
              <TextArea
                name="message"
                rows={6}
                maxLength={SUPPORT_MESSAGE_MAX}
                defaultValue={typed.message ?? ""}
                aria-invalid={errors.message ? true : undefined}
              />
            </Field>
            <Button type="submit" data-testid="support-submit">
              {t("send")}
            </Button>
          </form>
        )}
        <h2 className="mt-12 text-2xl font-extrabold">{t("mine")}</h2>
        {mine.length === 0 ? (
          <p className="mt-3 text-slate-400">{t("mineEmpty")}</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-3" data-testid="support-mine">
            {mine.map((row) => (
              <li key={row.id} className="rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="support-mine-row">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <span className="font-bold">{t("messageNumber", { number: row.number })}</span>
                  <span className="text-slate-300">{t(`topics.${row.topic}`, { defaultValue: row.topic })}</span>
                  {row.orderNumber ? (
                    <a href={`/orders/${row.orderId}`} className="text-cyan-300 underline">
                      {t("about", { number: row.orderNumber })}
                    </a>
                  ) : null}
                  <span className="font-semibold" data-testid="support-mine-status">
                    {t(`status.${row.status}`, { defaultValue: row.status })}
                  </span>
                  <time className="ml-auto text-xs text-slate-400" dateTime={row.createdAt}>
                    {format.dateTime(row.createdAt)}
                  </time>
                </div>
                <SupportThread
                  message={row.message}
                  replies={row.replies}
                  replyTestId="support-reply"
                  stampClassName="text-xs font-semibold text-cyan-300"
                  stamp={(reply) => (
                    <>
                      {t("reply")} · <time dateTime={reply.createdAt}>{format.dateTime(reply.createdAt)}</time>
                    </>
                  )}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <InlineScript source={livePageScript} />
    </>
  );
}
