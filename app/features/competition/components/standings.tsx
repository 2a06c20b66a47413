import { useTranslation } from "~/lib/i18n-react";
import type { StandingRow } from "../core/bracket-view";
import type { TableRow } from "../core/points-table";

export function Standings({ rows }: { rows: StandingRow[] }) {
  const { t } = useTranslation("competition");
  // Swiss tables carry Buchholz, the first tie-break.
  const buchholz = rows.some((row) => row.buchholz !== undefined);
  return (
    <div className="mt-8">
      <h2 className="mb-3 text-xl font-bold">{t("standings.title")}</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="standings">
          <thead className="text-slate-400">
            <tr>
              <th className="py-2 pr-2">#</th>
              <th className="py-2 pr-2">{t("standings.team")}</th>
              <th className="py-2 pr-2 text-right">{t("standings.wins")}</th>
              <th className={buchholz ? "py-2 pr-2 text-right" : "py-2 text-right"}>{t("standings.losses")}</th>
              {buchholz ? (
                <th className="py-2 text-right" title={t("standings.buchholzTitle")}>
                  {t("standings.buchholz")}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.registrationId} className="border-t border-slate-800">
                {/* A place, "3.º": a shared 3rd place shows it twice (docs/decisions/007-brackets.md). */}
                <td className="py-2 pr-2 tabular-nums">{t("standings.place", { count: row.rank, ordinal: true })}</td>
                <td className="py-2 pr-2">{row.name}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{row.wins}</td>
                <td className={buchholz ? "py-2 pr-2 text-right tabular-nums" : "py-2 text-right tabular-nums"}>{row.losses}</td>
                {buchholz ? <td className="py-2 text-right tabular-nums">{row.buchholz ?? 0}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * The battle-royale table. On a phone (360 px) the per-round columns give way, never the points:
 * rank, team, kills and points stay, and each team's rounds are written under its name instead.
 */
export function PointsTable({
  table,
}: {
  table: {
    rows: (TableRow & { name: string; group?: string | null })[];
    played: number;
    lobbyMatches: number;
    rounds?: number;
    killPoints: number;
  };
}) {
  const { t } = useTranslation("competition");
  const rounds = table.rounds ?? table.lobbyMatches;
  return (
    <div className="mt-8">
      <h2 className="text-xl font-bold">{t("points.title")}</h2>
      <p className="mt-1 mb-3 text-sm text-slate-400">
        {t("points.progress", { played: table.played, total: table.lobbyMatches, killPoints: table.killPoints })}
      </p>
      <table className="w-full table-fixed text-left text-sm" data-testid="points-table">
        <thead className="text-slate-400">
          <tr>
            <th className="w-8 py-2 pr-1">#</th>
            <th className="py-2 pr-2">{t("standings.team")}</th>
            {Array.from({ length: rounds }, (_, index) => (
              <th key={index} className="hidden w-12 py-2 pr-2 text-right sm:table-cell">
                {t("points.match", { number: index + 1 })}
              </th>
            ))}
            <th className="w-14 py-2 pr-2 text-right">{t("points.kills")}</th>
            <th className="w-16 py-2 text-right">{t("points.total")}</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.registrationId} className="border-t border-slate-800" data-testid={`points-row-${row.rank}`}>
              <td className="py-2 pr-1 tabular-nums">{row.rank}</td>
              <td className="py-2 pr-2">
                <span className="block truncate" data-testid="points-team">
                  {row.name}
                  {row.group ? <span className="ml-1 text-xs text-slate-400">({t("points.group", { group: row.group })})</span> : null}
                </span>
                <span className="block text-xs text-slate-400 tabular-nums sm:hidden">
                  {row.perMatch.map((points, index) => `${t("points.match", { number: index + 1 })} ${points ?? "–"}`).join(" · ")}
                </span>
              </td>
              {row.perMatch.map((points, index) => (
                <td key={index} className="hidden py-2 pr-2 text-right text-slate-300 tabular-nums sm:table-cell">
                  {points ?? "–"}
                </td>
              ))}
              <td className="py-2 pr-2 text-right tabular-nums">{row.kills}</td>
              <td className="py-2 text-right font-bold text-cyan-200 tabular-nums" data-testid="points-total">
                {row.points}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
