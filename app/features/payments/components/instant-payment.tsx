import { useTranslation } from "~/lib/i18n-react";
import { buttonClass } from "~/components/ui/button";
import type { InstantView } from "../pay-page.server";

/**
 * The payment page's instant way (docs/payments.md): a button that creates the payment at Binance Pay or PayPal;
 * once created, Binance's QR code, the app's link (phones) and its checkout page, and a link to the
 * order, which follows the status live. Plain HTML: a form that posts and links.
 */
export function InstantPayment({ orderId, instant }: { orderId: string; instant: InstantView }) {
  const { t } = useTranslation("orders");
  const provider = t(`instant.provider.${instant.provider}`);
  return (
    <div
      className="mt-6 rounded-xl border border-amber-400/50 bg-amber-400/5 p-5"
      data-testid="instant-payment"
      data-provider={instant.provider}
    >
      <h2 className="text-xl font-bold">{t("instant.title", { provider })}</h2>
      <p className="mt-1 text-sm text-slate-300">{t(`instant.explain.${instant.provider}`)}</p>
      {instant.payment ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          {instant.payment.hasQr ? (
            <img
              src={`/orders/${orderId}/pay/binance/qr`}
              alt={t("instant.qrAlt")}
              width={174}
              height={174}
              className="rounded-lg bg-white p-2"
              data-testid="instant-qr"
            />
          ) : null}
          <a href={instant.payment.checkoutUrl} className={buttonClass("primary", "md")} data-testid="instant-checkout">
            {t("instant.goPay", { provider })}
          </a>
          {instant.payment.deeplink ? (
            <a href={instant.payment.deeplink} className="text-sm font-semibold text-cyan-300 underline" data-testid="instant-app">
              {t("instant.openApp")}
            </a>
          ) : null}
          <a href={`/orders/${orderId}`} className="text-sm font-semibold text-cyan-300 underline" data-testid="instant-follow">
            {t("instant.follow")}
          </a>
        </div>
      ) : (
        <form method="post" action={`/orders/${orderId}/pay/${instant.provider}/start`} className="mt-4">
          <button type="submit" className={buttonClass("primary", "md")} data-testid="instant-start">
            {t("instant.start", { provider })}
          </button>
        </form>
      )}
    </div>
  );
}
