import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, useNavigation } from "react-router";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm } from "~/lib/http.server";
import { listOutbox, OUTBOX_PAGE_SIZE, outboxCounts } from "~/lib/mail-outbox.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AdminDateTime } from "../components/admin-date";
import { AnswerNotice, EmptyNote, PageTitle, cardClass, primaryButton, secondaryButton } from "../components/admin-ui";
import { staffContext } from "../context.server";
import { MAIL_VIEWS, mailSearch, parseMailFilters } from "../core/mail-filters";
import { resendFailedMail } from "../mail-admin.server";
import type { Route } from "./+types/mail";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const filters = parseMailFilters(new URL(request.url).searchParams);
  const [mails, counts] = await Promise.all([listOutbox(db(), filters.view, filters.before), outboxCounts(db())]);
  const last = mails.at(-1);
  return {
    view: filters.view,
    paged: filters.before !== null,
    mails,
    counts,
    nextBefore: mails.length === OUTBOX_PAGE_SIZE && last ? last.seq : null,
    messages,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  if (fields.intent !== "resend") return fail("UNKNOWN_INTENT");
  const mailId = (fields.mailId ?? "").trim();
  if (!/^[0-9a-f-]{36}$/i.test(mailId)) return fail("MAIL_NOT_FAILED", 404);
  // Only a failed mail goes back to the queue: a double click, or one another staff member resent, changes nothing.
  if (!(await resendFailedMail(db(), staff.id, mailId))) return fail("MAIL_NOT_FAILED", 409);
  return succeed({ resent: mailId });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "mail.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

const statusChip: Record<string, string> = {
  failed: "border-rose-500/60 bg-rose-500/10 text-rose-100",
  pending: "border-amber-500/60 bg-amber-500/10 text-amber-100",
  sent: "border-emerald-500/60 bg-emerald-500/10 text-emerald-100",
};

export default function MailPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  const { view, paged, mails, counts, nextBefore } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-8" data-testid="admin-mail">
      <PageTitle title={t("mail.title")} subtitle={t("mail.subtitle")} />
      <AnswerNotice answer={actionData} done={actionData?.ok ? t("mail.resent") : undefined} />
      <p className="mb-4 text-sm text-slate-300" data-testid="mail-counts">
        {t("mail.counts", { failed: counts.failed, pending: counts.pending })}
      </p>
      <nav aria-label={t("mail.views.label")} className="mb-6 flex flex-wrap gap-2">
        {MAIL_VIEWS.map((option) => (
          <Link
            key={option}
            to={mailSearch({ view: option })}
            aria-current={option === view ? "page" : undefined}
            className={option === view ? primaryButton : secondaryButton}
          >
            {t(`mail.views.${option}`)}
          </Link>
        ))}
      </nav>
      {mails.length === 0 ? (
        <EmptyNote testId="mail-empty">{t(`mail.empty.${view}`)}</EmptyNote>
      ) : (
        <ul className="grid gap-3" data-testid="mail-list">
          {mails.map((mail) => (
            <li key={mail.id} className={`${cardClass} min-w-0`} data-testid="mail-row" data-status={mail.status}>
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${statusChip[mail.status] ?? ""}`}>
                  {t(`mail.status.${mail.status}`)}
                </span>
                <span className="text-xs text-slate-400">{mail.kind}</span>
              </div>
              <p className="mt-2 font-semibold break-words">{mail.subject}</p>
              <p className="text-sm break-all text-slate-300">{mail.recipient}</p>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-xs text-slate-400 sm:grid-cols-2">
                <div>
                  <dt className="inline">{t("mail.queuedAt")}: </dt>
                  <dd className="inline">
                    <AdminDateTime value={mail.createdAt} />
                  </dd>
                </div>
                <div>
                  <dt className="inline">{t("mail.attempts")}: </dt>
                  <dd className="inline">{mail.attempts}</dd>
                </div>
                {mail.status === "pending" ? (
                  <div>
                    <dt className="inline">{t("mail.nextAttempt")}: </dt>
                    <dd className="inline">
                      <AdminDateTime value={mail.nextAttemptAt} />
                    </dd>
                  </div>
                ) : null}
                {mail.sentAt ? (
                  <div>
                    <dt className="inline">{t("mail.sentAt")}: </dt>
                    <dd className="inline">
                      <AdminDateTime value={mail.sentAt} />
                    </dd>
                  </div>
                ) : null}
              </dl>
              {mail.lastError ? (
                <p className="mt-2 text-xs break-words text-rose-200" data-testid="mail-error">
                  {t("mail.lastError")}: <code>{mail.lastError}</code>
                </p>
              ) : null}
              {mail.status === "failed" ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="mailId" value={mail.id} />
                  <button type="submit" disabled={busy} className={primaryButton} data-testid="mail-resend">
                    {t("mail.resend")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <nav aria-label={t("mail.pagination")} className="mt-6 flex flex-wrap gap-3">
        {paged ? (
          <Link to={mailSearch({ view })} className={secondaryButton}>
            {t("mail.newest")}
          </Link>
        ) : null}
        {nextBefore ? (
          <Link to={mailSearch({ view, before: nextBefore })} rel="next" className={secondaryButton}>
            {t("mail.older")}
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
