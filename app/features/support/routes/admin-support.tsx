import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, TextArea } from "~/components/ui/field";
import { languageFromCookieHeader } from "~/domain/language";
import { formatDateTime } from "~/domain/format";
import { env } from "~/lib/env.server";
import { requireStaff } from "~/features/auth/session.server";
import { fail } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { SUPPORT_REPLY_MAX, parseSupportReply } from "../support-rules";
import { listSupportMessages, markSupportMessageDone, replyToSupportMessage } from "../support.server";
import type { Route } from "./+types/admin-support";
import { SupportThread } from "../components/support-thread";

/** The cursor of the next page: priority, time and id of the last row shown. */
function parseCursor(value: string | null) {
  const match = /^([01])_(\d{1,15})_([0-9a-f-]{36})$/.exec(value ?? "");
  return match ? { priority: match[1] === "1", createdAt: new Date(Number(match[2])), id: match[3]! } : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "done" ? "done" : "open";
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const rows = await listSupportMessages(db(), { status, after: parseCursor(url.searchParams.get("after")) });
  const last = rows.at(-1);
  return {
    status,
    rows: rows.map((row) => ({
      ...row,
      createdAt: formatDateTime(row.createdAt, language, env().TIME_ZONE),
      replies: row.replies.map((reply) => ({ ...reply, createdAt: formatDateTime(reply.createdAt, language, env().TIME_ZONE) })),
    })),
    next: rows.length && last ? `${last.priority ? 1 : 0}_${last.createdAt.getTime()}_${last.id}` : null,
    messages: loadMessages(language, ["support"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(id)) return fail("NOT_FOUND", 404);
  if (form.get("intent") === "reply") {
    const reply = parseSupportReply(String(form.get("reply") ?? ""));
    if (!reply.ok) return fail(reply.code, 400, { id, field: "reply" });
    if (!(await replyToSupportMessage(db(), { messageId: id, staffId: staff.id, body: reply.body }))) return fail("NOT_FOUND", 404);
    return { ok: true as const, replied: Number(form.get("number")) || null };
  }
  if (!(await markSupportMessageDone(db(), id))) return fail("NOT_FOUND", 404);
  return { ok: true as const, replied: null };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "support", "staff.pageTitle")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function AdminSupportPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("support");
  return (
    <section className="mx-auto max-w-4xl px-4 py-10" data-testid="admin-support">
      <h1 className="text-3xl font-extrabold">{t("staff.title")}</h1>
      <nav className="mt-4 flex gap-4 text-sm">
        <Link to="/admin/support" className={loaderData.status === "open" ? "font-bold text-cyan-300" : "text-slate-300"}>
          {t("staff.open")}
        </Link>
        <Link to="/admin/support?status=done" className={loaderData.status === "done" ? "font-bold text-cyan-300" : "text-slate-300"}>
          {t("staff.done")}
        </Link>
      </nav>
      {actionData && !actionData.ok && actionData.code === "NOT_FOUND" ? <Alert tone="error">{t("staff.notFound")}</Alert> : null}
      {actionData?.ok && actionData.replied ? (
        <Alert tone="success" testId="support-replied">
          {t("staff.replied", { number: actionData.replied })}
        </Alert>
      ) : null}
      {loaderData.rows.length === 0 ? <p className="mt-6 text-slate-400">{t("staff.empty")}</p> : null}
      <ul className="mt-6 flex flex-col gap-3">
        {loaderData.rows.map((row) => (
          <li
            key={row.id}
            className="rounded-xl border border-slate-800 bg-slate-900/40 p-4"
            data-testid="support-row"
            data-priority={row.priority}
          >
            <div className="flex flex-wrap items-center gap-2 text-sm">
              {row.priority ? (
                <span className="rounded-full bg-purple-500/20 px-2 py-0.5 text-xs font-semibold text-purple-200">{t("staff.plus")}</span>
              ) : null}
              <span className="font-bold">#{row.number}</span>
              <span className="font-semibold">{row.name || row.email}</span>
              <span className="break-all text-slate-400">{row.email}</span>
              <span className="text-slate-400">· {t(`topics.${row.topic}`, { defaultValue: row.topic })}</span>
              {row.orderId && row.orderNumber ? (
                <Link to={`/admin/orders/${row.orderId}`} className="text-cyan-300 underline" data-testid="support-row-order">
                  {t("staff.order", { number: row.orderNumber })}
                </Link>
              ) : null}
              <span className="ml-auto text-xs text-slate-400">{row.createdAt}</span>
            </div>
            <SupportThread
              message={row.message}
              replies={row.replies}
              replyTestId="support-staff-reply"
              stampClassName="text-xs text-slate-400"
              stamp={(reply) => reply.createdAt}
            />
            <Form method="post" className="mt-3 flex flex-col gap-2" noValidate>
              <input type="hidden" name="id" value={row.id} />
              <input type="hidden" name="number" value={row.number} />
              <input type="hidden" name="intent" value="reply" />
              <Field
                label={t("staff.reply")}
                hint={t("staff.replyHint")}
                error={
                  actionData && !actionData.ok && "id" in actionData && actionData.id === row.id
                    ? t(`staff.errors.${actionData.code}`, { max: SUPPORT_REPLY_MAX })
                    : undefined
                }
              >
                <TextArea name="reply" rows={3} maxLength={SUPPORT_REPLY_MAX} />
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm" data-testid="support-send-reply">
                  {t("staff.sendReply")}
                </Button>
              </div>
            </Form>
            {row.status === "open" ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="id" value={row.id} />
                <Button type="submit" variant="secondary" size="sm">
                  {t("staff.markDone")}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {loaderData.next && loaderData.rows.length >= 20 ? (
        <Link to={`?status=${loaderData.status}&after=${loaderData.next}`} className="mt-6 inline-block text-cyan-400">
          {t("staff.more")}
        </Link>
      ) : null}
    </section>
  );
}
