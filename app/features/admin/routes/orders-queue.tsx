import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { languageFromCookieHeader, isLanguage } from "~/domain/language";
import { type Currency } from "~/domain/money";
import { formatMoney } from "~/domain/format";
import { useFormat } from "~/lib/use-format";
import { requireStaff } from "~/features/auth/session.server";
import { listOrdersForStaff } from "~/features/orders/orders.server";
import { db } from "~/lib/db.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { ALL, KIND_FILTERS, METHOD_FILTERS, STATUS_FILTERS, parseQueueFilters, queueParams } from "../order-decisions";
import { searchOrdersForStaff } from "../orders-admin.server";
import { attentionOf } from "~/features/payments/core/attention";
import type { Route } from "./+types/orders-queue";
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { CursorPager } from "~/components/ui/cursor-pager";
import { pageSearch, parsePageAsk } from "~/domain/page-cursor";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const filters = parseQueueFilters(params);
  const ask = parsePageAsk(params);
  // Search by number, e-mail, payment reference or player ID (back-office), else the queue's filters.
  const q = (params.get("q") ?? "").trim().slice(0, 120);
  const page = q
    ? await searchOrdersForStaff(db(), q, ask)
    : await listOrdersForStaff(
        db(),
        {
          status: filters.status === ALL ? undefined : filters.status,
          method: filters.method === ALL ? undefined : filters.method,
          kind: filters.kind === ALL ? undefined : filters.kind,
        },
        ask,
      );
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  // Pages by cursor: the rows beside this page, never a count of the whole table or an offset.
  const base = queueParams(filters, q);
  return {
    filters,
    q,
    orders: page.rows.map((row) => ({ ...row, attention: attentionOf("attention" in row ? row.attention : null) })),
    previousHref: page.previous ? pageSearch(base, "previous", page.previous) : null,
    nextHref: page.next ? pageSearch(base, "next", page.next) : null,
    messages: loadMessages(language, ["admin"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "queue.pageTitle")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

const fieldClass = "rounded-lg border border-slate-500 bg-slate-900 px-3 py-2 text-sm text-slate-100 focus:border-cyan-400";

/** The queue's three filters, one select each: the field's name (also its label's key), its choices, where their names are. */
const QUEUE_FILTERS = [
  { name: "status", options: STATUS_FILTERS, prefix: "status", testId: undefined },
  { name: "method", options: METHOD_FILTERS, prefix: "methods", testId: undefined },
  { name: "kind", options: KIND_FILTERS, prefix: "kinds", testId: "queue-kind" },
] as const;

const QUEUE_COLUMNS = ["number", "user", "kind", "method", "amount", "status", "updated"] as const;

export default function OrdersQueuePage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const format = useFormat();
  const { filters, orders, previousHref, nextHref } = loaderData;

  return (
    <section className="mx-auto max-w-7xl px-4 py-10" data-testid="admin-orders-queue">
      <h1 className="text-3xl font-extrabold">{t("queue.title")}</h1>
      <p className="mt-2 text-slate-400">{t("queue.subtitle")}</p>

      {filters.done !== null ? (
        <Alert tone="success" testId="decision-done">
          {t("queue.done", { number: filters.done })}
        </Alert>
      ) : null}

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3" data-testid="order-search">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-semibold text-slate-300">
          {t("search.label")}
          <input
            name="q"
            defaultValue={loaderData.q}
            placeholder={t("search.placeholder")}
            className={fieldClass}
            aria-describedby="order-search-hint"
            data-testid="order-search-input"
          />
          <span id="order-search-hint" className="font-normal text-slate-400">
            {t("search.hint")}
          </span>
        </label>
        <button
          type="submit"
          className="rounded-lg border border-slate-700 px-4 py-2 text-sm font-semibold text-slate-200 hover:border-cyan-400"
        >
          {t("search.submit")}
        </button>
      </Form>

      {/* A plain GET form: filtering works before (or without) JavaScript. */}
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" data-testid="queue-filters">
        {QUEUE_FILTERS.map(({ name, options, prefix, testId }) => (
          <label key={name} className="flex flex-col gap-1 text-xs font-semibold text-slate-300">
            {t(`queue.filters.${name}`)}
            <select name={name} defaultValue={filters[name]} className={fieldClass} data-testid={testId}>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option === ALL ? t("queue.filters.all") : t(`${prefix}.${option}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button type="submit" className={buttonClass("primary", "sm")}>
          {t("queue.filters.apply")}
        </button>
      </Form>

      {orders.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-800 p-6 text-slate-400" data-testid="queue-empty">
          {t("queue.empty")}
        </p>
      ) : (
        <div className="relative mt-6 rounded-lg border border-slate-800 md:overflow-x-auto">
          {/* Phone: each order is a card (label-less cells in a two-column grid); md up: the table. */}
          <table className="block w-full text-left text-sm md:table md:min-w-[56rem]" data-testid="queue-table">
            <caption className="sr-only">{t("queue.caption")}</caption>
            <thead className="hidden bg-slate-900/80 text-xs tracking-wide text-slate-400 uppercase md:table-header-group">
              <tr>
                {QUEUE_COLUMNS.map((column) => (
                  <th key={column} scope="col" className={column === "amount" ? "px-3 py-2 text-right" : "px-3 py-2"}>
                    {t(`queue.columns.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t("queue.columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-800 md:table-row-group">
              {orders.map((order) => (
                <tr
                  key={order.id}
                  className="grid grid-cols-2 gap-x-3 gap-y-1 p-3 hover:bg-slate-900/60 md:table-row md:p-0"
                  data-testid="queue-row"
                >
                  <td className="font-mono font-bold md:px-3 md:py-2 md:font-normal">#{order.number}</td>
                  <td className="col-span-2 row-start-2 min-w-0 break-words md:px-3 md:py-2">
                    <span className="block font-semibold text-slate-100">{order.userName || t("common.noName")}</span>
                    <span className="block text-xs text-slate-400">{order.email}</span>
                  </td>
                  <td className="text-slate-300 md:px-3 md:py-2 md:text-inherit">
                    {t(`kinds.${order.kind}`, { defaultValue: order.kind })}
                  </td>
                  <td className="text-slate-300 md:px-3 md:py-2 md:text-inherit">
                    {t(`methods.${order.paymentMethod}`, { defaultValue: order.paymentMethod })}
                  </td>
                  <td className="col-start-2 row-start-1 text-right font-mono font-semibold md:px-3 md:py-2 md:font-normal">
                    {formatMoney({ amount: order.amount, currency: order.currency as Currency }, language)}
                  </td>
                  <td className="md:px-3 md:py-2">
                    {t(`status.${order.status}`, { defaultValue: order.status })}
                    {order.attention ? (
                      <span className="block text-xs text-amber-200" data-testid="queue-attention" data-code={order.attention.code}>
                        {String(
                          t(`queue.attention.${order.attention.code}`, { ...order.attention.values, defaultValue: order.attention.code }),
                        )}
                      </span>
                    ) : null}
                  </td>
                  <td className="text-slate-300 md:px-3 md:py-2 md:whitespace-nowrap">{format.dateTime(order.updatedAt)}</td>
                  <td className="col-span-2 pt-1 md:px-3 md:py-2">
                    <Link
                      to={`/admin/orders/${order.id}`}
                      className="font-semibold text-cyan-300 hover:text-cyan-200"
                      data-testid="review-link"
                    >
                      {t("queue.review")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <CursorPager
        label={t("queue.pagination")}
        previous={previousHref ? { href: previousHref, text: t("queue.previous") } : null}
        next={nextHref ? { href: nextHref, text: t("queue.next") } : null}
      />
    </section>
  );
}
