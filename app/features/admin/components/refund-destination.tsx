import { useTranslation } from "~/lib/i18n-react";
import { REFUND_REFERENCE_MAX } from "~/features/orders/core/decisions";

/**
 * Where a refund's money goes: to the buyer's wallet at once, or out by a transfer staff make and
 * trace with its reference. An order paid from the wallet can only go back there (the server
 * refuses anything else), so it gets no choice.
 */
export function RefundDestinationFields(props: { walletPaid: boolean; invalidReference: boolean; fieldClass: string }) {
  const { t } = useTranslation("admin");
  if (props.walletPaid)
    return (
      <p className="rounded-lg border border-cyan-500/40 bg-cyan-500/10 p-3 text-sm text-cyan-100" data-testid="refund-wallet-only">
        <input type="hidden" name="refundTo" value="wallet" />
        {t("refundTo.walletOnly")}
      </p>
    );
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">{t("refundTo.legend")}</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="radio" name="refundTo" value="outside" defaultChecked className="h-5 w-5" data-testid="refund-to-outside" />
        {t("refundTo.outside")}
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="radio" name="refundTo" value="wallet" className="h-5 w-5" data-testid="refund-to-wallet" />
        {t("refundTo.wallet")}
      </label>
      <label className="mt-1 flex flex-col gap-1 text-sm font-semibold">
        {t("refundTo.reference")}
        <input
          name="refundReference"
          maxLength={REFUND_REFERENCE_MAX}
          autoComplete="off"
          className={props.fieldClass}
          aria-invalid={props.invalidReference || undefined}
          data-testid="refund-reference"
        />
      </label>
    </fieldset>
  );
}
