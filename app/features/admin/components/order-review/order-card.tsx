import { useTranslation } from "~/lib/i18n-react";
import { formatMoney } from "~/domain/format";
import type { Language } from "~/domain/language";
import type { Currency } from "~/domain/money";
import { useFormat } from "~/lib/use-format";
import type { ReviewOrder } from "../../order-review.server";
import { cardClass, Detail } from "./parts";

/** What was ordered: kind, method, amount (with the rate for bolívares), refund reference, dates and items. */
export function OrderCard({ order, language }: { order: ReviewOrder; language: Language }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, language);
  return (
    <section className={cardClass} aria-labelledby="order-heading">
      <h2 id="order-heading" className="text-lg font-bold">
        {t("review.order.title")}
      </h2>
      <dl className="mt-3 flex flex-col gap-2">
        <Detail label={t("review.order.kind")}>{t(`kinds.${order.kind}`, { defaultValue: order.kind })}</Detail>
        <Detail label={t("review.order.method")} testId="order-method">
          {t(`methods.${order.paymentMethod}`, { defaultValue: order.paymentMethod })}
        </Detail>
        <Detail label={t("review.order.amount")} testId="order-amount">
          <span className="font-mono text-base font-semibold">{money(order.amount, order.currency)}</span>
        </Detail>
        {order.currency === "VES" ? (
          <>
            <Detail label={t("review.order.rate")} testId="order-rate">
              {order.exchangeRate ? t("review.order.rateValue", { rate: format.rate(order.exchangeRate) }) : t("common.none")}
            </Detail>
            <Detail label={t("review.order.amountUsd")}>{money(order.amountUsd, "USD")}</Detail>
          </>
        ) : null}
        {order.refundReference ? (
          <Detail label={t("review.order.refundReference")} testId="order-refund-reference">
            <span className="font-mono">{order.refundReference}</span>
          </Detail>
        ) : null}
        <Detail label={t("review.order.created")}>{format.dateTime(order.createdAt)}</Detail>
        <Detail label={t("review.order.updated")}>{format.dateTime(order.updatedAt)}</Detail>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-300">{t("review.order.items")}</h3>
      <ul className="mt-2 list-inside list-disc text-sm" data-testid="order-items">
        {order.items.map((item) => (
          <li key={item.id}>{t("review.order.item", { label: item.label, quantity: item.quantity })}</li>
        ))}
      </ul>
    </section>
  );
}
