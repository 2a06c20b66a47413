import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, formatMoney, formatNumber, formatRate, formatTime } from "~/domain/format";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/language";
import type { Money } from "~/domain/money";

/**
 * The app's one formatter bound to the page's language and the platform's time zone (both sent
 * by the root loader), so a component writes the same text on the server and in the browser.
 */
export function useFormat() {
  const root = useRouteLoaderData("root") as { language?: string; timeZone?: string } | undefined;
  const language: Language = root?.language && isLanguage(root.language) ? root.language : DEFAULT_LANGUAGE;
  const timeZone = root?.timeZone ?? DEFAULT_TIME_ZONE;
  return useMemo(
    () => ({
      language,
      timeZone,
      dateTime: (value: Date | string | number) => formatDateTime(value, language, timeZone),
      date: (value: Date | string | number) => formatDate(value, language, timeZone),
      time: (value: Date | string | number) => formatTime(value, language, timeZone),
      number: (value: number, digits?: { minimumFractionDigits?: number; maximumFractionDigits?: number }) =>
        formatNumber(value, language, digits),
      rate: (rate: string | number) => formatRate(rate, language),
      money: (money: Money) => formatMoney(money, language),
    }),
    [language, timeZone],
  );
}
