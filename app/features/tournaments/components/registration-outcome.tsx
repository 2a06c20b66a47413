import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import type { Language } from "~/domain/language";
import type { Currency } from "~/domain/money";
import { orderAmount } from "~/features/orders/orders-view";

/** A refused registration (or waiting-list post): the reason in the page's language, with the way to Plus for a Plus event. */
export function RegistrationRefused({
  error,
  size,
}: {
  error: { code: string; player?: number; reason?: string; until?: string };
  size: number;
}) {
  const { t } = useTranslation("tournaments");
  return (
    <Alert tone="error" testId="registration-error">
      {t(`errors.${error.code}`, {
        n: error.player,
        count: size,
        reason: error.reason,
        until: error.until,
      })}
      {error.code === "PLUS_ONLY" ? (
        <>
          {" "}
          <Link to="/plus" className="font-semibold underline" data-testid="plus-only-link">
            {t("plusEvent.join")}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}

/** A paid registration was started: the order's number, total, method and phone, and the way to pay it. */
export function RegistrationStarted({
  order,
  language,
}: {
  order: { id: string; number: number; amount: number; currency: Currency; method: string; phone: string };
  language: Language;
}) {
  const { t } = useTranslation("tournaments");
  return (
    <div role="status" className="mt-6 rounded-xl border border-emerald-500/50 bg-emerald-500/10 p-6" data-testid="registration-started">
      <p className="text-2xl font-extrabold text-emerald-200">{t("done.started")}</p>
      <p className="mt-1 text-emerald-100/90">{t("done.confirmation")}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-400">{t("done.orderNumber")}</dt>
          <dd className="font-semibold">#{order.number}</dd>
        </div>
        <div>
          <dt className="text-slate-400">{t("done.total")}</dt>
          <dd className="font-semibold text-cyan-300" data-testid="order-total">
            {orderAmount(order.amount, order.currency, language)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">{t("done.method")}</dt>
          <dd className="font-semibold">{t(`orders:methods.${order.method}`)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">{t("done.phone")}</dt>
          <dd className="font-semibold">{order.phone}</dd>
        </div>
      </dl>
      <Link
        to={`/tournament/payment?order=${order.id}`}
        className={buttonClass("primary", "md", "mt-6 inline-block")}
        data-testid="continue-to-payment"
      >
        {t("done.pay")}
      </Link>
    </div>
  );
}
