import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { isLanguage } from "~/domain/language";
import { ORDER_STATUSES } from "~/features/orders/core/lifecycle";
import { formatMoney, formatNumber, platformToday } from "~/domain/format";
import { db } from "~/lib/db.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AdminDateTime } from "../components/admin-date";
import { PageTitle, cardClass } from "../components/admin-ui";
import { ColumnChart, HorizontalBarChart } from "../components/charts";
import { staffContext } from "../context.server";
import { cashClose, dashboardFigures, workCounts } from "../dashboard.server";
import { WORK_ITEMS, parseDay } from "../core/cash-close";
import { env } from "~/lib/env.server";
import { type Currency } from "~/domain/money";
import { automationFigures } from "~/features/payments/payments.server";
import type { Route } from "./+types/dashboard";

/** 12.4 → "12 s", 95 → "1 min 35 s", 7300 → "2 h 1 min". */
function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const day = parseDay(new URL(request.url).searchParams.get("day")) ?? platformToday(new Date(), env().TIME_ZONE);
  const [figures, work, close, handsFree] = await Promise.all([
    dashboardFigures(db()),
    workCounts(db()),
    cashClose(db(), day),
    automationFigures(db()),
  ]);
  const revenueOf = (currency: string) =>
    figures.days.map((day) => ({
      label: day,
      value: figures.revenue.find((row) => row.day === day && row.currency === currency)?.total ?? 0,
    }));
  return { ...figures, work, day, close, handsFree, revenueUsd: revenueOf("USD"), revenueVes: revenueOf("VES"), messages };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "shell.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const { byStatus, revenueUsd, revenueVes, topPackages, registrationsByTournament, queue, work, day, close } = loaderData;
  const integer = (value: number) => formatNumber(value, language);
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" data-testid="admin-dashboard">
      <PageTitle title={t("shell.title")} subtitle={t("shell.subtitle")} />
      <h2 className="sr-only">{t("dashboard.work.title")}</h2>
      <ul className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="work-row">
        {WORK_ITEMS.map((item) => (
          <li key={item.key}>
            <Link to={item.to} className={`${cardClass} block h-full hover:border-cyan-500/60`} data-testid={`work-${item.key}`}>
              <span className="block text-3xl font-extrabold">{integer(work[item.key])}</span>
              <span className="block text-sm text-slate-300">{t(`dashboard.work.${item.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mb-6 grid gap-4 sm:grid-cols-2">
        <Link
          to="/admin/orders?status=proof_submitted"
          className={`${cardClass} block hover:border-cyan-500/60`}
          data-testid="queue-length"
        >
          <span className="block text-sm text-slate-400">{t("dashboard.queue")}</span>
          <span className="block text-3xl font-extrabold">{integer(queue.waiting)}</span>
        </Link>
        <div className={cardClass} data-testid="queue-oldest">
          <span className="block text-sm text-slate-400">{t("dashboard.oldest")}</span>
          <span className="block text-lg font-semibold">
            {queue.oldest ? <AdminDateTime value={queue.oldest} language={language} /> : t("common.none")}
          </span>
        </div>
      </div>
      {/* Orders the machines took from payment to delivery, and how long that took (median) (docs/payments.md). */}
      <p className={`${cardClass} mb-6 text-sm`} data-testid="hands-free">
        <span className="font-semibold">{t("dashboard.handsFree.title")}: </span>
        {t("dashboard.handsFree.line", {
          count: loaderData.handsFree.handsFree,
          median:
            loaderData.handsFree.medianSeconds === null ? t("dashboard.handsFree.none") : formatSeconds(loaderData.handsFree.medianSeconds),
        })}
      </p>
      <section className={`${cardClass} mb-6`} aria-labelledby="cash-close-heading" data-testid="cash-close">
        <h2 id="cash-close-heading" className="text-lg font-bold">
          {t("dashboard.close.title")}
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-300">
            {t("dashboard.close.day")}
            <input
              type="date"
              name="day"
              defaultValue={day}
              required
              className="rounded-lg border border-slate-500 bg-slate-900 px-3 py-2 text-sm text-slate-100"
              data-testid="cash-close-day"
            />
          </label>
          <button
            type="submit"
            className="rounded-lg border border-slate-500 px-4 py-2 text-sm font-semibold text-slate-100 hover:border-cyan-400"
          >
            {t("dashboard.close.show")}
          </button>
          <a
            href={`/admin/cash-close.csv?day=${day}`}
            download
            className="rounded-lg px-1 py-2 text-sm font-semibold text-cyan-300 underline hover:text-cyan-200"
            data-testid="cash-close-csv"
          >
            {t("dashboard.close.csv")}
          </a>
        </Form>
        {close.length === 0 ? (
          <p className="mt-3 text-sm text-slate-300" data-testid="cash-close-empty">
            {t("dashboard.close.empty")}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-800" data-testid="cash-close-rows">
            {close.map((row) => (
              <li key={`${row.method}-${row.currency}`} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                <span>
                  {t(`methods.${row.method}`, { defaultValue: row.method })}
                  <span className="ml-2 text-slate-300">{t("dashboard.close.orders", { count: row.orders })}</span>
                </span>
                <span className="font-mono font-semibold">
                  {formatMoney({ amount: row.total, currency: row.currency as Currency }, language)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className={cardClass}>
          <HorizontalBarChart
            testId="chart-status"
            title={t("dashboard.byStatus")}
            format={integer}
            data={ORDER_STATUSES.map((status) => ({
              label: t(`status.${status}`),
              value: byStatus.find((row) => row.status === status)?.count ?? 0,
            }))}
          />
        </div>
        <div className={cardClass}>
          <HorizontalBarChart
            testId="chart-registrations"
            title={t("dashboard.registrations")}
            format={integer}
            data={registrationsByTournament.map((row) => ({ label: `${row.title} (${row.capacity})`, value: row.live }))}
          />
        </div>
        <div className={cardClass}>
          <ColumnChart
            testId="chart-revenue-usd"
            title={t("dashboard.revenue", { currency: "USD" })}
            format={(value) => formatMoney({ amount: value, currency: "USD" }, language)}
            data={revenueUsd}
          />
        </div>
        <div className={cardClass}>
          <ColumnChart
            testId="chart-revenue-ves"
            title={t("dashboard.revenue", { currency: "Bs" })}
            format={(value) => formatMoney({ amount: value, currency: "VES" }, language)}
            data={revenueVes}
          />
        </div>
        <div className={`${cardClass} lg:col-span-2`}>
          <HorizontalBarChart
            testId="chart-packages"
            title={t("dashboard.topPackages")}
            format={integer}
            data={topPackages.map((row) => ({ label: row.label, value: row.quantity }))}
          />
        </div>
      </div>
    </section>
  );
}
