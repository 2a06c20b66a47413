import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import type { Tracking } from "../core/tracking";

/** The order's progress (the last step named by the order's kind: delivered, registered, Plus active) as steps with their times, or its bad end shown plainly. */
export function OrderTracking({ tracking, lastStep = "delivered" }: { tracking: Tracking; lastStep?: string }) {
  const { t } = useTranslation("orders");
  const format = useFormat();
  if (tracking.kind === "stopped")
    return (
      <div
        role="status"
        className="mt-6 rounded-xl border border-rose-500/50 bg-rose-500/10 p-4 text-rose-100"
        data-testid="order-stopped"
        data-status={tracking.status}
      >
        <p className="font-bold">{t(`status.${tracking.status}`)}</p>
        {tracking.at ? <p className="text-sm text-rose-200/80">{format.dateTime(tracking.at)}</p> : null}
      </div>
    );
  return (
    <ol className="mt-6 grid grid-cols-4 gap-1" aria-label={t("tracking.title")} data-testid="order-steps">
      {tracking.steps.map((step) => (
        <li
          key={step.key}
          className="flex flex-col items-center text-center"
          data-testid="order-step"
          data-step={step.key}
          data-state={step.state}
        >
          <span
            className={`grid h-8 w-8 place-items-center rounded-full text-sm font-black ${
              step.state === "done"
                ? "bg-emerald-400 text-slate-950"
                : step.state === "current"
                  ? "bg-cyan-400 text-slate-950 motion-safe:animate-pulse"
                  : "border border-slate-500 text-slate-400"
            }`}
            aria-hidden="true"
          >
            {step.state === "done" ? "✓" : TRACKING_NUMBERS[step.key]}
          </span>
          <span className={`mt-1 text-xs leading-tight font-semibold ${step.state === "todo" ? "text-slate-400" : "text-slate-100"}`}>
            {step.key === "delivered" ? t(`outcome.steps.${lastStep}`) : t(`tracking.${step.key}`)}
            <span className="sr-only"> ({t(`tracking.state.${step.state}`)})</span>
          </span>
          {step.at ? <span className="text-[11px] leading-tight text-slate-400">{format.dateTime(step.at)}</span> : null}
        </li>
      ))}
    </ol>
  );
}

const TRACKING_NUMBERS = { sent: 1, verifying: 2, approved: 3, delivered: 4 } as const;
