import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import type { OrderOutcome, OutcomeValue } from "../core/outcome";

/** The outcome's values as text in the page's language (times in the platform's zone, by the one formatter). */
export function useOutcomeValues(values: Record<string, OutcomeValue>): Record<string, string> {
  const format = useFormat();
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      "text" in value ? value.text : "dateTime" in value ? format.dateTime(value.dateTime) : format.date(value.date),
    ]),
  );
}

const TONE_STYLES: Record<OrderOutcome["tone"], string> = {
  waiting: "bg-cyan-500/15 text-cyan-100",
  done: "bg-emerald-500/20 text-emerald-100",
  stopped: "bg-slate-500/20 text-slate-200",
};

/** The outcome's short words as a chip: the same on the order page and in the list of orders. */
export function OutcomeChip({ outcome, small = false, testId }: { outcome: OrderOutcome; small?: boolean; testId?: string }) {
  const { t } = useTranslation("orders");
  const values = useOutcomeValues(outcome.values);
  return (
    <span
      className={`inline-block rounded-full font-semibold ${small ? "px-2.5 py-0.5 text-xs" : "px-3 py-1 text-sm"} ${TONE_STYLES[outcome.tone]}`}
      data-testid={testId}
      data-tone={outcome.tone}
    >
      {t(outcome.headline, values)}
    </span>
  );
}

/** The sentence saying what happened and what comes next, the next step's link and the facts (player ID…). */
export function OrderOutcomeText({ outcome }: { outcome: OrderOutcome }) {
  const { t } = useTranslation("orders");
  const values = useOutcomeValues(outcome.values);
  return (
    <div className="mt-6" data-testid="order-outcome" data-tone={outcome.tone}>
      <p className="text-slate-300" data-testid="order-next">
        {t(outcome.sentence, values)}
      </p>
      {outcome.details.length ? (
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm" data-testid="order-outcome-details">
          {outcome.details.map((detail) => (
            <div key={detail.label}>
              <dt className="text-slate-400">{t(detail.label)}</dt>
              <dd className="font-semibold break-all">{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {outcome.link ? (
        <a
          href={outcome.link.href}
          className="mt-3 inline-flex min-h-6 items-center font-semibold text-cyan-300 underline hover:text-cyan-200"
          data-testid="order-outcome-link"
        >
          {t(outcome.link.label)}
        </a>
      ) : null}
    </div>
  );
}
