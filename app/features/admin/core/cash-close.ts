/** A calendar day asked for in a query string ("2026-11-25"): a real date, else null (the caller uses today). */
export function parseDay(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 2000 && year <= 2100 ? value! : null;
}

/** The work row's counts, each leading to its filtered list. */
export const WORK_ITEMS = [
  { key: "toApprove", to: "/admin/orders?status=proof_submitted&method=all" },
  { key: "toDeliver", to: "/admin/orders?status=approved&method=all&kind=store" },
  { key: "disputes", to: "/admin/tournaments?work=disputes" },
  { key: "support", to: "/admin/support" },
  { key: "refunds", to: "/admin/tournaments?work=refunds" },
] as const;
export type WorkKey = (typeof WORK_ITEMS)[number]["key"];
