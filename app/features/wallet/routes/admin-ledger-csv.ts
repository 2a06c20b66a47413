import { formatDecimal2 } from "~/domain/format";
import { staffContext } from "~/features/admin/context.server";
import { toCsv } from "~/features/admin/core/csv";
import { db } from "~/lib/db.server";
import { createI18n } from "~/lib/i18n";
import { parsePeriod } from "../core/staff-forms";
import { EXPORT_CAP, ledgerRows } from "../wallet.server";
import type { Route } from "./+types/admin-ledger-csv";

/**
 * The ledger of a period as CSV for the accountant (UTF-8 with a BOM): one row per entry, then a
 * total per currency (0 when the books balance). A bad period answers a 400 with a translated line.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { messages, language } = await staffContext(request, ["wallet"]);
  const { t } = createI18n(language, messages);
  const url = new URL(request.url);
  const period = parsePeriod(url.searchParams.get("from"), url.searchParams.get("to"));
  if (!period.ok)
    return new Response(t("wallet:staff.errors.BAD_PERIOD"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const rows = await ledgerRows(db(), period.from, period.to);
  const shown = rows.slice(0, EXPORT_CAP);
  const totals = new Map<string, number>();
  for (const row of shown) totals.set(row.currency, (totals.get(row.currency) ?? 0) + Number(row.amount));
  const header = ["entry", "date", "transaction", "kind", "subject", "reason", "account", "currency", "amount"].map((key) =>
    t(`wallet:staff.csv.${key}`),
  );
  const lines = shown.map((row) => [
    row.entryId,
    row.createdAt.toISOString(),
    row.transactionId,
    t(`wallet:staff.kinds.${row.kind}`, { defaultValue: row.kind }),
    row.subjectId ?? "",
    row.reason ?? "",
    row.accountId,
    row.currency,
    formatDecimal2(Number(row.amount) / 100, language),
  ]);
  const footer = [...totals].map(([currency, sum]) => [
    t("wallet:staff.csv.total"),
    "",
    "",
    "",
    "",
    "",
    "",
    currency,
    formatDecimal2(sum / 100, language),
  ]);
  if (rows.length > EXPORT_CAP) footer.push([t("wallet:staff.csv.capped", { cap: EXPORT_CAP })]);
  const name = `libro-${url.searchParams.get("from")}-${url.searchParams.get("to")}.csv`;
  return new Response(toCsv([header, ...lines, ...footer]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
