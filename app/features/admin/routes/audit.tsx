import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { isLanguage } from "~/domain/language";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { listAudit } from "../audit.server";
import { AdminDateTime } from "../components/admin-date";
import {
  EmptyNote,
  LabeledInput,
  PageTitle,
  TableBox,
  TableHead,
  fieldClass,
  labelClass,
  primaryButton,
  secondaryButton,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tdClass,
} from "../components/admin-ui";
import { staffContext } from "../context.server";
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, auditSearch, parseAuditFilters } from "../core/audit";
import { TARGET_MARK, auditTarget, sentenceKey, splitSentence } from "../core/audit-sentence";
import { db } from "~/lib/db.server";
import type { Route } from "./+types/audit";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const filters = parseAuditFilters(new URL(request.url).searchParams);
  const rows = await listAudit(db(), filters);
  return {
    filters,
    entries: rows.map((row) => ({
      ...row,
      target: auditTarget(row),
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
    })),
    nextBefore: rows.length === AUDIT_PAGE_SIZE ? rows[rows.length - 1]!.id : null,
    messages,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "audit.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

/** "staff@… aprobó el pago de la orden #4", the subject a link to its page. */
function AuditSentence({ entry }: { entry: { action: string; actorEmail: string | null; target: { label: string; to: string | null } } }) {
  const { t } = useTranslation("admin");
  const text = t(sentenceKey(entry.action), {
    who: entry.actorEmail ?? t("audit.system"),
    target: TARGET_MARK,
    action: t(`audit.actions.${entry.action}`, { defaultValue: entry.action }),
    interpolation: { escapeValue: false },
  });
  const parts = splitSentence(text);
  const target = entry.target.to ? (
    <Link to={entry.target.to} className="font-semibold text-cyan-300 underline hover:text-cyan-200" data-testid="audit-target">
      {entry.target.label}
    </Link>
  ) : (
    <span className="font-semibold">{entry.target.label}</span>
  );
  if (!parts) return <>{text}</>;
  return (
    <span className="break-words">
      {parts[0]}
      {target}
      {parts[1]}
    </span>
  );
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const { filters, entries, nextBefore } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" data-testid="admin-audit">
      <PageTitle title={t("audit.title")} subtitle={t("audit.subtitle")} />
      <Form method="get" className="mb-6 grid gap-3 sm:grid-cols-4 sm:items-end">
        <label className={labelClass}>
          {t("audit.filters.entity")}
          <select name="entity" defaultValue={filters.entity ?? ""} className={fieldClass}>
            <option value="">{t("audit.filters.all")}</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {t(`audit.entities.${entity}`)}
              </option>
            ))}
          </select>
        </label>
        <LabeledInput label={t("audit.filters.action")} name="action" defaultValue={filters.action ?? ""} placeholder="tournament.create" />
        <LabeledInput label={t("audit.filters.actor")} name="actor" type="email" defaultValue={filters.actor ?? ""} />
        <button type="submit" className={primaryButton}>
          {t("audit.filters.apply")}
        </button>
      </Form>
      {entries.length === 0 ? (
        <EmptyNote testId="audit-empty">{t("audit.empty")}</EmptyNote>
      ) : (
        <TableBox>
          <table className={`${tableClass} min-w-[48rem] ${stackTable}`} data-testid="audit-table">
            <TableHead
              columns={[t("audit.columns.when"), t("audit.columns.what"), t("audit.columns.before"), t("audit.columns.after")]}
              className={stackHead}
            />
            <tbody className="divide-y divide-slate-800">
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-row" className={stackRow}>
                  <td className={`${tdClass} whitespace-nowrap ${stackCell}`} data-label={t("audit.columns.when")}>
                    <AdminDateTime value={entry.createdAt} language={language} />
                  </td>
                  <td className={`${tdClass} ${stackCell}`} data-testid="audit-sentence" data-label={t("audit.columns.what")}>
                    <AuditSentence entry={entry} />
                  </td>
                  <td className={`${tdClass} ${stackCell}`} data-label={t("audit.columns.before")}>
                    <code className="block max-w-xs text-xs break-all text-slate-400">{entry.before ?? t("common.none")}</code>
                  </td>
                  <td className={`${tdClass} ${stackCell}`} data-label={t("audit.columns.after")}>
                    <code className="block max-w-xs text-xs break-all text-slate-300">{entry.after ?? t("common.none")}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <nav aria-label={t("audit.pagination")} className="mt-6 flex gap-3">
        {filters.before ? (
          <Link to={auditSearch({ ...filters, before: null })} className={secondaryButton}>
            {t("audit.newest")}
          </Link>
        ) : null}
        {nextBefore ? (
          <Link to={auditSearch({ ...filters, before: nextBefore })} rel="next" className={secondaryButton} data-testid="audit-older">
            {t("audit.older")}
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
