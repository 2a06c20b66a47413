import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { buttonClass } from "~/components/ui/button";
import { showsCoachField } from "~/domain/games";
import { formatMoney } from "~/domain/format";
import type { Language } from "~/domain/language";
import { acceptedMethods, chargeFor } from "~/domain/tournament-fee";

const inputClass = "w-full rounded-lg border border-slate-500 bg-slate-900 px-4 py-3 text-slate-100 focus:border-cyan-400";

export function Field({
  label,
  name,
  hint,
  type = "text",
  inputMode,
  typed,
}: {
  label: string;
  name: string;
  hint?: string;
  type?: string;
  inputMode?: "numeric" | "tel";
  typed: Record<string, string>;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-semibold">
      {label}
      <input name={name} type={type} inputMode={inputMode} maxLength={60} defaultValue={typed[name]} className={inputClass} />
      {hint ? <span className="text-xs font-normal text-slate-400">{hint}</span> : null}
    </label>
  );
}

/** What both entry forms need to show the fee's payment methods: the fee, the rate, what was typed, the language. */
export interface FeeTerms {
  fee: number;
  feeCurrency: "VES" | "USD";
  rate: string | null;
  typed: Record<string, string>;
  language: Language;
}

/** The fee's payment methods with their prices (the typed form and the team form). */
export function PaymentMethods({ fee, feeCurrency, rate, typed, language }: FeeTerms) {
  const { t } = useTranslation("tournaments");
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{t("form.paymentMethod")}</legend>
      {feeCurrency === "VES" ? (
        <p className="text-sm text-slate-400" data-testid="ves-only">
          {t("form.vesOnly")}
        </p>
      ) : null}
      {acceptedMethods(feeCurrency).map((method) => {
        const charge = rate ? chargeFor({ amount: fee, currency: feeCurrency }, method, rate) : null;
        return (
          <label
            key={method}
            className="flex items-center gap-3 rounded-lg border border-slate-700 px-4 py-3 has-[:checked]:border-cyan-400"
          >
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              defaultChecked={feeCurrency === "VES" || typed.paymentMethod === method}
            />
            <span className="font-semibold">{t(`orders:methods.${method}`)}</span>
            <span className="ml-auto text-sm text-slate-300" data-testid={`method-price-${method}`}>
              {charge?.ok
                ? formatMoney({ amount: charge.amount, currency: charge.currency }, language)
                : formatMoney({ amount: fee, currency: feeCurrency }, language)}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The registration typed in by hand: team name and coach (teams), each player, the contact phone and, for a paid event, how to pay. */
export function RegistrationForm({
  tournament,
  idempotencyKey,
  size,
  substitutes,
  ...terms
}: {
  tournament: { id: string; game: string };
  idempotencyKey: string;
  size: number;
  substitutes: number;
} & FeeTerms) {
  const { fee, typed } = terms;
  const { t } = useTranslation("tournaments");
  const solo = size === 1;
  return (
    <form
      method="post"
      noValidate
      className="mt-8 flex flex-col gap-6"
      data-testid="registration-form"
      {...dataAttr(DataAttr.sending, t("form.sending"))}
    >
      <input type="hidden" name="tournamentId" value={tournament.id} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <h2 className="text-xl font-bold">{t("form.title")}</h2>
      {!solo ? <Field label={t("form.teamName")} name="teamName" typed={typed} /> : null}
      {!solo && showsCoachField(tournament.game) ? <Field label={t("form.coachName")} name="coachName" typed={typed} /> : null}
      {Array.from({ length: size + substitutes }, (_, index) => index + 1).map((n) => (
        <fieldset key={n} className="grid gap-3 rounded-xl border border-slate-800 p-4 sm:grid-cols-3" data-testid={`player-${n}`}>
          <legend className="px-1 text-sm font-bold text-cyan-300">
            {n > size ? t("form.substitute", { n: n - size }) : !solo && n === 1 ? t("form.captain") : t("form.player", { n })}
          </legend>
          <Field label={t("form.playerName")} name={`player${n}Name`} typed={typed} />
          <Field label={t("form.playerIgn")} name={`player${n}Ign`} typed={typed} />
          {!solo ? (
            <Field
              label={n === 1 ? t("form.playerPhone") : t("form.playerPhoneOptional")}
              name={`player${n}Phone`}
              typed={typed}
              type="tel"
              inputMode="numeric"
            />
          ) : null}
        </fieldset>
      ))}
      <Field
        label={t("form.phone")}
        name="phone"
        type="tel"
        inputMode="numeric"
        hint={t(solo ? "form.phoneHint" : "form.phoneHintTeam")}
        typed={typed}
      />
      {fee > 0 ? <PaymentMethods {...terms} /> : null}
      <button type="submit" className={buttonClass("primary", "md")}>
        {fee > 0 ? t("form.submitPaid") : t("form.submitFree")}
      </button>
    </form>
  );
}
