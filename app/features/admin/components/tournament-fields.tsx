import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { GAMES, MAX_SUBSTITUTES, TEAM_SIZES, usualTeamSize } from "~/domain/games";
import { formatMoney } from "~/domain/format";
import { PRIZE_FUNDINGS, feeSplit } from "~/features/wallet/core/prize-pools";
import { THIRD_PLACE } from "~/features/competition/core/formats";
import { FEE_KINDS, FEE_MAX, TOURNAMENT_BADGES, TOURNAMENT_FORMATS } from "../core/tournament-form";
import { parseMinorUnits } from "../core/money-input";
import { Field, Input, Select, TextArea } from "~/components/ui/field";
import type { FieldErrors } from "~/domain/form-schema";

export interface TournamentFieldValues {
  title: string;
  game: string;
  date: string;
  startTime: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  capacity: string;
  feeKind: string;
  fee: string;
  prize: string;
  prizeSplit: string;
  rules: string;
  format: string;
  /** Elimination brackets: "shared" 3rd places or a 3rd-place "match". */
  thirdPlace: string;
  /** "" = the game's usual size. */
  teamSize: string;
  substitutes: string;
  checkInOpensMinutes: string;
  checkInClosesMinutes: string;
  /** The event has started: how it is run can no longer change here. */
  started: boolean;
  badges: string[];
  image: string | null;
  discordWebhookUrl: string;
  plusOnly: boolean;
  /** none | organizer | fees (docs/organizations.md "Prize pools"). */
  prizeFunding: string;
}

/** The fields typed as plain text inputs. */
type TextFieldName =
  | "title"
  | "date"
  | "startTime"
  | "registrationOpensAt"
  | "registrationClosesAt"
  | "capacity"
  | "prize"
  | "prizeSplit"
  | "checkInOpensMinutes"
  | "checkInClosesMinutes";

