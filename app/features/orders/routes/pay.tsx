import { bundleTexts } from "~/lib/i18n";
import { BankOptions } from "~/components/ui/bank-options";
import { useTranslation } from "~/lib/i18n-react";
import { Link, data } from "react-router";
import { formatRate } from "~/domain/format";
import { isLanguage, languageFromCookieHeader } from "~/domain/language";
import { isPaymentMethod, needsReceiptFile, VENEZUELAN_BANKS } from "~/domain/payment-methods";
import { canPay } from "../core/lifecycle";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { notFoundIfNullish, idParam } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { CancelOrderForm } from "../components/cancel-order-form";
import { findOrderFor } from "../orders.server";
import { orderAmount, orderSummary, plainAmount } from "../orders-view";
import { Countdown } from "~/components/ui/countdown";
import { payToDetails } from "../payment-accounts.server";
import { instantPaymentFor } from "~/features/payments/pay-page.server";
import { InstantPayment } from "~/features/payments/components/instant-payment";
import type { Route } from "./+types/pay";
import type { Currency } from "~/domain/money";
import { PayWithWallet } from "~/features/wallet/components/pay-with-wallet";
import { availableIn } from "~/features/wallet/wallet.server";
import type { RouteHandle } from "~/root";
import payPageScript from "../browser/pay-page?inline-script";
import type { PayTexts } from "../browser/pay-page";
import { InlineScript } from "~/components/inline-script";
import { DataAttr, dataAttr } from "~/browser/attributes";

