import { Button } from "~/components/ui/button";
import { formatMoney } from "~/domain/format";
import type { Currency } from "~/domain/money";
import { useTranslation } from "~/lib/i18n-react";

/**
 * "Saldo": pays the waiting order from the buyer's wallet in the order's currency, fully or not at
 * all (a short balance is said, not offered). Posts to /wallet/pay-order; the order is approved at once.
 */
export function PayWithWallet({
  orderId,
  amount,
  currency,
  balance,
}: {
  orderId: string;
  amount: number;
  currency: Currency;
  balance: number;
}) {
  const { t, i18n } = useTranslation("wallet");
  const language = i18n.language === "en" ? "en" : "es";
  if (balance <= 0) return null;
  const money = (value: number) => formatMoney({ amount: value, currency }, language);
  return (
    <div className="mt-4 rounded-xl border border-emerald-500/40 bg-emerald-500/5 p-4" data-testid="pay-with-wallet">
      <p className="font-semibold">{t("payOrder.title")}</p>
      <p className="text-sm text-slate-300">{t("payOrder.balance", { balance: money(balance) })}</p>
      {balance >= amount ? (
        <form method="post" action="/wallet/pay-order" className="mt-3">
          <input type="hidden" name="orderId" value={orderId} />
          <Button type="submit" data-testid="pay-with-wallet-submit">
            {t("payOrder.pay", { amount: money(amount) })}
          </Button>
        </form>
      ) : (
        <p className="mt-1 text-sm text-amber-200">{t("payOrder.short")}</p>
      )}
    </div>
  );
}
