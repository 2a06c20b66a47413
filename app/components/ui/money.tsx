import { useTranslation } from "react-i18next";
import { isLanguage } from "~/domain/language";
import { type Currency } from "~/domain/money";
import { formatMoney } from "~/domain/format";

/** An amount in minor units, written the way the reader's language writes money. */
export function Money({
  amount,
  currency,
  className,
  testId,
}: {
  amount: number;
  currency: Currency | string;
  className?: string;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  return (
    <span className={className} data-testid={testId}>
      {formatMoney({ amount, currency: currency === "VES" ? "VES" : "USD" }, language)}
    </span>
  );
}
