import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { languageFromCookieHeader } from "~/domain/language";
import { labelFor } from "~/domain/package-label";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import { listRegistrationsOfUser } from "~/features/tournaments/registrations.server";
import { nextMatchTimes } from "~/features/competition/match-times.server";
import { listOrdersOfUser } from "../orders.server";
import { orderAmount } from "../orders-view";
import { OutcomeChip } from "../components/order-outcome";
import { orderOutcome } from "../core/outcome";
import type { OrderStatus } from "../core/lifecycle";
import { endingsOf } from "../order-kind-registry.server";
import { CursorPager } from "~/components/ui/cursor-pager";
import { pageSearch, parsePageAsk } from "~/domain/page-cursor";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/my-orders";

// Plain HTML: links and the pager; no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  // Newest first, by cursor: "older" continues after the last order shown, "newer" before the first.
  const ask = parsePageAsk(new URL(request.url).searchParams);
  const [page, registrations] = await Promise.all([listOrdersOfUser(db(), user.id, ask), listRegistrationsOfUser(db(), user.id)]);
  const base = new URLSearchParams();
  const rows = page.rows.map((row) => ({ ...row, status: row.status as OrderStatus }));
  // The same words as the order page (one rule, core/outcome.ts), the kinds asked once for the whole page.
  const endings = await endingsOf(db(), rows);
  // A team still in a bracket: its next match and when it is played (docs/product.md "Running an event: match times, reminders and walkovers").
  const nextMatches = await nextMatchTimes(
    db(),
    registrations.map((registration) => registration.id),
  );
  return {
    orders: rows.map(({ cursorAt: _cursor, gamerId: _id, gamerName: _name, gameServer: _server, itemsEn, ...order }) => ({
      ...order,
      // The lines by the names of the page's language (English ones where the order kept them).
      items: labelFor({ label: order.items ?? "", labelEn: itemsEn }, language),
      createdAt: order.createdAt.toISOString(),
      outcome: orderOutcome(order.status, endings.get(order.id) ?? null),
    })),
    newerHref: page.previous ? pageSearch(base, "previous", page.previous) : null,
    olderHref: page.next ? pageSearch(base, "next", page.next) : null,
    registrations: registrations.map((registration) => {
      const next = nextMatches.get(registration.id);
      return { ...registration, nextMatch: next ? { matchId: next.matchId, scheduledAt: next.scheduledAt.toISOString() } : null };
    }),
    messages: loadMessages(language, ["orders", "tournaments"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "orders", "myOrders.pageTitle")} · Arena LATAM` }];
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("orders");
  const format = useFormat();
  return (
    <section className="mx-auto max-w-4xl px-4 py-12" data-testid="my-orders">
      <h1 className="text-3xl font-extrabold">{t("myOrders.title")}</h1>
      {loaderData.orders.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-800 p-6 text-slate-400">{t("myOrders.empty")}</p>
      ) : (
        <ul className="mt-8 flex flex-col gap-3">
          {loaderData.orders.map((order) => (
            <li key={order.id}>
              <Link
                to={`/orders/${order.id}`}
                className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-xl border border-slate-800 bg-arena-panel p-4 hover:border-cyan-500/60"
                data-testid="order-row"
              >
                <span className="font-bold">#{order.number}</span>
                <OutcomeChip outcome={order.outcome} small />
                <span className="font-semibold text-cyan-300">{orderAmount(order.amount, order.currency, i18n.language)}</span>
                <span className="text-sm text-slate-400">{t(`methods.${order.paymentMethod}`)}</span>
                {/* On a phone the items take a line of their own (wrapped, never cut): they are what tells orders apart. */}
                <span className="min-w-0 basis-full text-sm break-words text-slate-300 sm:flex-1" data-testid="order-row-items">
                  {order.items}
                </span>
                <time className="text-xs text-slate-400" dateTime={order.createdAt}>
                  {format.dateTime(order.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <CursorPager
        label={t("myOrders.pagination")}
        previous={loaderData.newerHref ? { href: loaderData.newerHref, text: t("myOrders.newer") } : null}
        next={loaderData.olderHref ? { href: loaderData.olderHref, text: t("myOrders.older") } : null}
      />

      <h2 className="mt-12 text-2xl font-extrabold">{t("tournaments:mine.title")}</h2>
      {loaderData.registrations.length === 0 ? (
        <p className="mt-4 text-slate-400">{t("tournaments:mine.empty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" data-testid="my-registrations">
          {loaderData.registrations.map((registration) => (
            <li key={registration.id}>
              <Link
                to={`/tournament?id=${encodeURIComponent(registration.tournamentId)}`}
                className="flex flex-wrap items-center gap-x-6 gap-y-1 rounded-xl border border-slate-800 bg-arena-panel p-4 hover:border-cyan-500/60"
              >
                <span className="font-bold">{registration.tournamentTitle}</span>
                {registration.teamName ? <span className="text-slate-300">{registration.teamName}</span> : null}
                <span className="text-sm text-slate-400">{format.date(registration.date)}</span>
                <span className="ml-auto text-sm font-semibold">{t(`tournaments:registered.status.${registration.status}`)}</span>
              </Link>
              {registration.nextMatch ? (
                <a
                  href={`/tournaments/${encodeURIComponent(registration.tournamentId)}/matches/${registration.nextMatch.matchId}`}
                  className="mt-1 mr-4 inline-block py-1 text-sm text-cyan-300 underline"
                  data-testid="registration-next-match"
                >
                  {t("tournaments:mine.nextMatch", { when: format.dateTime(registration.nextMatch.scheduledAt) })}
                </a>
              ) : null}
              <a
                href={`/support?registration=${encodeURIComponent(registration.id)}`}
                className="mt-1 inline-block py-1 text-sm text-cyan-300 underline"
                data-testid="registration-support-link"
              >
                {t("tournaments:mine.help")}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
