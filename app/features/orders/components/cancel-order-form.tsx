import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";

/** A plain form (works without JavaScript); with it, the page script asks the user first (data-confirm). */
export function CancelOrderForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation("orders");
  return (
    <form method="post" action={`/orders/${orderId}/cancel`} {...dataAttr(DataAttr.confirm, t("payment.cancelConfirm"))}>
      <button
        type="submit"
        className="rounded-lg border border-rose-500/60 px-5 py-3 font-semibold text-rose-200 hover:bg-rose-500/10"
        data-testid="cancel-order"
      >
        {t("payment.cancel")}
      </button>
    </form>
  );
}
