import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import type { AutomaticSteps as Steps } from "../review.server";

/**
 * The staff review's account of what the machines did to an order (docs/payments.md): why it is back with staff
 * (`attention`), each event from a provider or the bank, each delivery attempt with the provider's
 * answer, and the retry button (delivering by hand stays "Entregado").
 */
export function AutomaticSteps({ orderId, steps, cardClass }: { orderId: string; steps: Steps; cardClass: string }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const nothing = !steps.attention && steps.events.length === 0 && steps.deliveries.length === 0 && !steps.canRetry;
  if (nothing && !steps.topupOn) return null;
  return (
    <section className={cardClass} aria-labelledby="automatic-heading" data-testid="automatic-steps">
      <h2 id="automatic-heading" className="text-lg font-bold">
        {t("review.automatic.title")}
      </h2>
      {steps.result ? (
        <p role="status" className="mt-3 rounded-lg border border-cyan-500/40 bg-cyan-500/10 p-3 text-sm" data-testid="delivery-result">
          {t(`review.automatic.result.${steps.result}`)}
        </p>
      ) : null}
      {steps.attention ? (
        <p
          className="mt-3 rounded-lg border border-amber-400/50 bg-amber-400/10 p-3 text-sm text-amber-100"
          data-testid="attention"
          data-code={steps.attention.code}
        >
          {String(t(`review.attention.${steps.attention.code}`, { ...steps.attention.values, defaultValue: steps.attention.code }))}
        </p>
      ) : null}
      {nothing ? <p className="mt-3 text-sm text-slate-400">{t("review.automatic.empty")}</p> : null}
      {steps.events.length ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm" data-testid="automatic-events">
          {steps.events.map((event) => (
            <li key={event.id} className="break-words">
              <span className="text-slate-400">{format.dateTime(event.createdAt)} · </span>
              {t("review.automatic.event", { source: event.source, outcome: event.outcome })}
              {event.reference ? ` · ${event.reference}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {steps.deliveries.length ? (
        <>
          <h3 className="mt-4 font-semibold">{t("review.automatic.delivery")}</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm" data-testid="delivery-attempts">
            {steps.deliveries.map((delivery) => (
              <li key={delivery.attempt} data-status={delivery.status} className="break-words">
                {t("review.automatic.attempt", {
                  attempt: delivery.attempt,
                  status: t(`review.automatic.status.${delivery.status}`, { defaultValue: delivery.status }),
                })}
                {delivery.transactionId ? ` · ${t("review.automatic.transaction", { id: delivery.transactionId })}` : ""}
                {delivery.reason ? ` · ${delivery.reason}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {steps.canRetry ? (
        <form method="post" action={`/admin/orders/${orderId}/delivery`} className="mt-4">
          <button
            type="submit"
            className="rounded-lg border border-cyan-500/60 px-4 py-2 text-sm font-semibold text-cyan-200 hover:bg-cyan-500/10"
            data-testid="retry-delivery"
          >
            {t("review.automatic.retry")}
          </button>
          <p className="mt-1 text-xs text-slate-400">{t("review.automatic.retryHint")}</p>
        </form>
      ) : null}
    </section>
  );
}
