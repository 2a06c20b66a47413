import { formatDecimal2, platformToday } from "~/domain/format";
import { createI18n } from "~/lib/i18n";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { staffContext } from "../context.server";
import { parseDay } from "../core/cash-close";
import { toCsv } from "../core/csv";
import { cashClose } from "../dashboard.server";
import type { Route } from "./+types/cash-close-csv";

/** The cash close of a day as CSV (UTF-8 with a BOM): one row per payment method and currency. */
export async function loader({ request }: Route.LoaderArgs) {
  const { messages, language } = await staffContext(request);
  const day = parseDay(new URL(request.url).searchParams.get("day")) ?? platformToday(new Date(), env().TIME_ZONE);
  const { t } = createI18n(language, messages);
  const rows = await cashClose(db(), day);
  const header = ["day", "method", "currency", "orders", "total"].map((key) => t(`admin:dashboard.close.csvColumns.${key}`));
  const lines = rows.map((row) => [
    day,
    t(`admin:methods.${row.method}`, { defaultValue: row.method }),
    row.currency,
    row.orders, // Written as the page writes it (decimal comma in Spanish); the cell is quoted when it holds a comma.
    formatDecimal2(row.total / 100, language),
  ]);
  return new Response(toCsv([header, ...lines]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="cierre-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
