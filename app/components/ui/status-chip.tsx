import { useTranslation } from "~/lib/i18n-react";

/** One colour per order status, the same on the buyer's pages and the staff's. */
const STATUS_STYLES: Record<string, string> = {
  initiated: "bg-amber-500/15 text-amber-200",
  proof_submitted: "bg-cyan-500/15 text-cyan-200",
  approved: "bg-emerald-500/15 text-emerald-200",
  fulfilled: "bg-emerald-500/25 text-emerald-100",
  rejected: "bg-rose-500/15 text-rose-200",
  cancelled: "bg-slate-500/20 text-slate-300",
  expired: "bg-slate-500/20 text-slate-300",
  refunded: "bg-purple-500/15 text-purple-200",
};

/** An order's status as a coloured chip; the text comes from the page's namespace (`status.<status>`). */
export function StatusChip({
  status,
  namespace = "orders",
  testId,
  small = false,
}: {
  status: string;
  namespace?: string;
  testId?: string;
  small?: boolean;
}) {
  const { t } = useTranslation(namespace);
  return (
    <span
      className={`inline-block rounded-full font-semibold ${small ? "px-2.5 py-0.5 text-xs" : "px-3 py-1 text-sm"} ${STATUS_STYLES[status] ?? "bg-slate-500/20"}`}
      data-testid={testId}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