// Plain HTML and a form that posts, no React runtime (docs/decisions/002); the payment module (browser/pay-page.ts) adds the
// copy buttons and the upload with its progress bar.
export const handle: RouteHandle = { hydrate: false };
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const order = notFoundIfNullish(await findOrderFor(db(), idParam(params.orderId), { userId: user.id, isStaff: false }));
  if (!isPaymentMethod(params.method)) throw data(null, { status: 404 });
  const method = order.paymentMethod;
  const payTo = await payToDetails(db());
  return {
    order: {
      // What is being paid for: the lines (package, tournament place, Plus) and, for a top-up, the account.
      ...orderSummary(order, language),
      gamerId: order.gamerId,
      gamerName: order.gamerName,
    },
    // The countdown starts from the server's clock (the page script keeps the difference).
    now: new Date().toISOString(),
    method,
    requestedMethod: params.method,
    payTo: payTo[method],
    payToBankName: method === "pago_movil" ? (VENEZUELAN_BANKS[payTo.pago_movil.bankCode] ?? "") : null,
    maxMb: env().RECEIPT_MAX_MB,
    // Binance Pay / PayPal confirmed by their own APIs, when that provider is on (null otherwise) (docs/payments.md).
    instant: await instantPaymentFor(db(), order),
    // "Saldo": the buyer's wallet in the order's currency (features/wallet), offered when it covers the order.
    walletBalance: await availableIn(db(), user.id, order.currency as Currency),
    error: new URL(request.url).searchParams.get("error"),
    messages: loadMessages(language, ["orders", "wallet"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "orders", "myOrders.pageTitle")} · Arena LATAM` }];
}

/** The copy button is shown and run by the payment module: without JavaScript it could do nothing. */
function CopyValue({ label, value, kind }: { label: string; value: string; kind: "id" | "number" | "email" }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-800 bg-slate-900/60 px-4 py-3">
      <div>
        <p className="text-xs text-slate-400">{label}</p>
        <p className="font-mono text-lg font-semibold" data-testid={`pay-to-${kind}`}>
          {value}
        </p>
      </div>
      <CopyButton value={value} kind={kind} />
    </div>
  );
}

function CopyButton({ value, kind }: { value: string; kind: "id" | "number" | "email" | "amount" }) {
  const { t } = useTranslation("orders");
  return (
    <button
      type="button"
      hidden
      {...dataAttr(DataAttr.copy, value)}
      {...dataAttr(DataAttr.copied, t(`payment.copied.${kind}`))}
      {...dataAttr(DataAttr.copyFailed, t(`payment.copyFailed.${kind}`))}
      className="rounded-md border border-cyan-500/60 px-3 py-1.5 text-sm font-semibold text-cyan-200 hover:bg-cyan-500/10"
      data-testid={`copy-${kind}`}
    >
      {t("payment.copy")}
    </button>
  );
}

const inputClass = "rounded-lg border border-slate-500 bg-slate-900 px-4 py-3 text-slate-100 focus:border-cyan-400";

export default function PayPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("orders");
  const { order, method, payTo } = loaderData;
  const error = loaderData.error;
  const methodName = t(`methods.${method}`);

  if (loaderData.requestedMethod !== method) {
    return (
      <section className="mx-auto max-w-xl px-4 py-14" data-testid="wrong-method">
        <h1 className="text-3xl font-extrabold">{t("payment.wrongMethodTitle")}</h1>
        <p className="mt-3 text-slate-300">
          {t("payment.wrongMethod", { method: methodName, other: t(`methods.${loaderData.requestedMethod}`) })}
        </p>
        <Link
          to={`/orders/${order.id}/pay/${method}`}
          className="mt-6 inline-block rounded-lg bg-cyan-500 px-5 py-3 font-semibold text-slate-950"
        >
          {t("payment.goToRightMethod", { method: methodName })}
        </Link>
      </section>
    );
  }
  if (!canPay(order.status)) {
    return (
      <section className="mx-auto max-w-xl px-4 py-14" data-testid="not-payable">
        <h1 className="text-3xl font-extrabold">{t("order.title", { number: order.number })}</h1>
        <p className="mt-3 text-slate-300">{t("payment.notPayable")}</p>
        <Link to={`/orders/${order.id}`} className="mt-6 inline-block text-cyan-400">
          {t(`status.${order.status}`)} →
        </Link>
      </section>
    );
  }

  const needsFile = needsReceiptFile(method);
  const orderTexts = loaderData.messages.orders === undefined ? {} : bundleTexts(loaderData.messages.orders);
  const codes = Object.keys((orderTexts as { errors?: Record<string, string> }).errors ?? {});
  const scriptTexts: PayTexts = {
    sending: t("payment.sending", { percent: "{{percent}}" }),
    uploadProgress: t("payment.uploadProgress"),
    errors: Object.fromEntries(codes.map((code) => [code, t(`errors.${code}`, { mb: loaderData.maxMb })])),
  };

  return (
    <section className="mx-auto max-w-xl px-4 py-12" data-testid="pay-page" data-method={method} {...dataAttr(DataAttr.payPage)}>
      <h1 className="text-3xl font-extrabold">{t("payment.title", { method: methodName })}</h1>
      <p className="mt-1 text-slate-400">{t("order.title", { number: order.number })}</p>

      <div className="mt-6 rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="pay-summary">
        <h2 className="text-sm text-slate-300">{t("payment.summary")}</h2>
        <ul className="mt-1 font-semibold">
          {order.items.map((item) => (
            <li key={item.id} className="break-words">
              {item.label} × {item.quantity}
            </li>
          ))}
        </ul>
        {order.gamerId ? (
          <p className="mt-1 text-sm break-all text-slate-300">
            {t("payment.forAccount", { id: order.gamerId, name: order.gamerName ?? "" }).trim()}
          </p>
        ) : null}
        {order.expiresAt ? (
          <p className="mt-2 text-sm text-amber-200" data-testid="pay-expires">
            <Countdown to={order.expiresAt} serverNow={loaderData.now} text={(time) => t("payment.expiresIn", { time })} />
          </p>
        ) : null}
      </div>

      <div className="mt-4 rounded-xl border border-cyan-500/40 bg-cyan-500/5 p-5">
        <p className="text-sm text-slate-300">{t("payment.amount")}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-3xl font-black text-cyan-300" data-testid="pay-amount">
            {orderAmount(order.amount, order.currency, i18n.language)}
          </p>
          <CopyButton value={plainAmount(order.amount, i18n.language)} kind="amount" />
        </div>
        {order.exchangeRate ? (
          <p className="text-xs text-slate-400">
            {t("order.rate", { rate: formatRate(order.exchangeRate, isLanguage(i18n.language) ? i18n.language : "es") })}
          </p>
        ) : null}
      </div>

      {loaderData.instant ? <InstantPayment orderId={order.id} instant={loaderData.instant} /> : null}
      {loaderData.instant ? <h2 className="mt-10 text-xl font-bold">{t("instant.orManual")}</h2> : null}
      <PayWithWallet orderId={order.id} amount={order.amount} currency={order.currency as Currency} balance={loaderData.walletBalance} />

      <p className="mt-6 text-slate-300">{t(`payment.instructions.${method}`)}</p>
      <div className="mt-4 flex flex-col gap-2">
        {"bankCode" in payTo ? (
          <>
            <CopyValue label={t("payment.bank")} value={`${payTo.bankCode} ${loaderData.payToBankName ?? ""}`.trim()} kind="number" />
            <CopyValue label={t("payment.phone")} value={payTo.phone} kind="number" />
            <CopyValue label={t("payment.idNumber")} value={payTo.id} kind="id" />
          </>
        ) : null}
        {"payId" in payTo ? <CopyValue label={t("payment.payId")} value={payTo.payId} kind="id" /> : null}
        {"email" in payTo ? <CopyValue label={t("payment.email")} value={payTo.email} kind="email" /> : null}
      </div>

      <h2 className="mt-10 text-xl font-bold">{t("payment.proofTitle")}</h2>
      <div {...dataAttr(DataAttr.errorSlot)}>
        {error ? (
          <Alert tone="error" testId="proof-error" className="mt-4">
            {t(`errors.${error}`, { mb: loaderData.maxMb, defaultValue: t("errors.UNEXPECTED") })}
          </Alert>
        ) : null}
      </div>
      <template id="proof-error-template">
        <Alert tone="error" testId="proof-error" className="mt-4">
          {""}
        </Alert>
      </template>
      <form
        method="post"
        action={`/orders/${order.id}/proof`}
        encType="multipart/form-data"
        noValidate
        {...dataAttr(DataAttr.proofForm)}
        {...dataAttr(DataAttr.needsFile, needsFile)}
        {...dataAttr(DataAttr.maxBytes, Math.round(loaderData.maxMb * 1024 * 1024))}
        className="mt-4 flex flex-col gap-4"
      >
        <input type="hidden" name="method" value={method} />
        {needsFile ? (
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            {t("payment.file", { mb: loaderData.maxMb })}
            <input name="receipt" type="file" accept="image/jpeg,image/png,image/webp,application/pdf" className={inputClass} />
          </label>
        ) : null}
        {method === "pago_movil" ? (
          <>
            <label className="flex flex-col gap-1.5 text-sm font-semibold">
              {t("payment.reference")}
              <input name="reference" inputMode="numeric" autoComplete="off" className={inputClass} />
            </label>
            <label className="flex flex-col gap-1.5 text-sm font-semibold">
              {t("payment.payingBank")}
              <select name="bankCode" defaultValue="" className={inputClass}>
                <option value="" disabled>
                  {t("payment.chooseBank")}
                </option>
                <BankOptions />
              </select>
            </label>
            <label className="flex flex-col gap-1.5 text-sm font-semibold">
              {t("payment.paidOn")}
              <input name="paidOn" type="date" className={inputClass} />
            </label>
          </>
        ) : null}
        {method === "binance" ? (
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            {t("payment.transactionId")}
            <input name="transactionId" autoComplete="off" className={inputClass} />
          </label>
        ) : null}
        {method === "paypal" ? (
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            {t("payment.payerEmail")}
            <input name="payerEmail" type="email" autoComplete="email" className={inputClass} />
          </label>
        ) : null}
        <button type="submit" className={buttonClass("primary", "md")}>
          {t("payment.send")}
        </button>
      </form>
      <div className="mt-8">
        <CancelOrderForm orderId={order.id} />
      </div>
      <script
        type="application/json"
        id="pay-texts"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(scriptTexts).replace(/</g, "\\u003c") }}
      />
      <InlineScript source={payPageScript} />
    </section>
  );
}
