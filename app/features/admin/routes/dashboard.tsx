import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { isLanguage } from "~/domain/language";
import { ORDER_STATUSES } from "~/features/orders/core/lifecycle";
import { formatMoney } from "~/domain/format";
import { db } from "~/lib/db.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AdminDateTime } from "../components/admin-date";
import { PageTitle, cardClass } from "../components/admin-ui";
import { ColumnChart, HorizontalBarChart } from "../components/charts";
import { staffContext } from "../context.server";
import { dashboardFigures } from "../dashboard.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const figures = await dashboardFigures(db());
  const revenueOf = (currency: string) =>
    figures.days.map((day) => ({
      label: day,
      value: figures.revenue.find((row) => row.day === day && row.currency === currency)?.total ?? 0,
    }));
  return { ...figures, revenueUsd: revenueOf("USD"), revenueVes: revenueOf("VES"), messages };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "shell.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const { byStatus, revenueUsd, revenueVes, topPackages, registrationsByTournament, queue } = loaderData;
  const integer = (value: number) => new Intl.NumberFormat(language === "es" ? "es-VE" : "en-US").format(value);
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" data-testid="admin-dashboard">
      <PageTitle title={t("shell.title")} subtitle={t("shell.subtitle")} />
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
