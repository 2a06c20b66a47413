import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { GAMES, MAX_SUBSTITUTES, TEAM_SIZES, usualTeamSize } from "~/domain/games";
import { formatMoney } from "~/domain/format";
import { PRIZE_FUNDINGS, feeSplit } from "~/features/wallet/core/prize-pools";
import { THIRD_PLACE } from "~/features/competition/core/formats";
import { FEE_KINDS, FEE_MAX, TOURNAMENT_BADGES, TOURNAMENT_FORMATS } from "../core/tournament-form";
import { parseMinorUnits } from "../core/money-input";
import { LabeledInput, fieldClass, labelClass } from "./admin-ui";

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

/** The tournament form's fields (create and edit); `invalid` names the field the last answer refused. */
export function TournamentFields({
  values,
  invalid,
  commissionPercent,
}: {
  values: TournamentFieldValues;
  invalid?: string;
  /** The platform's commission on fee-funded pools (a setting), shown before publishing. */
  commissionPercent: number;
}) {
  const { t, i18n } = useTranslation("admin");
  const { t: tl } = useTranslation("landing");
  const mark = (name: string) => (invalid === name ? { "aria-invalid": true as const } : {});
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
      <label className={`${labelClass} sm:col-span-2`}>
        {t("tournaments.fields.title")}
        <input
          name="title"
          required
          maxLength={120}
          defaultValue={values.title}
          className={fieldClass}
          {...mark("title")}
          data-testid="t-title"
        />
      </label>
      <label className={labelClass}>
        {t("tournaments.fields.game")}
        <select name="game" defaultValue={values.game} className={fieldClass} {...mark("game")} data-testid="t-game">
          {Object.entries(GAMES).map(([id, game]) => (
            <option key={id} value={id}>
              {game.name} · {t("tournaments.teamSize", { count: usualTeamSize(id) })}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t("tournaments.fields.format")}
        <select name="format" defaultValue={values.format} className={fieldClass} {...mark("format")} data-testid="t-format">
          <option value="">{t("common.none")}</option>
          {TOURNAMENT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(`tournaments.formats.${format}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t("tournaments.fields.thirdPlace")}
        <select
          name="thirdPlace"
          defaultValue={values.thirdPlace}
          className={fieldClass}
          {...mark("thirdPlace")}
          data-testid="t-third-place"
        >
          {THIRD_PLACE.map((choice) => (
            <option key={choice} value={choice}>
              {t(`tournaments.thirdPlace.${choice}`)}
            </option>
          ))}
        </select>
      </label>
      <LabeledInput
        label={t("tournaments.fields.date")}
        name="date"
        type="date"
        required
        defaultValue={values.date}
        {...mark("date")}
        data-testid="t-date"
      />
      <LabeledInput
        label={t("tournaments.fields.startTime")}
        name="startTime"
        type="time"
        defaultValue={values.startTime}
        {...mark("startTime")}
        data-testid="t-start-time"
      />
      <label className={labelClass}>
        {t("tournaments.fields.teamSize")}
        <select name="teamSize" defaultValue={values.teamSize} className={fieldClass} {...mark("teamSize")} data-testid="t-team-size">
          <option value="">{t("tournaments.teamSizeUsual")}</option>
          {TEAM_SIZES.map((size) => (
            <option key={size} value={size}>
              {t("tournaments.teamSize", { count: size })}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t("tournaments.fields.substitutes")}
        <select name="substitutes" defaultValue={values.substitutes} className={fieldClass} {...mark("substitutes")}>
          {Array.from({ length: MAX_SUBSTITUTES + 1 }, (_, count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
      <LabeledInput
        label={t("tournaments.fields.checkInOpensMinutes")}
        name="checkInOpensMinutes"
        inputMode="numeric"
        defaultValue={values.checkInOpensMinutes}
        {...mark("checkInOpensMinutes")}
        data-testid="t-check-in-opens"
      />
      <LabeledInput
        label={t("tournaments.fields.checkInClosesMinutes")}
        name="checkInClosesMinutes"
        inputMode="numeric"
        defaultValue={values.checkInClosesMinutes}
        {...mark("checkInClosesMinutes")}
        data-testid="t-check-in-closes"
      />
      <p className="text-xs text-slate-400 sm:col-span-2">{t("tournaments.runPlanNote")}</p>
      <LabeledInput
        label={t("tournaments.fields.registrationOpensAt")}
        name="registrationOpensAt"
        type="datetime-local"
        defaultValue={values.registrationOpensAt}
        {...mark("registrationOpensAt")}
      />
      <LabeledInput
        label={t("tournaments.fields.registrationClosesAt")}
        name="registrationClosesAt"
        type="datetime-local"
        required
        defaultValue={values.registrationClosesAt}
        {...mark("registrationClosesAt")}
        data-testid="t-closes"
      />
      <p className="text-xs text-slate-400 sm:col-span-2">{t("tournaments.timeZoneNote")}</p>
      <LabeledInput
        label={t("tournaments.fields.capacity")}
        name="capacity"
        inputMode="numeric"
        required
        defaultValue={values.capacity}
        {...mark("capacity")}
        data-testid="t-capacity"
      />
      <div className="grid grid-cols-2 gap-2">
        <label className={labelClass}>
          {t("tournaments.fields.feeKind")}
          <select
            name="feeKind"
            defaultValue={values.feeKind}
            onChange={(event) => setFeeKind(event.target.value)}
            className={fieldClass}
            {...mark("feeKind")}
            data-testid="t-fee-kind"
          >
            {FEE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`tournaments.feeKinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <LabeledInput
          label={t("tournaments.fields.fee")}
          name="fee"
          inputMode="decimal"
          defaultValue={values.fee}
          onChange={(event) => setFeeText(event.target.value)}
          placeholder="0.00"
          {...mark("fee")}
          data-testid="t-fee"
        />
      </div>
      <LabeledInput
        label={t("tournaments.fields.prize")}
        name="prize"
        required
        maxLength={80}
        defaultValue={values.prize}
        placeholder="$250"
        {...mark("prize")}
        data-testid="t-prize"
      />
      <LabeledInput
        label={t("tournaments.fields.prizeSplit")}
        name="prizeSplit"
        defaultValue={values.prizeSplit}
        placeholder="50, 30, 20"
        {...mark("prizeSplit")}
        data-testid="t-prize-split"
      />
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label className={labelClass}>
          {t("tournaments.fields.prizeFunding")}
          <select
            name="prizeFunding"
            defaultValue={values.prizeFunding}
            onChange={(event) => setFunding(event.target.value)}
            aria-describedby="t-prize-funding-hint"
            className={fieldClass}
            {...mark("prizeFunding")}
            data-testid="t-prize-funding"
          >
            {PRIZE_FUNDINGS.map((option) => (
              <option key={option} value={option}>
                {t(`tournaments.pool.fundings.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <p id="t-prize-funding-hint" className="text-xs text-slate-400" data-testid="t-prize-funding-hint">
          {t(`tournaments.pool.hints.${funding === "organizer" || funding === "fees" ? funding : "none"}`)}
        </p>
        {funding === "fees" ? (
          <p className="text-sm font-semibold text-amber-200" data-testid="t-pool-commission">
            {commissionText}
          </p>
        ) : null}
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="text-xs font-semibold text-slate-300">{t("tournaments.fields.badges")}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {TOURNAMENT_BADGES.map((badge) => (
            <label key={badge} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" name="badges" value={badge} defaultChecked={values.badges.includes(badge)} />
              {tl(`badges.${badge}`)}
            </label>
          ))}
        </div>
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
      <label className={`${labelClass} sm:col-span-2`}>
        {t("tournaments.fields.rules")}
        <textarea
          name="rules"
          rows={8}
          maxLength={20000}
          defaultValue={values.rules}
          className={`${fieldClass} font-mono`}
          {...mark("rules")}
        />
        <span className="font-normal text-slate-400">{t("tournaments.rulesHint")}</span>
      </label>
      <label className={`${labelClass} sm:col-span-2`}>
        {t("tournaments.fields.discordWebhookUrl")}
        <input
          name="discordWebhookUrl"
          type="url"
          inputMode="url"
          maxLength={300}
          defaultValue={values.discordWebhookUrl}
          placeholder="https://discord.com/api/webhooks/…"
          className={fieldClass}
          {...mark("discordWebhookUrl")}
          data-testid="t-discord-webhook"
        />
        <span className="font-normal text-slate-400">{t("tournaments.discordWebhookHint")}</span>
      </label>
      <label className={`${labelClass} sm:col-span-2`}>
        {t("tournaments.fields.image")}
        {values.image ? (
          <img src={values.image} alt="" width={320} height={180} className="h-auto w-full max-w-xs rounded-lg border border-slate-800" />
        ) : null}
        <input name="image" type="file" accept="image/png,image/jpeg,image/webp" className={fieldClass} {...mark("image")} />
        <span className="font-normal text-slate-400">{t("tournaments.imageHint")}</span>
      </label>
    </div>
  );
}
