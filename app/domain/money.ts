/** Money is integer minor units plus a currency code (docs/product.md §10). */
export type Currency = "USD" | "VES";

export interface Money {
  amount: number;
  currency: Currency;
}

const SYMBOLS: Record<Currency, string> = { USD: "$", VES: "Bs." };

// Building an Intl formatter costs far more than using one: one per language, made once.
const FORMATTERS = {
  es: new Intl.NumberFormat("es-VE", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** Two decimals always, grouped per locale: 1234.5 USD → "$1,234.50" (en) or "$1.234,50" (es). */
export function formatMoney({ amount, currency }: Money, language: "es" | "en" = "es"): string {
  if (!Number.isInteger(amount)) throw new RangeError(`Money amount must be an integer, got ${amount}`);
  const formatted = FORMATTERS[language].format(amount / 100);
  return currency === "USD" ? `${SYMBOLS.USD}${formatted}` : `${SYMBOLS.VES} ${formatted}`;
}

/** A rate such as "245.50" (Bs per USD) in hundredths, so conversions stay in integers. */
export function rateInHundredths(rate: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!match) throw new RangeError(`Not an exchange rate: ${rate}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** US cents to céntimos at a Bs/USD rate, rounded to the nearest céntimo. */
export function usdToVes(usdCents: number, rate: string): number {
  return Math.round((usdCents * rateInHundredths(rate)) / 100);
}
