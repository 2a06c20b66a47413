import { isLanguage, type Language } from "~/domain/language";
import { type Currency } from "~/domain/money";
import { formatMoney } from "~/domain/format";

/** Formats an order amount for people; VES and USD only. */
export function orderAmount(amount: number, currency: string, language: string): string {
  const lang: Language = isLanguage(language) ? language : "es";
  return formatMoney({ amount, currency: (currency === "VES" ? "VES" : "USD") as Currency }, lang);
}

export const STATUS_STYLES: Record<string, string> = {
  initiated: "bg-amber-500/15 text-amber-200",
  proof_submitted: "bg-cyan-500/15 text-cyan-200",
  approved: "bg-emerald-500/15 text-emerald-200",
  fulfilled: "bg-emerald-500/25 text-emerald-100",
  rejected: "bg-rose-500/15 text-rose-200",
  cancelled: "bg-slate-500/20 text-slate-300",
  expired: "bg-slate-500/20 text-slate-300",
  refunded: "bg-purple-500/15 text-purple-200",
};
