import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { Countdown } from "~/components/ui/countdown";
import { useFormat } from "~/lib/use-format";

/** Registration opens later (Plus members 15 minutes early): when, a ticking countdown, and the Plus hint. */
export function RegistrationOpens({ opensForMe, now, member }: { opensForMe: string; now: string; member: boolean }) {
  const { t } = useTranslation("tournaments");
  const format = useFormat();
  return (
    <div role="status" className="mt-8 rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-6" data-testid="registration-opens">
      <h2 className="text-xl font-bold text-cyan-100">
        {t(member ? "opens.titlePlus" : "opens.title", { time: format.dateTime(opensForMe) })}
      </h2>
      <p className="mt-2 text-cyan-50/90">
        <Countdown to={opensForMe} serverNow={now} text={(time) => t("opens.countdown", { time })} />
      </p>
      {member ? null : (
        <p className="mt-2 text-sm text-cyan-50/80">
          <Link to="/plus" className="underline">
            {t("opens.plusHint")}
          </Link>
        </p>
      )}
    </div>
  );
}

/** Late entry is open: places a no-show left, taken from the waiting list until the start. */
export function LateEntryOpen({ placesLeft, startsAt }: { placesLeft: number; startsAt: string }) {
  const { t } = useTranslation("tournaments");
  const format = useFormat();
  return (
    <div role="status" className="mt-8 rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-6" data-testid="late-entry">
      <h2 className="text-xl font-bold text-cyan-100">{t("lateEntry.title", { count: placesLeft })}</h2>
      <p className="mt-2 text-cyan-50/90">{t("lateEntry.text", { time: format.time(startsAt) })}</p>
    </div>
  );
}
