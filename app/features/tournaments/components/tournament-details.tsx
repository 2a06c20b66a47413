import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { TournamentBanner } from "~/components/ui/tournament-banner";
import { PlusEventBadge } from "~/components/ui/plus-event-badge";
import { eventTeamSize } from "~/domain/games";
import { formatMoney } from "~/domain/format";
import type { Language } from "~/domain/language";
import type { Currency } from "~/domain/money";
import { LiveBadge } from "~/features/streamers/components/live-badge";
import type { PoolView } from "~/features/wallet/prize-pools.server";
import { useFormat } from "~/lib/use-format";
import type { PageTournament } from "../tournament-route.server";
import { OrganizedBy } from "./organized-by";

/** What the prize pool holds, said to players: the organizer's deposit is there, or what the fees gathered. */
function PoolLine({ pool, language }: { pool: PoolView; language: Language }) {
  const { t } = useTranslation("tournaments");
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, language);
  const held = (["USD", "VES"] as const)
    .filter((currency) => pool.balances[currency] > 0 || currency === (pool.target?.currency ?? "USD"))
    .map((currency) => money(pool.balances[currency], currency))
    .join(" + ");
  const text =
    pool.funding === "organizer"
      ? pool.funded && pool.target
        ? t("pool.guaranteed", { amount: money(pool.target.amount, pool.target.currency) })
        : null
      : t("pool.fees", { amount: held, percent: pool.commissionPercent });
  if (!text && !pool.frozen) return null;
  return (
    <div className="col-span-full" data-testid="tournament-pool">
      <dt className="text-slate-400">{t("pool.title")}</dt>
      {text ? <dd className="font-semibold text-emerald-300">{text}</dd> : null}
      {pool.frozen ? <dd className="text-amber-200">{t("pool.frozen")}</dd> : null}
    </div>
  );
}

/** The tournament's card: banner, title, organizer, live badge, date, prize, pool, fee, places, deadline, rules, bracket link. */
export function TournamentDetails({
  tournament,
  pool,
  live,
  language,
}: {
  tournament: PageTournament;
  pool: PoolView | null;
  live: boolean;
  language: Language;
}) {
  const { t } = useTranslation("tournaments");
  const format = useFormat();
  const size = eventTeamSize(tournament);
  const solo = size === 1;
  const fee = tournament.feeAmount;
  const feeCurrency = tournament.feeCurrency === "VES" ? "VES" : "USD";
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-800 bg-arena-panel">
      <TournamentBanner image={tournament.image} game={tournament.game} alt="" className="aspect-[16/6] w-full object-cover" />
      <div className="p-6">
        {tournament.plusOnly ? <PlusEventBadge label={t("plusEvent.badge")} /> : null}
        <h1 className="text-3xl font-extrabold">{tournament.title}</h1>
        {tournament.organizationSlug ? (
          <OrganizedBy slug={tournament.organizationSlug} name={tournament.organizationName} logoUrl={tournament.organizationLogo} />
        ) : null}
        {live ? (
          <p className="mt-2">
            <LiveBadge testId="tournament-live" />
          </p>
        ) : null}
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-400">{t("details.date")}</dt>
            <dd className="font-semibold" data-testid="tournament-date">
              {format.date(tournament.date)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">{t("details.prize")}</dt>
            <dd className="font-semibold text-cyan-300" data-testid="tournament-prize">
              {tournament.prize}
            </dd>
          </div>
          {pool ? <PoolLine pool={pool} language={language} /> : null}
          <div>
            <dt className="text-slate-400">{t("details.fee")}</dt>
            <dd className="font-semibold" data-testid="tournament-fee">
              {fee === 0 ? t("details.free") : formatMoney({ amount: fee, currency: feeCurrency }, language)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">{solo ? t("details.solo") : t("details.team", { count: size })}</dt>
            <dd className="font-semibold" data-testid="places-left">
              {tournament.placesLeft > 0 ? t("details.placesLeft", { count: tournament.placesLeft }) : t("details.full")}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-slate-400" data-testid="closes-at">
          {tournament.closure === "started"
            ? t("details.started")
            : tournament.closure
              ? t("details.closed")
              : t("details.closes", { time: format.dateTime(tournament.registrationClosesAt) })}
        </p>
        {tournament.rulesHtml ? (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-semibold text-slate-200">{t("details.rules")}</summary>
            {/* Rendered on the server by micromark, which escapes HTML and drops unsafe links. */}
            <div
              className="prose-invert mt-2 space-y-2 break-words text-slate-300"
              data-testid="tournament-rules"
              dangerouslySetInnerHTML={{ __html: tournament.rulesHtml }}
            />
          </details>
        ) : null}
        <Link
          to={`/tournaments/${tournament.id}/bracket`}
          className="mt-3 inline-block text-sm font-semibold text-cyan-400 hover:text-cyan-300"
          data-testid="bracket-link"
        >
          {t("bracketLink")} →
        </Link>
      </div>
    </div>
  );
}
