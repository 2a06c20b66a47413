import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { Alert } from "~/components/ui/alert";
import type { TournamentPageData } from "../tournament-route.server";

/** This person's place: its status, team and players, the order to pay, and help about it one tap away. */
export function MyRegistration({
  registration,
  started,
}: {
  registration: NonNullable<TournamentPageData["registration"]>;
  started: boolean;
}) {
  const { t } = useTranslation("tournaments");
  return (
    <div className="mt-6 rounded-xl border border-cyan-500/40 bg-cyan-500/5 p-6" data-testid="registration">
      <h2 className="text-xl font-bold">{t("registered.title")}</h2>
      <p className="mt-1 text-sm" data-testid="registration-status">
        {t(`registered.status.${registration.status}`)}
      </p>
      {started && registration.status === "pending_payment" ? (
        // Approving it now would give no place (the order kind releases it): say so before anyone pays.
        <Alert tone="warning" testId="started-unpaid" className="mt-3">
          {t("registered.startedUnpaid")}
        </Alert>
      ) : null}
      {registration.teamName ? (
        <p className="mt-3">
          <span className="text-slate-400">{t("registered.team")}: </span>
          {registration.teamName}
        </p>
      ) : null}
      <p className="mt-3 text-slate-400">{t("registered.players")}</p>
      <ul className="list-inside list-disc">
        {registration.players.map((player) => (
          <li key={player.ign}>
            {player.name} · {player.ign}
          </li>
        ))}
      </ul>
      {registration.orderId ? (
        <Link to={`/orders/${registration.orderId}`} className="mt-4 inline-block text-cyan-400 hover:text-cyan-300">
          {t("registered.pay")} →
        </Link>
      ) : null}
      <a
        href={`/support?registration=${encodeURIComponent(registration.id)}`}
        className="mt-4 block py-1 text-sm text-cyan-300 underline"
        data-testid="registration-support-link"
      >
        {t("mine.help")}
      </a>
    </div>
  );
}
