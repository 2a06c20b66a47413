import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { buttonClass } from "~/components/ui/button";
import type { TournamentPageData } from "../tournament-route.server";
import { PaymentMethods, TypedField, type FeeTerms } from "./registration-form";

/** Enter a lasting team this person captains in one tap: its starters, a phone, and a payment method when there is a fee. */
export function TeamEntry({
  tournamentId,
  idempotencyKey,
  myTeams,
  size,
  ...terms
}: {
  tournamentId: string;
  idempotencyKey: string;
  myTeams: TournamentPageData["myTeams"];
  size: number;
} & FeeTerms) {
  const { fee, typed } = terms;
  const { t } = useTranslation("tournaments");
  return (
    <div className="mt-8 rounded-xl border border-purple-500/40 bg-purple-500/5 p-5" data-testid="team-entry">
      <h2 className="text-xl font-bold">{t("teamEntry.title")}</h2>
      <p className="mt-1 text-sm text-slate-300">{t("teamEntry.text", { count: size })}</p>
      {myTeams.map((team) => {
        const players = team.roster.filter((member) => member.role !== "coach");
        const starters = players.filter((member) => member.role === "starter").map((member) => member.userId);
        return (
          <form
            key={team.id}
            method="post"
            noValidate
            className="mt-4 flex flex-col gap-4 rounded-lg border border-slate-700 p-4"
            data-testid="team-entry-form"
            {...dataAttr(DataAttr.sending, t("form.sending"))}
          >
            <input type="hidden" name="tournamentId" value={tournamentId} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <input type="hidden" name="intent" value="team" />
            <input type="hidden" name="teamId" value={team.id} />
            <p className="font-bold break-words">
              [{team.tag}] {team.name}
            </p>
            {players.length < size ? (
              <p className="text-sm text-amber-200" data-testid="team-entry-too-few">
                {t("teamEntry.tooFew", { team: team.name, have: players.length, count: size })}
              </p>
            ) : (
              <>
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-semibold">{t("teamEntry.starters", { count: size })}</legend>
                  {players.map((member) => (
                    <label key={member.userId} className="flex items-center gap-3 py-1 text-sm">
                      <input
                        type="checkbox"
                        name="starter"
                        value={member.userId}
                        defaultChecked={starters.includes(member.userId)}
                        className="size-5"
                      />
                      <span className="break-all">{member.ign}</span>
                    </label>
                  ))}
                </fieldset>
                <TypedField label={t("form.phone")} name="phone" type="tel" inputMode="numeric" hint={t("form.phoneHint")} typed={typed} />
                {fee > 0 ? <PaymentMethods {...terms} /> : null}
                <button type="submit" className={buttonClass("primary", "md")} data-testid="team-entry-submit">
                  {t("teamEntry.submit", { team: team.name })}
                </button>
              </>
            )}
          </form>
        );
      })}
      <p className="mt-4 text-sm text-slate-300">{t("teamEntry.or")}</p>
    </div>
  );
}
