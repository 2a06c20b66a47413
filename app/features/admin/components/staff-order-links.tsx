import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { allowedDecisions } from "~/features/orders/core/decisions";
import { isOrderStatus } from "~/features/orders/core/lifecycle";

/** Refund / cancel links for an order, when its status allows them (shown on the review page). */
export function StaffOrderLinks({ orderId, status }: { orderId: string; status: string }) {
  const { t } = useTranslation("admin");
  // Read from the status table: which of refund and cancel staff may do now.
  const moves = isOrderStatus(status) ? allowedDecisions(status).filter((decision) => decision === "refund" || decision === "cancel") : [];
  if (moves.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-800 p-4" data-testid="staff-order-links">
      {moves.map((move) => (
        <Link
          key={move}
          to={`/admin/orders/${orderId}/${move}`}
          className="rounded-lg border border-amber-500/60 px-4 py-2 text-center font-semibold text-amber-100 hover:bg-amber-500/10"
          data-testid={`${move}-link`}
        >
          {t(`staffMove.${move}.link`)}
        </Link>
      ))}
    </div>
  );
}
