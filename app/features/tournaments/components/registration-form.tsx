import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { buttonClass } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { showsCoachField } from "~/domain/games";
import { formatMoney } from "~/domain/format";
import type { Language } from "~/domain/language";
import { acceptedMethods, chargeFor } from "~/domain/tournament-fee";

/** The registration's text fields: the shared Field, what was typed, and its error (marked on the control) when refused. */
export function TypedField({
  label,
  name,
  hint,
  type = "text",
  inputMode,
  typed,
  error,
}: {
  label: string;
  name: string;
  hint?: string;
  type?: string;
  inputMode?: "numeric" | "tel";
  typed: Record<string, string>;
  /** The field's error, translated. */
  error?: string;
}) {
  const errorId = `r-error-${name}`;
  return (
    <Field label={label} hint={hint} error={error ? <span data-testid={errorId}>{error}</span> : undefined} errorId={errorId}>
      <Input
        name={name}
        type={type}
        inputMode={inputMode}
        maxLength={60}
        defaultValue={typed[name]}
        {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
      />
    </Field>
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
export function PaymentMethods({ fee, feeCurrency, rate, typed, language, error }: FeeTerms & { error?: string }) {
  const { t } = useTranslation("tournaments");
  return (
    // A radio group: aria-invalid is allowed on it (not on a plain group) when the method was refused.
    <fieldset
      role="radiogroup"
      className="flex flex-col gap-2"
      {...(error ? { "aria-invalid": true, "aria-describedby": "r-error-paymentMethod" } : {})}
    >
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
      {error ? (
        <span role="alert" id="r-error-paymentMethod" data-testid="r-error-paymentMethod" className="text-xs text-rose-300">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

/** The registration typed in by hand: team name and coach (teams), each player, the contact phone and, for a paid event, how to pay. */
export function RegistrationForm({
  tournament,
  idempotencyKey,
  size,
  substitutes,
  errors = {},
  ...terms
}: {
  tournament: { id: string; game: string };
  idempotencyKey: string;
  size: number;
  substitutes: number;
  /** Each field the last answer refused, with its code (the summary above the form says the first). */
  errors?: Record<string, string>;
} & FeeTerms) {
  const { fee, typed } = terms;
  const { t } = useTranslation("tournaments");
  const solo = size === 1;
  // Each wrong field's own message: the player's number for a player's fields, the team size for the count.
  const error = (name: string) =>
    errors[name] ? t(`errors.${errors[name]}`, { n: Number(/^player(\d+)/.exec(name)?.[1] ?? 0), count: size }) : undefined;
  const field = (name: string) => ({ name, typed, error: error(name) });
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
      {!solo ? <TypedField label={t("form.teamName")} {...field("teamName")} /> : null}
      {!solo && showsCoachField(tournament.game) ? <TypedField label={t("form.coachName")} {...field("coachName")} /> : null}
      {Array.from({ length: size + substitutes }, (_, index) => index + 1).map((n) => (
        <fieldset key={n} className="grid gap-3 rounded-xl border border-slate-800 p-4 sm:grid-cols-3" data-testid={`player-${n}`}>
          <legend className="px-1 text-sm font-bold text-cyan-300">
            {n > size ? t("form.substitute", { n: n - size }) : !solo && n === 1 ? t("form.captain") : t("form.player", { n })}
          </legend>
          <TypedField label={t("form.playerName")} {...field(`player${n}Name`)} />
          <TypedField label={t("form.playerIgn")} {...field(`player${n}Ign`)} />
          {!solo ? (
            <TypedField
              label={n === 1 ? t("form.playerPhone") : t("form.playerPhoneOptional")}
              {...field(`player${n}Phone`)}
              type="tel"
              inputMode="numeric"
            />
          ) : null}
        </fieldset>
      ))}
      <TypedField
        label={t("form.phone")}
        {...field("phone")}
        type="tel"
        inputMode="numeric"
        hint={t(solo ? "form.phoneHint" : "form.phoneHintTeam")}
      />
      {fee > 0 ? <PaymentMethods {...terms} error={error("paymentMethod")} /> : null}
      <button type="submit" className={buttonClass("primary", "md")}>
        {fee > 0 ? t("form.submitPaid") : t("form.submitFree")}
      </button>
    </form>
  );
}
