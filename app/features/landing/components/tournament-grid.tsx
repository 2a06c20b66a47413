import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { formatDate, formatMoney } from "~/domain/format";
import { isLanguage } from "~/domain/language";
import { participantsLabel, tournamentGridColumns } from "~/domain/tournament-grid";
import { filledPercent } from "~/domain/tournament-state";
import { useFormat } from "~/lib/use-format";
import { registrationOpensFor } from "~/features/plus/core/membership";
import type { TournamentCard } from "~/features/tournaments/tournaments.server";
import { PlusEventBadge } from "~/components/ui/plus-event-badge";
import { buttonClass } from "~/components/ui/button";
import { TournamentBanner } from "~/components/ui/tournament-banner";
import { LiveBadge } from "~/features/streamers/components/live-badge";
import { SectionHeading } from "./section-heading";

const COLUMN_CLASSES = { 1: "md:grid-cols-1 max-w-xl", 2: "md:grid-cols-2 max-w-4xl", 3: "md:grid-cols-2 lg:grid-cols-3" } as const;

/** SPEC §3 session key `tournament`: the chosen tournament, saved before going to /tournament. */
export const TOURNAMENT_SESSION_KEY = "tournament";

export function tournamentPath(tournament: TournamentCard): string {
  const params = new URLSearchParams({ id: tournament.id, participants: participantsLabel(tournament.players) });
  return `/tournament?${params}`;
}

export function TournamentGrid({
  tournaments,
  loggedIn,
  loading,
  plus = false,
  now,
}: {
  tournaments: TournamentCard[];
  loggedIn: boolean;
  loading: boolean;
  plus?: boolean;
  /** The server's clock when the page was rendered (ISO): opening times count from it. */
  now: string;
}) {
  const { t } = useTranslation("landing");
  return (
    <section id="tournaments" className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="tournaments-title" aria-busy={loading}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <SectionHeading section="tournaments" />
        </div>
        <a href="/tournaments" className="text-sm font-semibold text-cyan-400 hover:text-cyan-300" data-testid="all-tournaments-link">
          {t("tournaments.viewAll")} →
        </a>
      </div>
      {loading ? (
        <p className="mt-8 text-slate-400" role="status">
          {t("tournaments.loading")}
        </p>
      ) : (
        <TournamentCards tournaments={tournaments} loggedIn={loggedIn} plus={plus} now={now} empty={t("tournaments.empty")} />
      )}
    </section>
  );
}

