import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import { groupLabel, roundLabel, type GroupView, type MatchView } from "../core/bracket-view";
import type { BracketFormat } from "../core/formats";

/**
 * The bracket, server-rendered: one column per round. It scrolls sideways inside its own box, so the
 * page itself never does (a 360 px phone).
 */
export function BracketBoard({
  tournamentId,
  format,
  groups,
  roundTimes = {},
  matchTimes = {},
  walkovers = [],
}: {
  tournamentId: string;
  format: BracketFormat;
  groups: GroupView[];
  /** Round id → when it is played (ISO), written in the platform's zone. */
  roundTimes?: Record<number, string>;
  /** Match id → its own time (ISO), overriding its round's: written on its card. */
  matchTimes?: Record<number, string>;
  /** Matches decided by walkover: "W.O." beside the team that went through. */
  walkovers?: number[];
}) {
  const { t } = useTranslation("competition");
  const when = useFormat();
  const walkedOver = new Set(walkovers);
  // Translated once: a 256-team double elimination has 511 cards.
  const labels = {
    bye: t("bracket.bye"),
    tbd: t("bracket.tbd"),
    walkover: t("bracket.walkover"),
    base: `/tournaments/${encodeURIComponent(tournamentId)}/matches/`,
  };
  return (
    <div className="space-y-8">
      {groups.map((group) => {
        const label = groupLabel(format, group.number, group.stage);
        return (
          <section key={group.id} aria-label={t(`groups.${label.key}`, { number: label.number })}>
            <h3 className="mb-3 text-lg font-bold text-purple-300">{t(`groups.${label.key}`, { number: label.number })}</h3>
            <div className="overflow-x-auto pb-2" data-testid="bracket-scroll">
              <ol className="flex min-w-max gap-4">
                {group.rounds.map((round) => {
                  const rl = roundLabel(format, group.number, round.number, group.rounds.length, group.stage);
                  return (
                    <li key={round.number} className="flex w-56 flex-col">
                      <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
                        {t(`rounds.${rl.key}`, { number: rl.number })}
                      </h4>
                      {roundTimes[round.id] ? (
                        <p className="text-xs text-cyan-200" data-testid={`round-time-${round.id}`}>
                          <time dateTime={roundTimes[round.id]}>{when.dateTime(roundTimes[round.id]!)}</time>
                        </p>
                      ) : null}
                      <div className="mb-2" />
                      <ol className="flex flex-1 flex-col justify-around gap-3">
                        {round.matches.map((match) => (
                          <li key={match.id}>
                            {matchTimes[match.id] ? (
                              <p className="mb-1 text-xs text-cyan-200" data-testid={`match-time-${match.id}`}>
                                <time dateTime={matchTimes[match.id]}>{when.dateTime(matchTimes[match.id]!)}</time>
                              </p>
                            ) : null}
                            <MatchCard match={match} labels={labels} walkover={walkedOver.has(match.id)} />
                          </li>
                        ))}
                      </ol>
                    </li>
                  );
                })}
              </ol>
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** A plain link (not a client-side <Link>): hundreds of them render cheaply on the server and work without JavaScript. */
type Labels = { bye: string; tbd: string; walkover: string; base: string };

function MatchCard({ match, labels, walkover }: { match: MatchView; labels: Labels; walkover: boolean }) {
  const playable = match.side1?.registrationId && match.side2?.registrationId;
  const body = (
    <>
      <Side side={match.side1} labels={labels} walkover={walkover} />
      <Side side={match.side2} labels={labels} walkover={walkover} />
    </>
  );
  const classes = `block divide-y divide-slate-800 rounded-lg border text-sm ${match.status === "ready" ? "border-cyan-500/60" : "border-slate-800"} bg-slate-900/70`;
  return playable ? (
    <a
      href={`${labels.base}${match.id}`}
      className={`${classes} hover:border-cyan-400`}
      data-testid={`bracket-match-${match.id}`}
      data-status={match.status}
    >
      {body}
    </a>
  ) : (
    <div className={classes} data-testid={`bracket-match-${match.id}`} data-status={match.status}>
      {body}
    </div>
  );
}

function Side({ side, labels, walkover }: { side: MatchView["side1"]; labels: Labels; walkover: boolean }) {
  const name = side === null ? labels.bye : (side.name ?? labels.tbd);
  return (
    <div
      className={`flex items-center justify-between gap-2 px-3 py-2 ${side?.winner ? "font-bold text-cyan-200" : side?.name ? "text-slate-200" : "text-slate-400 italic"}`}
    >
      <span className="truncate">{name}</span>
      <span className="tabular-nums">{walkover ? (side?.winner ? labels.walkover : "") : (side?.score ?? "")}</span>
    </div>
  );
}
