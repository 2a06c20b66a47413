/** Money is integer minor units plus a currency code (docs/product.md §10). */
export type Currency = "USD" | "VES";

export interface Money {
  amount: number;
  currency: Currency;
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