/** The cards of a list of tournaments (the landing's teaser, /tournaments), or what to say when there are none. */
export function TournamentCards({
  tournaments,
  loggedIn,
  plus,
  now,
  empty,
}: {
  tournaments: TournamentCard[];
  loggedIn: boolean;
  plus: boolean;
  now: string;
  empty: string;
}) {
  const columns = tournamentGridColumns(tournaments.length);
  if (tournaments.length === 0) return <p className="mt-8 rounded-lg border border-slate-800 p-6 text-center text-slate-400">{empty}</p>;
  return (
    <ul className={`mx-auto mt-8 grid grid-cols-1 gap-6 ${COLUMN_CLASSES[columns]}`} data-testid="tournament-grid" data-columns={columns}>
      {tournaments.map((tournament, index) => (
        <li key={tournament.id}>
          <TournamentCardView tournament={tournament} loggedIn={loggedIn} plus={plus} now={now} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}

function TournamentCardView({
  tournament,
  loggedIn,
  plus,
  now,
  eager,
}: {
  tournament: TournamentCard;
  loggedIn: boolean;
  plus: boolean;
  now: string;
  eager: boolean;
}) {
  const { t, i18n } = useTranslation("landing");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const fee =
    tournament.feeAmount === 0
      ? t("tournaments.free")
      : formatMoney({ amount: tournament.feeAmount, currency: tournament.feeCurrency }, language);
  const date = formatDate(tournament.date, language);
  const destination = tournamentPath(tournament);
  const open = tournament.state === "open";
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-800 bg-arena-panel shadow-lg shadow-black/30 transition hover:border-cyan-500/60"
      data-testid="tournament-card"
    >
      <TournamentBanner
        image={tournament.image}
        game={tournament.game}
        alt={t("tournaments.imageAlt", { title: tournament.title })}
        eager={eager}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <ul className="flex flex-wrap gap-2">
          {tournament.plusOnly ? (
            <li>
              <PlusEventBadge label={t("badges.plusEvent")} />
            </li>
          ) : null}
          {tournament.badges.map((badge) => (
            <li key={badge} className="rounded-full bg-purple-500/15 px-2.5 py-0.5 text-xs font-semibold text-purple-200">
              {/* Unknown badge keys show as they are (SPEC §3). */}
              {t(`badges.${badge}`, { defaultValue: badge })}
            </li>
          ))}
        </ul>
        <h3 className="mt-3 text-xl font-bold">{tournament.title}</h3>
        {tournament.live ? (
          <p className="mt-2">
            <LiveBadge testId="tournament-live-badge" />
          </p>
        ) : null}
        {tournament.stage === "final" ? (
          <p
            className="mt-2 inline-block w-fit rounded-full bg-amber-400/15 px-2.5 py-0.5 text-xs font-bold text-amber-200 uppercase"
            data-testid="tournament-final-badge"
          >
            {t("tournaments.stage.final")}
          </p>
        ) : null}
        {tournament.stage === "finished" && tournament.champion ? (
          <p className="mt-2 text-sm font-semibold break-words text-amber-200" data-testid="tournament-champion">
            🏆 {t("tournaments.stage.champion", { name: tournament.champion })}
          </p>
        ) : null}
        {open || tournament.stage === "finished" ? null : (
          <p
            className="mt-2 inline-block w-fit rounded-full bg-rose-500/15 px-2.5 py-0.5 text-xs font-bold text-rose-200 uppercase"
            data-testid="tournament-state-chip"
          >
            {t(`tournaments.chip.${tournament.state}`)}
          </p>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-400">{t("tournaments.date")}</dt>
            <dd className="font-semibold">
              <time dateTime={tournament.date}>{date}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">{t("tournaments.fee")}</dt>
            <dd className="font-semibold" data-testid="tournament-fee">
              {fee}
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">{t("tournaments.prize")}</dt>
            <dd className="font-semibold text-cyan-300">{tournament.prize}</dd>
          </div>
          <div>
            <dt className="text-slate-400">{t("tournaments.participants")}</dt>
            <dd className="font-semibold" data-testid="tournament-participants">
              {participantsLabel(tournament.players)}
            </dd>
          </div>
        </dl>
        {tournament.opensAt ? <OpensLine opensAt={tournament.opensAt} plus={plus} now={now} /> : null}
        <div className="mt-4" data-testid="tournament-places">
          <div className="flex justify-between text-xs text-slate-400">
            <span>{t("tournaments.places")}</span>
            <span data-testid="tournament-places-count">
              {t("tournaments.placesTaken", { taken: Math.min(tournament.taken, tournament.capacity), capacity: tournament.capacity })}
            </span>
          </div>
          <div
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-800"
            role="progressbar"
            aria-label={t("tournaments.places")}
            aria-valuemin={0}
            aria-valuemax={tournament.capacity}
            aria-valuenow={Math.min(tournament.taken, tournament.capacity)}
          >
            <div
              className={`h-full rounded-full ${open ? "bg-gradient-to-r from-cyan-500 to-purple-500" : "bg-slate-500"}`}
              style={{ width: `${filledPercent(tournament)}%` }}
            />
          </div>
        </div>
        <div className="mt-auto pt-5">
          {open ? (
            <Link
              to={loggedIn ? destination : `/auth?redirectTo=${encodeURIComponent(destination)}`}
              data-testid="register-button"
              onClick={() => {
                if (!loggedIn) return;
                try {
                  window.sessionStorage.setItem(TOURNAMENT_SESSION_KEY, JSON.stringify(tournament));
                } catch {
                  // Session storage unavailable: /tournament reads the id from the URL.
                }
              }}
              className={buttonClass("primary", "md", "block w-full")}
            >
              {t("tournaments.register")}
            </Link>
          ) : tournament.stage === "finished" ? (
            // A finished event shows its results, not "full" (docs/product.md "Running an event"): the public bracket and table.
            <a
              href={`/tournaments/${encodeURIComponent(tournament.id)}/bracket`}
              className={buttonClass("secondary", "md", "block w-full text-center")}
              data-testid="tournament-results"
            >
              {t("tournaments.results")}
            </a>
          ) : (
            <>
              <span
                role="link"
                aria-disabled="true"
                data-testid="register-button"
                data-state={tournament.state}
                className="block w-full cursor-not-allowed rounded-lg border border-slate-700 px-4 py-2.5 text-center font-semibold text-slate-500"
              >
                {t(`tournaments.state.${tournament.state}`)}
              </span>
              <a
                href={destination}
                className="mt-2 block text-center text-sm text-cyan-400 hover:text-cyan-300"
                data-testid="tournament-details"
              >
                {t("tournaments.details")}
              </a>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * When registration opens, as this visitor sees it: Plus members 15 minutes early ("Plus: abre en
 * 12 min"), counted from the moment the server rendered the page.
 */
function OpensLine({ opensAt, plus, now }: { opensAt: string; plus: boolean; now: string }) {
  const { t } = useTranslation("landing");
  const format = useFormat();
  const opens = new Date(opensAt);
  const forMe = registrationOpensFor(opens, plus);
  const left = forMe.getTime() - new Date(now).getTime();
  const minutes = Math.ceil(left / 60_000);
  return (
    <p className="mt-3 text-sm font-semibold text-cyan-200" data-testid="tournament-opens">
      {plus && left <= 0
        ? t("tournaments.plusOpenNow")
        : plus
          ? minutes <= 24 * 60
            ? t("tournaments.plusOpensIn", { minutes })
            : t("tournaments.plusOpensOn", { time: format.dateTime(forMe) })
          : t("tournaments.opensOn", { time: format.dateTime(opens) })}
    </p>
  );
}
