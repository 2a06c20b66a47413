import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { buttonClass } from "~/components/ui/button";
import type { PageTournament } from "../tournament-route.server";

/** A full, closed or started tournament: why, where to go next, and the waiting list while it can still help. */
export function TournamentUnavailable({
  tournament,
  started,
  plusLocked,
  lateEntryFull,
  waitlistPosition,
  waitlistNotice,
  signInTo = null,
}: {
  tournament: Pick<PageTournament, "id" | "closed">;
  started: boolean;
  plusLocked: boolean;
  lateEntryFull: boolean;
  waitlistPosition: number | null;
  waitlistNotice: "joined" | "left" | null;
  /** A visitor: the waiting list needs an account, so a link to sign in (and back) instead of its button. */
  signInTo?: string | null;
}) {
  const { t } = useTranslation("tournaments");
  return (
    <div
      role="status"
      className="mt-8 rounded-xl border border-amber-500/50 bg-amber-500/10 p-6"
      data-testid="tournament-unavailable"
      data-state={started ? "started" : tournament.closed ? "closed" : "full"}
    >
      <h2 className="text-xl font-bold text-amber-100">
        {t(started ? "unavailable.startedTitle" : tournament.closed ? "unavailable.closedTitle" : "unavailable.fullTitle")}
      </h2>
      <p className="mt-2 text-amber-50/90">
        {t(started ? "unavailable.startedText" : tournament.closed ? "unavailable.closedText" : "unavailable.fullText")}
      </p>
      {lateEntryFull ? (
        <p className="mt-2 text-sm text-amber-50/80" data-testid="late-entry-full">
          {t("lateEntry.full")}
        </p>
      ) : null}
      {!tournament.closed && !plusLocked ? (
        <div className="mt-4 border-t border-amber-500/30 pt-4" data-testid="waitlist">
          <h3 className="font-bold text-amber-100">{t("waitlist.title")}</h3>
          {waitlistNotice ? (
            <p className="mt-1 text-sm text-emerald-200" role="status" data-testid="waitlist-notice">
              {t(`waitlist.${waitlistNotice}`)}
            </p>
          ) : null}
          {waitlistPosition ? (
            <>
              <p className="mt-1 font-semibold text-amber-50" data-testid="waitlist-position">
                {t("waitlist.position", { position: waitlistPosition })}
              </p>
              <p className="mt-1 text-sm text-amber-50/80">{t("waitlist.positionText")}</p>
            </>
          ) : (
            <p className="mt-1 text-sm text-amber-50/80">{t("waitlist.text")}</p>
          )}
          {signInTo ? (
            <a href={signInTo} className={buttonClass("primary", "md", "mt-3 inline-block")} data-testid="waitlist-sign-in">
              {t("signIn.waitlist")}
            </a>
          ) : (
            // One button: leave the line when in it, join it otherwise.
            <form method="post" className="mt-3">
              <input type="hidden" name="tournamentId" value={tournament.id} />
              <input type="hidden" name="intent" value={waitlistPosition ? "waitlist-leave" : "waitlist-join"} />
              <button
                type="submit"
                className={buttonClass(waitlistPosition ? "secondary" : "primary", "md")}
                data-testid={waitlistPosition ? "waitlist-leave" : "waitlist-join"}
              >
                {t(waitlistPosition ? "waitlist.leave" : "waitlist.join")}
              </button>
            </form>
          )}
        </div>
      ) : null}
      <Link to="/#tournaments" className={buttonClass("primary", "md", "mt-4 inline-block")} data-testid="other-tournaments">
        {t("unavailable.others")}
      </Link>
    </div>
  );
}