/** The tournament form's fields (create and edit); `errors`: each field the last answer refused, with its code. */
export function TournamentFields({
  values,
  errors = {},
  commissionPercent,
}: {
  values: TournamentFieldValues;
  errors?: FieldErrors;
  /** The platform's commission on fee-funded pools (a setting), shown before publishing. */
  commissionPercent: number;
}) {
  const { t, i18n } = useTranslation("admin");
  const { t: tl } = useTranslation("landing");
  // Each wrong field shows its own message under it, linked to the control (the summary stays above the form).
  const errorId = (name: string) => `t-error-${name}`;
  const error = (name: string) =>
    errors[name] ? (
      <span data-testid={errorId(name)}>{t(`errors.${errors[name]}`, { max: 300, defaultValue: t("errors.UNKNOWN") })}</span>
    ) : undefined;
  const mark = (name: string, describedBy?: string) =>
    errors[name]
      ? { "aria-invalid": true as const, "aria-describedby": [describedBy, errorId(name)].filter(Boolean).join(" ") }
      : { "aria-describedby": describedBy };
  /** The Field around one named control: its label, hint and error. */
  const field = (name: string, label: string, extra: { hint?: string; className?: string } = {}) => ({
    label,
    error: error(name),
    errorId: errorId(name),
    compact: true,
    ...extra,
  });
  /** A text input in its Field, named, labelled, filled and marked after its field. */
  const textField = (
    name: TextFieldName,
    { testId, fieldClass, ...props }: InputHTMLAttributes<HTMLInputElement> & { testId?: string; fieldClass?: string } = {},
  ) => (
    <Field {...field(name, t(`tournaments.fields.${name}`), { className: fieldClass })}>
      <Input compact name={name} defaultValue={values[name]} {...props} {...mark(name)} data-testid={testId} />
    </Field>
  );
  // What the organizer reads before publishing a fee-funded pool: the commission, worked out on the fee typed.
  const [funding, setFunding] = useState(values.prizeFunding);
  const [feeKind, setFeeKind] = useState(values.feeKind);
  const [feeText, setFeeText] = useState(values.fee);
  // Someone quick may type or choose before the page hydrates: take what the fields hold by then.
  const fieldsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const valueOf = (name: string) => fieldsRef.current?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value;
    setFunding((current) => valueOf("prizeFunding") ?? current);
    setFeeKind((current) => valueOf("feeKind") ?? current);
    setFeeText((current) => valueOf("fee") ?? current);
  }, []);
  const currency = feeKind === "VES" ? "VES" : "USD";
  const fee = feeKind === "free" ? null : parseMinorUnits(feeText, { max: FEE_MAX[currency] });
  const language = i18n.language === "en" ? "en" : "es";
  const commissionText =
    fee?.ok === true
      ? t("tournaments.pool.commissionOf", {
          percent: commissionPercent,
          fee: formatMoney({ amount: fee.value, currency }, language),
          pool: formatMoney({ amount: feeSplit(fee.value, commissionPercent).pool, currency }, language),
        })
      : t("tournaments.pool.commission", { percent: commissionPercent });
  return (
    <div ref={fieldsRef} className="grid gap-4 sm:grid-cols-2">
      {textField("title", { required: true, maxLength: 120, testId: "t-title", fieldClass: "sm:col-span-2" })}
      <Field {...field("game", t("tournaments.fields.game"))}>
        <Select compact name="game" defaultValue={values.game} {...mark("game")} data-testid="t-game">
          {Object.entries(GAMES).map(([id, game]) => (
            <option key={id} value={id}>
              {game.name} · {t("tournaments.teamSize", { count: usualTeamSize(id) })}
            </option>
          ))}
        </Select>
      </Field>
      <Field {...field("format", t("tournaments.fields.format"))}>
        <Select compact name="format" defaultValue={values.format} {...mark("format")} data-testid="t-format">
          <option value="">{t("common.none")}</option>
          {TOURNAMENT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(`tournaments.formats.${format}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field {...field("thirdPlace", t("tournaments.fields.thirdPlace"))}>
        <Select compact name="thirdPlace" defaultValue={values.thirdPlace} {...mark("thirdPlace")} data-testid="t-third-place">
          {THIRD_PLACE.map((choice) => (
            <option key={choice} value={choice}>
              {t(`tournaments.thirdPlace.${choice}`)}
            </option>
          ))}
        </Select>
      </Field>
      {textField("date", { type: "date", required: true, testId: "t-date" })}
      {textField("startTime", { type: "time", testId: "t-start-time" })}
      <Field {...field("teamSize", t("tournaments.fields.teamSize"))}>
        <Select compact name="teamSize" defaultValue={values.teamSize} {...mark("teamSize")} data-testid="t-team-size">
          <option value="">{t("tournaments.teamSizeUsual")}</option>
          {TEAM_SIZES.map((size) => (
            <option key={size} value={size}>
              {t("tournaments.teamSize", { count: size })}
            </option>
          ))}
        </Select>
      </Field>
      <Field {...field("substitutes", t("tournaments.fields.substitutes"))}>
        <Select compact name="substitutes" defaultValue={values.substitutes} {...mark("substitutes")}>
          {Array.from({ length: MAX_SUBSTITUTES + 1 }, (_, count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </Select>
      </Field>
      {textField("checkInOpensMinutes", { inputMode: "numeric", testId: "t-check-in-opens" })}
      {textField("checkInClosesMinutes", { inputMode: "numeric", testId: "t-check-in-closes" })}
      <p className="text-xs text-slate-400 sm:col-span-2">{t("tournaments.runPlanNote")}</p>
      {textField("registrationOpensAt", { type: "datetime-local" })}
      {textField("registrationClosesAt", { type: "datetime-local", required: true, testId: "t-closes" })}
      <p className="text-xs text-slate-400 sm:col-span-2">{t("tournaments.timeZoneNote")}</p>
      {textField("capacity", { inputMode: "numeric", required: true, testId: "t-capacity" })}
      <div className="grid grid-cols-2 gap-2">
        <Field {...field("feeKind", t("tournaments.fields.feeKind"))}>
          <Select
            compact
            name="feeKind"
            defaultValue={values.feeKind}
            onChange={(event) => setFeeKind(event.target.value)}
            {...mark("feeKind")}
            data-testid="t-fee-kind"
          >
            {FEE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`tournaments.feeKinds.${kind}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field {...field("fee", t("tournaments.fields.fee"))}>
          <Input
            compact
            name="fee"
            inputMode="decimal"
            defaultValue={values.fee}
            onChange={(event) => setFeeText(event.target.value)}
            placeholder="0.00"
            {...mark("fee")}
            data-testid="t-fee"
          />
        </Field>
      </div>
      {textField("prize", { required: true, maxLength: 80, placeholder: "$250", testId: "t-prize" })}
      {textField("prizeSplit", { placeholder: "50, 30, 20", testId: "t-prize-split" })}
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Field {...field("prizeFunding", t("tournaments.fields.prizeFunding"))}>
          <Select
            compact
            name="prizeFunding"
            defaultValue={values.prizeFunding}
            onChange={(event) => setFunding(event.target.value)}
            {...mark("prizeFunding", "t-prize-funding-hint")}
            data-testid="t-prize-funding"
          >
            {PRIZE_FUNDINGS.map((option) => (
              <option key={option} value={option}>
                {t(`tournaments.pool.fundings.${option}`)}
              </option>
            ))}
          </Select>
        </Field>
        <p id="t-prize-funding-hint" className="text-xs text-slate-400" data-testid="t-prize-funding-hint">
          {t(`tournaments.pool.hints.${funding === "organizer" || funding === "fees" ? funding : "none"}`)}
        </p>
        {funding === "fees" ? (
          <p className="text-sm font-semibold text-amber-200" data-testid="t-pool-commission">
            {commissionText}
          </p>
        ) : null}
      </div>
      <fieldset className="sm:col-span-2" aria-describedby={errors.badges ? errorId("badges") : undefined}>
        <legend className="text-xs font-semibold text-slate-300">{t("tournaments.fields.badges")}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {TOURNAMENT_BADGES.map((badge) => (
            <label key={badge} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" name="badges" value={badge} defaultChecked={values.badges.includes(badge)} />
              {tl(`badges.${badge}`)}
            </label>
          ))}
        </div>
        {errors.badges ? (
          <span role="alert" id={errorId("badges")} className="mt-1 block text-xs text-rose-300">
            {error("badges")}
          </span>
        ) : null}
      </fieldset>
      <div className="flex items-start gap-2 text-sm sm:col-span-2">
        <input
          id="t-plus-only"
          type="checkbox"
          name="plusOnly"
          defaultChecked={values.plusOnly}
          aria-describedby="t-plus-only-hint"
          className="mt-1"
          data-testid="t-plus-only"
        />
        <label htmlFor="t-plus-only" className="font-semibold">
          {t("tournaments.fields.plusOnly")}
          <span id="t-plus-only-hint" className="block font-normal text-slate-400">
            {t("tournaments.plusOnlyHint")}
          </span>
        </label>
      </div>
      <Field {...field("rules", t("tournaments.fields.rules"), { hint: t("tournaments.rulesHint"), className: "sm:col-span-2" })}>
        <TextArea compact name="rules" rows={8} maxLength={20000} defaultValue={values.rules} className="font-mono" {...mark("rules")} />
      </Field>
      <Field
        {...field("discordWebhookUrl", t("tournaments.fields.discordWebhookUrl"), {
          hint: t("tournaments.discordWebhookHint"),
          className: "sm:col-span-2",
        })}
      >
        <Input
          compact
          name="discordWebhookUrl"
          type="url"
          inputMode="url"
          maxLength={300}
          defaultValue={values.discordWebhookUrl}
          placeholder="https://discord.com/api/webhooks/…"
          {...mark("discordWebhookUrl")}
          data-testid="t-discord-webhook"
        />
      </Field>
      <Field {...field("image", t("tournaments.fields.image"), { hint: t("tournaments.imageHint"), className: "sm:col-span-2" })}>
        {values.image ? (
          <img src={values.image} alt="" width={320} height={180} className="h-auto w-full max-w-xs rounded-lg border border-slate-800" />
        ) : null}
        <Input compact name="image" type="file" accept="image/png,image/jpeg,image/webp" {...mark("image")} />
      </Field>
    </div>
  );
}
