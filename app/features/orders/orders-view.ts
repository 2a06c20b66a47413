import { isLanguage, type Language } from "~/domain/language";
import { type Currency } from "~/domain/money";
import { formatMoney } from "~/domain/format";

/** Formats an order amount for people; VES and USD only. */
export function orderAmount(amount: number, currency: string, language: string): string {
  const lang: Language = isLanguage(language) ? language : "es";
  return formatMoney({ amount, currency: (currency === "VES" ? "VES" : "USD") as Currency }, lang);
}
