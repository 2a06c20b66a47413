import { GAMES } from "~/domain/games";
import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import type { GameRecord } from "../core/stats";

/** A team's or a player's record per game: one card per game, readable at 360 px. */
export function RecordTable({ record }: { record: GameRecord[] }) {
  const { t } = useTranslation("teams");
  const format = useFormat();
  if (record.length === 0) return null;
  return (
    <>
      <h2 className="mt-12 text-2xl font-extrabold">{t("record.title")}</h2>
      <ul className="mt-4 flex flex-col gap-3" data-testid="record">
        {record.map((row) => (
          <li key={row.game} className="rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="record-game">
            <h3 className="flex flex-wrap items-baseline justify-between gap-2 font-bold">
              {GAMES[row.game as keyof typeof GAMES]?.name ?? row.game}
              <a
                href={`/leaderboards/${row.game}`}
                className="text-sm font-semibold text-cyan-300 underline"
                data-testid="record-leaderboard"
              >
                {t("record.leaderboard")}
              </a>
            </h3>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-400">{t("record.tournaments")}</dt>
                <dd className="font-semibold">{format.number(row.tournaments)}</dd>
              </div>
              <div>
                <dt className="text-slate-400">{t("record.wonLost")}</dt>
                <dd className="font-semibold" data-testid="record-won-lost">
                  {t("record.wonLostValue", { won: row.won, lost: row.lost })}
                </dd>
              </div>
              <div>
                <dt className="text-slate-400">{t("record.winRate")}</dt>
                <dd className="font-semibold">{row.winRate === null ? "—" : `${row.winRate} %`}</dd>
              </div>
              <div>
                <dt className="text-slate-400">{t("record.bestPlace")}</dt>
                <dd className="font-semibold">{row.bestPlace === null ? "—" : t("team.place", { place: row.bestPlace })}</dd>
              </div>
              {row.kills > 0 || row.points > 0 ? (
                <div>
                  <dt className="text-slate-400">{t("record.points")}</dt>
                  <dd className="font-semibold">{t("record.pointsValue", { points: row.points, kills: row.kills })}</dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
