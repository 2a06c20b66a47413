import type { InputHTMLAttributes } from "react";
import { redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { formatDateTime, formatMoney } from "~/domain/format";
import { languageFromCookieHeader } from "~/domain/language";
import type { Currency } from "~/domain/money";
import { VENEZUELAN_BANKS } from "~/domain/payment-methods";
import { requireUser } from "~/features/auth/session.server";
import { parseIdempotencyKey } from "~/features/orders/core/idempotency";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import { fail, succeed, typedOf } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { CURRENCIES } from "../core/accounts";
import { parseWithdrawalForm } from "../core/withdrawal-form";
import { WITHDRAWAL_METHODS, describeDestination, isWithdrawalMethod, type Destination, type WithdrawalMethod } from "../core/withdrawals";
import { WalletError, quoteWithdrawal, requestWithdrawal, walletHistory, walletSummary, withdrawalsOf } from "../wallet.server";
import type { Route } from "./+types/wallet";

// Links and forms that post: no React runtime (docs/decisions/002). A withdrawal takes two posts:
// the first answers the fee (shown before anything moves), the second confirms it.
export const handle: RouteHandle = { hydrate: false };

const DESTINATION_FIELDS = ["bankCode", "phone", "idNumber", "payId", "email"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const before = Number(url.searchParams.get("before"));
  const method = url.searchParams.get("method");
  const [summary, history, withdrawals, rate] = await Promise.all([
    walletSummary(db(), user.id),
    walletHistory(db(), user.id, Number.isSafeInteger(before) && before > 0 ? before : null),
    withdrawalsOf(db(), user.id),
    currentExchangeRate(db()).catch(() => null),
  ]);
  const zone = env().TIME_ZONE;
  return {
    summary,
    method: isWithdrawalMethod(method) ? method : null,
    done: url.searchParams.get("done") === "requested" ? Number(url.searchParams.get("number")) || null : null,
    rate,
    history: history.rows.map((row) => ({
      id: row.id,
      amount: Number(row.amount),
      currency: row.currency,
      kind: row.kind,
      at: formatDateTime(row.createdAt, language, zone),
      title: row.tournamentTitle ?? "",
      order: row.orderNumber ?? "",
      withdrawal: row.withdrawalNumber ?? "",
      // Staff's words, or a gift's items ("3 × Corona"); other reasons are codes, not for the page.
      reason: ["adjustment", "prize_reversal", "gift_order", "gift_refund"].includes(row.kind) ? (row.reason ?? "") : "",
    })),
    olderHref: history.more ? `/wallet?before=${history.rows.at(-1)?.id}` : null,
    withdrawals: withdrawals.map((row) => ({
      id: row.id,
      number: row.number,
      amount: Number(row.amount),
      fee: Number(row.fee),
      currency: row.currency as Currency,
      method: row.method as WithdrawalMethod,
      destination: describeDestination(row.destination as Destination),
      status: row.status,
      reference: row.reference,
      reason: row.reason,
      at: formatDateTime(row.createdAt, language, zone),
    })),
    idempotencyKey: crypto.randomUUID(),
    messages: loadMessages(language, ["wallet", "orders"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const fields = formFields(form);
  const typed = typedFields(form, (name) => ["method", "currency", "amount", ...DESTINATION_FIELDS].includes(name), 80);
  const parsed = parseWithdrawalForm(fields);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, typed });
  if (fields.intent === "confirm") {
    const key = parseIdempotencyKey(fields.idempotencyKey);
    if (!key) return fail("BAD_REQUEST", 400, { typed });
    try {
      const made = await requestWithdrawal(db(), {
        userId: user.id,
        currency: parsed.currency,
        amount: parsed.amount,
        destination: parsed.destination,
        idempotencyKey: key,
      });
      const [row] = (await withdrawalsOf(db(), user.id)).filter((withdrawal) => withdrawal.id === made.id);
      return redirect(`/wallet?done=requested&number=${row?.number ?? ""}`);
    } catch (error) {
      if (error instanceof WalletError) return fail(error.code, 409, { typed });
      throw error;
    }
  }
  const summary = await walletSummary(db(), user.id);
  if (summary[parsed.currency].available < parsed.amount) return fail("INSUFFICIENT_FUNDS", 409, { field: "amount", typed });
  const quote = await quoteWithdrawal(db(), user.id, parsed.amount, parsed.currency);
  if (quote.net <= 0) return fail("FEE_TOO_HIGH", 400, { field: "amount", typed });
  return succeed({
    quote: {
      amount: parsed.amount,
      currency: parsed.currency,
      fee: quote.fee,
      net: quote.net,
      plusMember: quote.plusMember,
      feePercent: quote.rules.feeBasisPoints / 100,
      destination: describeDestination(parsed.destination),
    },
    typed,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "wallet", "pageTitle")} · Arena LATAM` }];
}

export default function WalletPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("wallet");
  const language = i18n.language === "en" ? "en" : "es";
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, language);
  const refusal = actionData && !actionData.ok ? actionData : null;
  const quote = actionData && actionData.ok && "quote" in actionData ? actionData.quote : null;
  const typed = quote ? (actionData as { typed: Record<string, string> }).typed : typedOf(actionData);
  const method = (typed.method as WithdrawalMethod | undefined) ?? loaderData.method;
  // A withdrawal text field: refilled with what was typed, marked when the answer refused it.
  const withdrawInput = (name: string, label: string, testId: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label}>
      <Input
        name={name}
        required
        defaultValue={typed[name]}
        aria-invalid={refusal?.field === name || undefined}
        data-testid={testId}
        {...props}
      />
    </Field>
  );
  const hasMoney = CURRENCIES.some((currency) => loaderData.summary[currency].available > 0);
  return (
    <section className="mx-auto max-w-4xl px-4 py-12" data-testid="wallet-page">
      <h1 className="text-3xl font-extrabold">{t("title")}</h1>
      <p className="mt-2 text-slate-300">{t("subtitle")}</p>
      {loaderData.done !== null ? (
        <Alert tone="success" testId="withdrawal-requested">
          {t("requested", { number: loaderData.done })}
        </Alert>
      ) : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="wallet-balances">
        {CURRENCIES.map((currency) => (
          <div key={currency} className="rounded-2xl border border-slate-800 bg-arena-panel p-5" data-testid={`balance-${currency}`}>
            <h2 className="text-sm font-semibold text-slate-300">{t(`currency.${currency}`)}</h2>
            <p className="mt-1 text-3xl font-black" data-testid={`available-${currency}`}>
              {money(loaderData.summary[currency].available, currency)}
            </p>
            <p className="text-sm text-slate-300">{t("available")}</p>
            <p className="mt-2 text-sm text-amber-200" data-testid={`pending-${currency}`}>
              {t("pending", { amount: money(loaderData.summary[currency].pending, currency) })}
            </p>
          </div>
        ))}
      </div>

      <section className="mt-10" aria-labelledby="withdraw-title">
        <h2 id="withdraw-title" className="text-xl font-bold">
          {t("withdraw.title")}
        </h2>
        {!hasMoney ? (
          <p className="mt-3 text-slate-300">{t("withdraw.nothing")}</p>
        ) : (
          <>
            <nav className="mt-3 flex flex-wrap gap-2" aria-label={t("withdraw.method")}>
              {WITHDRAWAL_METHODS.map((id) => (
                <a
                  key={id}
                  href={`/wallet?method=${id}`}
                  aria-current={method === id ? "true" : undefined}
                  className={buttonClass(method === id ? "primary" : "secondary", "sm")}
                  data-testid={`withdraw-method-${id}`}
                >
                  {t(`methods.${id}`)}
                </a>
              ))}
            </nav>
            {refusal ? (
              <Alert tone="error" testId="withdraw-error">
                {t(`errors.${refusal.code}`)}
              </Alert>
            ) : null}
            {method && quote ? (
              <form
                method="post"
                className="mt-4 flex flex-col gap-3 rounded-2xl border border-cyan-400/40 p-5"
                data-testid="withdraw-confirm"
              >
                <input type="hidden" name="intent" value="confirm" />
                <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
                {Object.entries(typed).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-300">{t("withdraw.amount")}</dt>
                  <dd data-testid="quote-amount">{money(quote.amount, quote.currency)}</dd>
                  <dt className="text-slate-300">{t("withdraw.fee")}</dt>
                  <dd data-testid="quote-fee">
                    {money(quote.fee, quote.currency)}{" "}
                    <span className="text-slate-300">
                      {quote.plusMember ? t("withdraw.plusFree") : t("withdraw.feeRule", { percent: quote.feePercent })}
                    </span>
                  </dd>
                  <dt className="text-slate-300">{t("withdraw.net")}</dt>
                  <dd className="font-bold" data-testid="quote-net">
                    {money(quote.net, quote.currency)}
                  </dd>
                  <dt className="text-slate-300">{t("withdraw.to")}</dt>
                  <dd className="break-all">
                    {t(`methods.${method}`)} · {quote.destination}
                  </dd>
                </dl>
                {method === "pago_movil" && quote.currency === "USD" ? (
                  <p className="text-sm text-amber-200" data-testid="quote-conversion">
                    {t("withdraw.usdByPagoMovil", { rate: loaderData.rate ?? "—" })}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" data-testid="withdraw-confirm-submit">
                    {t("withdraw.confirm")}
                  </Button>
                  <a href={`/wallet?method=${method}`} className={buttonClass("secondary", "md")}>
                    {t("withdraw.change")}
                  </a>
                </div>
              </form>
            ) : method ? (
              <form method="post" className="mt-4 flex flex-col gap-3 rounded-2xl border border-slate-800 p-5" data-testid="withdraw-form">
                <input type="hidden" name="intent" value="quote" />
                <input type="hidden" name="method" value={method} />
                <Field label={t("withdraw.currency")} hint={method === "pago_movil" ? t("withdraw.currencyHint") : undefined}>
                  <Select
                    name="currency"
                    defaultValue={typed.currency ?? (loaderData.summary.VES.available > 0 ? "VES" : "USD")}
                    data-testid="withdraw-currency"
                  >
                    {CURRENCIES.map((currency) => (
                      <option key={currency} value={currency}>
                        {t(`currency.${currency}`)} · {money(loaderData.summary[currency].available, currency)}
                      </option>
                    ))}
                  </Select>
                </Field>
                {withdrawInput("amount", t("withdraw.amount"), "withdraw-amount", { inputMode: "decimal" })}
                {method === "pago_movil" ? (
                  <>
                    <Field label={t("withdraw.bank")}>
                      <Select name="bankCode" defaultValue={typed.bankCode ?? ""} required data-testid="withdraw-bank">
                        <option value="">{t("withdraw.chooseBank")}</option>
                        {Object.entries(VENEZUELAN_BANKS).map(([code, name]) => (
                          <option key={code} value={code}>
                            {code} · {name}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    {withdrawInput("phone", t("withdraw.phone"), "withdraw-phone", { type: "tel", inputMode: "numeric" })}
                    {withdrawInput("idNumber", t("withdraw.idNumber"), "withdraw-id-number")}
                  </>
                ) : method === "binance" ? (
                  withdrawInput("payId", t("withdraw.payId"), "withdraw-pay-id", { inputMode: "numeric" })
                ) : (
                  withdrawInput("email", t("withdraw.email"), "withdraw-email", { type: "email" })
                )}
                <Button type="submit" data-testid="withdraw-quote">
                  {t("withdraw.review")}
                </Button>
              </form>
            ) : (
              <p className="mt-3 text-sm text-slate-300">{t("withdraw.chooseMethod")}</p>
            )}
          </>
        )}
      </section>

      {loaderData.withdrawals.length > 0 ? (
        <section className="mt-10" aria-labelledby="withdrawals-title">
          <h2 id="withdrawals-title" className="text-xl font-bold">
            {t("withdrawals.title")}
          </h2>
          <ul className="mt-3 flex flex-col gap-2" data-testid="wallet-withdrawals">
            {loaderData.withdrawals.map((row) => (
              <li key={row.id} className="rounded-lg border border-slate-800 p-3 text-sm" data-testid={`withdrawal-${row.number}`}>
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold">
                    #{row.number} · {money(row.amount, row.currency)} · {t(`methods.${row.method}`)}
                  </span>
                  <span data-testid="withdrawal-status">{t(`withdrawals.status.${row.status}`)}</span>
                </p>
                <p className="break-all text-slate-300">
                  {row.destination} · {t("withdrawals.fee", { fee: money(row.fee, row.currency) })} · {row.at}
                </p>
                {row.reference ? <p className="text-slate-300">{t("withdrawals.reference", { reference: row.reference })}</p> : null}
                {row.reason ? <p className="text-rose-300">{t("withdrawals.reason", { reason: row.reason })}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mt-10" aria-labelledby="history-title">
        <h2 id="history-title" className="text-xl font-bold">
          {t("history.title")}
        </h2>
        {loaderData.history.length === 0 ? (
          <p className="mt-3 text-slate-300">{t("history.empty")}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2" data-testid="wallet-history">
            {loaderData.history.map((row) => (
              <li
                key={row.id}
                className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-slate-800 p-3 text-sm"
              >
                <span className="min-w-0">
                  <span className="block font-semibold">
                    {t(`reasons.${row.kind}`, { title: row.title, order: row.order, number: row.withdrawal, reason: row.reason })}
                  </span>
                  <span className="text-slate-300">{row.at}</span>
                </span>
                <span className={row.amount > 0 ? "font-bold text-emerald-300" : "font-bold text-slate-100"}>
                  {row.amount > 0 ? "+" : "−"}
                  {money(Math.abs(row.amount), row.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {loaderData.olderHref ? (
          <a href={loaderData.olderHref} className="mt-3 inline-block text-cyan-300 underline">
            {t("history.older")}
          </a>
        ) : null}
      </section>
    </section>
  );
}
