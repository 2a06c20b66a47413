import { useTranslation } from "~/lib/i18n-react";

/** A plain form (works without JavaScript); with it, the user confirms first. */
export function CancelOrderForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation("orders");
  return (
    <form
      method="post"
      action={`/orders/${orderId}/cancel`}
      onSubmit={(event) => {
        if (!window.confirm(t("payment.cancelConfirm"))) event.preventDefault();
      }}
    >
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
