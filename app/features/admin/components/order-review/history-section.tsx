import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import type { ReviewOrder } from "../../order-review.server";
import { cardClass } from "./parts";

/** The order's moves, oldest first: from and to which status, who and when, and the reason given. */
export function HistorySection({ history, who }: { history: ReviewOrder["history"]; who: (userId: string | null) => string }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const statusText = (status: string | null) => (status ? t(`status.${status}`, { defaultValue: status }) : t("review.history.created"));
  return (
    <section className={cardClass} aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-lg font-bold">
        {t("review.history.title")}
      </h2>
      <ol className="mt-3 flex flex-col gap-3" data-testid="order-history">
        {history.map((line) => (
          <li key={line.id} className="border-l-2 border-cyan-500/50 pl-3 text-sm">
            <p className="font-semibold text-slate-100">
              {t("review.history.move", { from: statusText(line.from), to: statusText(line.to) })}
            </p>
            <p className="text-slate-400">
              {t("review.history.by", { who: who(line.actorUserId), when: format.dateTime(line.createdAt) })}
            </p>
            {line.reason ? <p className="text-slate-300">{t("review.history.reason", { reason: line.reason })}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
