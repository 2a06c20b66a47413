import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { isLanguage } from "~/domain/language";
import { formatMoney } from "~/domain/format";
import { gameRules } from "~/domain/games";
import { db } from "~/lib/db.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import {
  EmptyNote,
  LabeledInput,
  PageTitle,
  Pager,
  TableBox,
  TableHead,
  fieldClass,
  labelClass,
  primaryButton,
  tableClass,
  tdClass,
} from "../components/admin-ui";
import { staffContext } from "../context.server";
import { TOURNAMENT_STATUSES, type TournamentStatus } from "../core/tournament-form";
import { STAFF_TOURNAMENT_PAGE, TOURNAMENT_WORK, listTournamentsForStaff, type TournamentWork } from "../tournaments-admin.server";
import type { Route } from "./+types/tournaments";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const params = new URL(request.url).searchParams;
  const rawStatus = params.get("status") ?? "";
  const status = (TOURNAMENT_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as TournamentStatus) : null;
  const q = (params.get("q") ?? "").trim().slice(0, 80) || null;
  const rawPage = params.get("page") ?? "";
  const page = /^\d{1,5}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const rawWork = params.get("work") ?? "";
  const work = (TOURNAMENT_WORK as readonly string[]).includes(rawWork) ? (rawWork as TournamentWork) : null;
  const rows = await listTournamentsForStaff(db(), { status, q, page, work });
  return { filters: { status, q, page, work }, tournaments: rows, hasNext: rows.length === STAFF_TOURNAMENT_PAGE, messages };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "tournaments.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

function search(filters: { status: string | null; q: string | null; page: number; work: string | null }) {
  const params = new URLSearchParams();
  if (filters.work) params.set("work", filters.work);
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  if (filters.page > 1) params.set("page", String(filters.page));
  return `?${params.toString()}`;
}

export default function TournamentsPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const { filters, tournaments, hasNext } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" data-testid="admin-tournaments">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle title={t("tournaments.title")} subtitle={t("tournaments.subtitle")} />
        <Link to="/admin/tournaments/new" className={primaryButton} data-testid="new-tournament">
          {t("tournaments.new")}
        </Link>
      </div>
      {filters.work ? (
        <p className="mb-4 flex flex-wrap items-baseline gap-x-3 text-sm" data-testid="tournaments-work">
          <span className="font-semibold text-amber-200">{t(`tournaments.work.${filters.work}`)}</span>
          <Link to="/admin/tournaments" className="py-1 font-semibold text-cyan-300 underline">
            {t("tournaments.work.clear")}
          </Link>
        </p>
      ) : null}
      <Form method="get" className="mb-6 grid gap-3 sm:grid-cols-3 sm:items-end">
        {filters.work ? <input type="hidden" name="work" value={filters.work} /> : null}
        <LabeledInput label={t("tournaments.filters.q")} name="q" defaultValue={filters.q ?? ""} />
        <label className={labelClass}>
          {t("tournaments.filters.status")}
          <select name="status" defaultValue={filters.status ?? ""} className={fieldClass}>
            <option value="">{t("audit.filters.all")}</option>
            {TOURNAMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`tournaments.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={primaryButton}>
          {t("audit.filters.apply")}
        </button>
      </Form>
      {tournaments.length === 0 ? (
        <EmptyNote>{t("tournaments.empty")}</EmptyNote>
      ) : (
        <TableBox>
          <table className={`${tableClass} min-w-[44rem]`} data-testid="tournaments-table">
            <TableHead
              columns={[
                t("tournaments.columns.title"),
                t("tournaments.columns.date"),
                t("tournaments.columns.status"),
                t("tournaments.columns.teams"),
                t("tournaments.columns.fee"),
                <span className="sr-only">{t("queue.columns.actions")}</span>,
              ]}
            />
            <tbody className="divide-y divide-slate-800">
              {tournaments.map((row) => (
                <tr key={row.id} data-testid="tournament-row">
                  <td className={tdClass}>
                    <span className="block font-semibold">{row.title}</span>
                    <span className="block text-xs text-slate-400">{gameRules(row.game).name}</span>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{row.date}</td>
                  <td className={tdClass}>
                    {t(`tournaments.statuses.${row.status}`, { defaultValue: row.status })}
                    {row.refundsDue > 0 ? (
                      <Link
                        to={`/admin/tournaments/${row.id}`}
                        className="mt-1 block text-xs font-semibold text-amber-200"
                        data-testid="refunds-due-count"
                      >
                        {t("tournaments.cancel.refundsTitle", { count: row.refundsDue })}
                      </Link>
                    ) : null}
                  </td>
                  <td className={tdClass}>
                    {t("tournaments.teamsCount", { confirmed: row.confirmed, live: row.live, capacity: row.capacity })}
                  </td>
                  <td className={`${tdClass} font-mono`}>
                    {row.feeAmount === 0
                      ? t("tournaments.feeKinds.free")
                      : formatMoney({ amount: row.feeAmount, currency: row.feeCurrency === "VES" ? "VES" : "USD" }, language)}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <Link to={`/admin/tournaments/${row.id}`} className="font-semibold text-cyan-300">
                      {t("tournaments.edit")}
                    </Link>
                    {" · "}
                    <Link to={`/admin/tournaments/${row.id}/registrations`} className="font-semibold text-cyan-300">
                      {t("tournaments.registrations")}
                    </Link>
                    {" · "}
                    <Link to={`/admin/tournaments/${row.id}/run`} className="font-semibold text-cyan-300" data-testid="run-link">
                      {t("tournaments.run")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager page={filters.page} hasNext={hasNext} pageHref={(n) => search({ ...filters, page: n })} />
    </section>
  );
}
