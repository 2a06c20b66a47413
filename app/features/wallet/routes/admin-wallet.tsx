import { Form } from "react-router";
import { formatDateTime, formatMoney } from "~/domain/format";
import type { Currency } from "~/domain/money";
import {
  ActionNotice,
  LabeledInput,
  PageTitle,
  cardClass,
  fieldClass,
  labelClass,
  primaryButton,
  secondaryButton,
} from "~/features/admin/components/admin-ui";
import { staffContext } from "~/features/admin/context.server";
import { minorUnitsText } from "~/features/admin/core/money-input";
import { parseIdempotencyKey } from "~/features/orders/core/idempotency";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formFields, readForm } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { CURRENCIES } from "../core/accounts";
import { parseAdjustment, parseNote, parseRules } from "../core/staff-forms";
import { describeDestination, type Destination } from "../core/withdrawals";
import { platformBalances } from "../ledger.server";
import {
  WalletError,
  adjustWallet,
  decideWithdrawal,
  payoutQueue,
  saveWithdrawalRules,
  userByEmail,
  withdrawalRules,
} from "../wallet.server";
import type { Route } from "./+types/admin-wallet";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages, language } = await staffContext(request, ["wallet"]);
  const [queue, paid, rejected, rules, balances] = await Promise.all([
    payoutQueue(db(), "requested"),
    payoutQueue(db(), "paid"),
    payoutQueue(db(), "rejected"),
    withdrawalRules(db()),
    platformBalances(db()),
  ]);
  const view = (rows: Awaited<ReturnType<typeof payoutQueue>>) =>
    rows.slice(0, 20).map((row) => ({
      ...row,
      amount: Number(row.amount),
      fee: Number(row.fee),
      currency: row.currency as Currency,
      destination: describeDestination(row.destination as Destination),
      createdAt: formatDateTime(row.createdAt, language, env().TIME_ZONE),
    }));
  const today = new Date().toISOString().slice(0, 10);
  return {
    queue: view(queue),
    decided: [...view(paid), ...view(rejected)],
    rules,
    balances,
    today,
    monthStart: `${today.slice(0, 8)}01`,
    idempotencyKey: crypto.randomUUID(),
    messages,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request, ["wallet"]);
  const fields = formFields(await readForm(request));
  try {
    if (fields.intent === "paid" || fields.intent === "rejected") {
      const note =
        fields.intent === "paid"
          ? parseNote(fields.reference, "BAD_REFERENCE", "reference")
          : parseNote(fields.reason, "BAD_REASON", "reason");
      if (!note.ok) return fail(note.code, 400, { field: note.field });
      const decided =
        fields.intent === "paid"
          ? { decision: "paid" as const, reference: note.text }
          : { decision: "rejected" as const, reason: note.text };
      await decideWithdrawal(db(), staff.id, fields.withdrawalId ?? "", decided);
      return succeed({ done: fields.intent });
    }
    if (fields.intent === "adjust") {
      const parsed = parseAdjustment(fields);
      if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field });
      const user = await userByEmail(db(), (fields.email ?? "").trim().toLowerCase());
      if (!user) return fail("BAD_EMAIL", 400, { field: "email" });
      const key = parseIdempotencyKey(fields.idempotencyKey);
      if (!key) return fail("BAD_REQUEST", 400);
      await adjustWallet(db(), {
        staffId: staff.id,
        userId: user.id,
        currency: parsed.currency,
        amount: parsed.amount,
        reason: parsed.reason,
        idempotencyKey: key,
      });
      return succeed({ done: "adjust" });
    }
    if (fields.intent === "rules") {
      const parsed = parseRules(fields);
      if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field });
      await saveWithdrawalRules(db(), staff.id, parsed.rules);
      return succeed({ done: "rules" });
    }
    return fail("BAD_REQUEST", 400);
  } catch (error) {
    if (error instanceof WalletError) return fail(error.code, 409);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "wallet", "staff.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function AdminWalletPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("wallet");
  const language = i18n.language === "en" ? "en" : "es";
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, language);
  const { rules } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" data-testid="admin-wallet">
      <PageTitle title={t("staff.title")} subtitle={t("staff.subtitle")} />
      <ActionNotice
        done={actionData?.ok ? t(`staff.done.${actionData.done}`) : undefined}
        error={
          actionData && !actionData.ok
            ? t(`staff.errors.${actionData.code}`, { defaultValue: t(`errors.${actionData.code}`, { defaultValue: actionData.code }) })
            : undefined
        }
      />

      <h2 className="mt-2 text-xl font-bold">{t("staff.queue")}</h2>
      {loaderData.queue.length === 0 ? <p className="mt-2 text-slate-300">{t("staff.queueEmpty")}</p> : null}
      <ul className="mt-3 grid gap-3" data-testid="payout-queue">
        {loaderData.queue.map((row) => (
          <li key={row.id} className={cardClass} data-testid={`payout-${row.number}`}>
            <p className="font-semibold">
              #{row.number} · {row.name || row.email} · {t(`methods.${row.method}`)}
              {row.plusMember ? " · Plus" : ""}
            </p>
            <p className="text-sm break-all text-slate-300">{row.email}</p>
            <p className="mt-1 text-sm">
              {t("staff.payThis", {
                net: money(row.amount - row.fee, row.currency),
                amount: money(row.amount, row.currency),
                fee: money(row.fee, row.currency),
              })}
            </p>
            <p className="font-mono text-sm break-all" data-testid="payout-destination">
              {row.destination}
            </p>
            <p className="text-xs text-slate-400">{row.createdAt}</p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <Form method="post" className="flex flex-col gap-2">
                <input type="hidden" name="intent" value="paid" />
                <input type="hidden" name="withdrawalId" value={row.id} />
                <LabeledInput label={t("staff.reference")} name="reference" required maxLength={300} data-testid="payout-reference" />
                <button type="submit" className={primaryButton} data-testid="payout-paid">
                  {t("staff.markPaid")}
                </button>
              </Form>
              <Form method="post" className="flex flex-col gap-2">
                <input type="hidden" name="intent" value="rejected" />
                <input type="hidden" name="withdrawalId" value={row.id} />
                <LabeledInput label={t("staff.reason")} name="reason" required maxLength={300} data-testid="payout-reason" />
                <button type="submit" className={secondaryButton} data-testid="payout-reject">
                  {t("staff.reject")}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>

      {loaderData.decided.length > 0 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">{t("staff.decided")}</h2>
          <ul className="mt-3 grid gap-2 text-sm" data-testid="payouts-decided">
            {loaderData.decided.map((row) => (
              <li key={row.id} className="rounded-lg border border-slate-800 p-3 break-words">
                #{row.number} · {row.email} · {money(row.amount, row.currency)} · {t(`withdrawals.status.${row.status}`)}
                {row.reference ? ` · ${row.reference}` : ""}
                {row.reason ? ` · ${row.reason}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <div className="mt-8 grid gap-4 md:grid-cols-2">
        <Form method="post" className={`${cardClass} grid gap-3`} data-testid="wallet-adjust">
          <h2 className="text-lg font-bold">{t("staff.adjust")}</h2>
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          <LabeledInput label={t("staff.email")} name="email" type="email" required data-testid="adjust-email" />
          <label className={labelClass}>
            {t("staff.direction")}
            <select name="direction" className={fieldClass}>
              <option value="credit">{t("staff.credit")}</option>
              <option value="debit">{t("staff.debit")}</option>
            </select>
          </label>
          <label className={labelClass}>
            {t("withdraw.currency")}
            <select name="currency" className={fieldClass}>
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {t(`currency.${currency}`)}
                </option>
              ))}
            </select>
          </label>
          <LabeledInput label={t("withdraw.amount")} name="amount" inputMode="decimal" required data-testid="adjust-amount" />
          <LabeledInput label={t("staff.reason")} name="reason" required maxLength={300} data-testid="adjust-reason" />
          <button type="submit" className={primaryButton} data-testid="adjust-submit">
            {t("staff.adjustSubmit")}
          </button>
        </Form>

        <div className={`${cardClass} grid content-start gap-3`}>
          <h2 className="text-lg font-bold">{t("staff.export")}</h2>
          <form method="get" action="/admin/wallet/ledger.csv" className="grid gap-3" data-testid="ledger-export">
            <LabeledInput
              label={t("staff.from")}
              type="date"
              name="from"
              defaultValue={loaderData.monthStart}
              required
              data-testid="export-from"
            />
            <LabeledInput label={t("staff.to")} type="date" name="to" defaultValue={loaderData.today} required data-testid="export-to" />
            <button type="submit" className={primaryButton} data-testid="export-submit">
              {t("staff.exportSubmit")}
            </button>
          </form>
          <h3 className="mt-2 font-semibold">{t("staff.platform")}</h3>
          <ul className="text-sm" data-testid="platform-balances">
            {loaderData.balances.map((row) => (
              <li key={row.id} className="flex justify-between gap-2">
                <span>
                  {t(`staff.accounts.${row.kind}`, { defaultValue: row.kind })} ({row.currency})
                </span>
                <span className="font-mono">{money(row.balance, row.currency)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <Form method="post" className={`${cardClass} mt-8 grid gap-3 sm:grid-cols-2`} data-testid="wallet-rules">
        <h2 className="text-lg font-bold sm:col-span-2">{t("staff.rules")}</h2>
        <input type="hidden" name="intent" value="rules" />
        <LabeledInput label={t("staff.feePercent")} name="feePercent" defaultValue={minorUnitsText(rules.feeBasisPoints)} />
        <LabeledInput label={t("staff.holdDays")} name="holdDays" defaultValue={String(rules.newAccountHoldDays)} />
        {(["minimumFee", "minimumAmount", "dailyMaximum"] as const).flatMap((name) =>
          CURRENCIES.map((currency) => (
            <label key={`${name}${currency}`} className={labelClass}>
              {t(`staff.${name}`, { currency })}
              <input name={`${name}${currency}`} defaultValue={minorUnitsText(rules[name][currency])} className={fieldClass} />
            </label>
          )),
        )}
        <button type="submit" className={`${primaryButton} sm:col-span-2`} data-testid="rules-submit">
          {t("staff.saveRules")}
        </button>
      </Form>
    </section>
  );
}
