import type { ReactNode } from "react";

/** The look shared by the review page's parts. */
export const fieldClass = "w-full rounded-lg border border-slate-500 bg-slate-900 px-3 py-2 text-sm text-slate-100 focus:border-cyan-400";
export const cardClass = "rounded-xl border border-slate-800 bg-slate-900/40 p-5";
export const kbdClass = "rounded border border-slate-600 bg-slate-800 px-1.5 py-0.5 font-mono text-xs text-slate-200";

/** One labelled fact of an order (a row of a <dl>). */
export function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-sm text-slate-400 sm:w-44">{label}</dt>
      <dd className="text-sm break-words text-slate-100" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
