import { isLanguage, type Language } from "~/domain/language";
import { type Currency } from "~/domain/money";
import { formatMoney } from "~/domain/format";
import { labelFor } from "~/domain/package-label";
import type { findOrderFor } from "./orders.server";

type SeenOrder = NonNullable<Awaited<ReturnType<typeof findOrderFor>>>;

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

/**
 * What the order page and the payment page both send of an order: which one, what it costs, until when,
 * and its lines by the names they were bought under, in the page's language (the Spanish one when a line has no other).
 */
export function orderSummary(order: SeenOrder, language: string) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    exchangeRate: order.exchangeRate,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    items: order.items.map((item) => ({ id: item.id, label: labelFor(item, language), quantity: item.quantity })),
  };
}
