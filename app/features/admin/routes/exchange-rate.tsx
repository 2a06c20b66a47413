import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, useNavigation } from "react-router";
import { useFormat } from "~/lib/use-format";
import { isLanguage } from "~/domain/language";
import { currentExchangeRateInfo } from "~/features/orders/exchange-rate.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AdminDateTime } from "../components/admin-date";
import {
  AnswerNotice,
  LabeledInput,
  PageTitle,
  TableBox,
  TableHead,
  cardClass,
  fieldClass,
  labelClass,
  primaryButton,
  tableClass,
  tdClass,
} from "../components/admin-ui";
import { staffContext } from "../context.server";
import { platformToday } from "~/domain/format";
import { needsRateConfirmation, parseRateForm, rateChange } from "../core/exchange-rate";
import { listExchangeRates, setExchangeRate } from "../settings.server";
import type { Route } from "./+types/exchange-rate";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const current = await currentExchangeRateInfo(db()).catch(() => null);
  return { current, history: await listExchangeRates(db()), today: platformToday(), messages };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  const parsed = parseRateForm(fields, platformToday());
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field });
  // More than 20% from the rate in force: nothing is saved until staff confirm (a second plain form, no JavaScript needed).
  const current = await currentExchangeRateInfo(db()).catch(() => null);
  if (fields.confirmed !== "yes" && needsRateConfirmation(current?.rate, parsed.value.rate))
    return fail("RATE_CHANGE_CONFIRM", 409, {
      field: "rate",
      confirm: { ...parsed.value, current: current!.rate, change: rateChange(current!.rate, parsed.value.rate)! },
    });
  const saved = await setExchangeRate(db(), staff.id, parsed.value);
  return succeed({ rate: parsed.value.rate, packagesRepriced: saved.packagesRepriced });
}

/** A rate more than 20% from the current one, waiting for staff to confirm it. */
type RateConfirmation = { rate: string; effectiveOn: string; source: string; current: string; change: number };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "rate.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function ExchangeRatePage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const busy = useNavigation().state === "submitting";
  const { current, history, today } = loaderData;
  const format = useFormat();
  const confirm = actionData && !actionData.ok && "confirm" in actionData ? (actionData.confirm as RateConfirmation) : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" data-testid="admin-exchange-rate">
      <PageTitle title={t("rate.title")} subtitle={t("rate.subtitle")} />
      <AnswerNotice
        answer={confirm ? undefined : actionData}
        done={actionData?.ok ? t("rate.saved", { rate: format.rate(actionData.rate), count: actionData.packagesRepriced }) : undefined}
      />
      {confirm ? (
        <Form method="post" className="mb-6 rounded-xl border border-amber-500/60 bg-amber-500/10 p-4" data-testid="rate-confirm">
          <h2 className="font-bold text-amber-100">{t("rate.confirm.title")}</h2>
          <p className="mt-1 text-sm text-amber-50">
            {t("rate.confirm.body", {
              current: format.rate(confirm.current),
              next: format.rate(confirm.rate),
              change: format.number(Math.abs(confirm.change) * 100, { maximumFractionDigits: 1 }),
              direction: t(confirm.change > 0 ? "rate.confirm.up" : "rate.confirm.down"),
            })}
          </p>
          <input type="hidden" name="rate" value={confirm.rate} />
          <input type="hidden" name="effectiveOn" value={confirm.effectiveOn} />
          <input type="hidden" name="source" value={confirm.source} />
          <input type="hidden" name="confirmed" value="yes" />
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="submit" disabled={busy} className={primaryButton} data-testid="rate-confirm-save">
              {t("rate.confirm.save", { rate: format.rate(confirm.rate) })}
            </button>
            <Link to="/admin/exchange-rate" className="self-center text-sm text-cyan-300 underline" data-testid="rate-confirm-cancel">
              {t("rate.confirm.cancel")}
            </Link>
          </div>
        </Form>
      ) : null}
      <p className="mb-4 text-lg" data-testid="current-rate">
        {current ? t("rate.current", { rate: format.rate(current.rate), date: current.effectiveOn ?? t("common.none") }) : t("rate.none")}
      </p>
      <Form method="post" className={`${cardClass} grid gap-3 sm:grid-cols-2`}>
        <LabeledInput
          label={t("rate.fields.rate")}
          name="rate"
          inputMode="decimal"
          required
          placeholder={format.rate("245.50")}
          aria-invalid={actionData && !actionData.ok && actionData.field === "rate" ? true : undefined}
          data-testid="rate-input"
        />
        <LabeledInput label={t("rate.fields.effectiveOn")} name="effectiveOn" type="date" defaultValue={today} />
        <label className={`${labelClass} sm:col-span-2`}>
          {t("rate.fields.source")}
          <input name="source" maxLength={200} className={fieldClass} placeholder={t("rate.fields.sourceHint")} />
        </label>
        <p className="text-xs text-slate-400 sm:col-span-2">{t("rate.followsNote")}</p>
        <button type="submit" disabled={busy} className={`${primaryButton} sm:col-span-2`} data-testid="rate-save">
          {t("rate.save")}
        </button>
      </Form>
      <h2 className="mt-8 mb-3 text-xl font-bold">{t("rate.history")}</h2>
      <TableBox>
        <table className={tableClass} data-testid="rate-history">
          <TableHead columns={[t("rate.columns.rate"), t("rate.columns.effectiveOn"), t("rate.columns.source"), t("rate.columns.setAt")]} />
          <tbody className="divide-y divide-slate-800">
            {history.map((row) => (
              <tr key={row.id} data-testid="rate-row">
                <td className={`${tdClass} font-mono`}>{format.rate(row.rate)}</td>
                <td className={tdClass}>{row.effectiveOn}</td>
                <td className={`${tdClass} break-words`}>{row.source || t("common.none")}</td>
                <td className={tdClass}>
                  <AdminDateTime value={row.createdAt} language={language} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </section>
  );
}
