import { scaleBars } from "~/features/admin/core/chart";
import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import type { MonthActivity } from "../core/stats";

/**
 * The last months of a team or a player: tournaments and matches won per month, side by side. A
 * server-rendered SVG in the back-office charts' style (features/admin/components/charts.tsx): no chart
 * library, no script; it scales to the width of a phone, and a table copy is there for screen readers.
 */
export function ActivityChart({ months }: { months: MonthActivity[] }) {
  const { t } = useTranslation("teams");
  const format = useFormat();
  if (!months.some((month) => month.tournaments > 0 || month.won > 0)) return null;
  const label = (month: string) =>
    new Intl.DateTimeFormat(format.language, { month: "short", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
  const tournaments = scaleBars(months.map((month) => ({ label: month.month, value: month.tournaments })));
  const wins = scaleBars(months.map((month) => ({ label: month.month, value: month.won })));
  const max = Math.max(tournaments.max, wins.max);
  const width = 360;
  const height = 150;
  const plot = height - 24;
  const step = width / months.length;
  const bar = step * 0.32;
  const title = t("leaderboard.chartTitle");
  return (
    <figure className="mt-10 min-w-0" data-testid="activity-chart">
      <figcaption className="mb-2 text-lg font-extrabold">{title}</figcaption>
      <p className="mb-2 flex flex-wrap gap-x-4 text-xs text-slate-300">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-2 w-3 rounded-sm bg-cyan-500/70" />
          {t("leaderboard.chartTournaments")}
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-2 w-3 rounded-sm bg-purple-500/70" />
          {t("leaderboard.chartWins")}
        </span>
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={title} className="block">
        <line x1={0} x2={width} y1={plot} y2={plot} className="stroke-slate-700" />
        <text x={0} y={10} className="fill-slate-500 text-[10px]">
          {format.number(max)}
        </text>
        {months.map((month, index) => {
          const x = index * step + step * 0.15;
          const tall = (value: number) => (value / max) * (plot - 14);
          return (
            <g key={month.month}>
              <rect x={x} y={plot - tall(month.tournaments)} width={bar} height={tall(month.tournaments)} className="fill-cyan-500/70">
                <title>{`${label(month.month)}: ${month.tournaments}`}</title>
              </rect>
              <rect x={x + bar + 2} y={plot - tall(month.won)} width={bar} height={tall(month.won)} className="fill-purple-500/70">
                <title>{`${label(month.month)}: ${month.won}`}</title>
              </rect>
              <text x={index * step + step / 2} y={height - 6} textAnchor="middle" className="fill-slate-400 text-[11px]">
                {label(month.month)}
              </text>
            </g>
          );
        })}
      </svg>
      {/* A table cannot be narrower than its content, so the screen-reader copy is clipped by a div. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{t("leaderboard.chartTournaments")}</th>
              <th scope="col">{t("leaderboard.chartWins")}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} data-testid="activity-month">
                <th scope="row">{label(month.month)}</th>
                <td>{month.tournaments}</td>
                <td>{month.won}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
