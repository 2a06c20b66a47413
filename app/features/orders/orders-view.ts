import { isLanguage, type Language } from "~/domain/language";
import { type Currency } from "~/domain/money";
import { formatMoney } from "~/domain/format";

/** Formats an order amount for people; VES and USD only. */
export function orderAmount(amount: number, currency: string, language: string): string {
  const lang: Language = isLanguage(language) ? language : "es";
  return formatMoney({ amount, currency: (currency === "VES" ? "VES" : "USD") as Currency }, lang);
}

/** The amount as a bank or wallet app takes it when pasted: digits and two decimals, no symbol or grouping ("491,00" in Spanish). */
export function plainAmount(amount: number, language: string): string {
  const text = (amount / 100).toFixed(2);
  return language === "en" ? text : text.replace(".", ",");
}
