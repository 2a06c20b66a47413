import { refundedToWallet } from "~/features/wallet/order-refund.server";
import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { languageFromCookieHeader } from "~/domain/language";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { notFoundIfNullish, idParam } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import { CancelOrderForm } from "../components/cancel-order-form";
import { OrderTracking } from "../components/order-tracking";
import { canCancel, canPay } from "../core/lifecycle";
import { orderTracking } from "../core/tracking";
import { orderOutcome } from "../core/outcome";
import { endingsOf } from "../order-kind-registry.server";
import { OrderOutcomeText, OutcomeChip } from "../components/order-outcome";
import { findOrderFor } from "../orders.server";
import { orderAmount, orderSummary } from "../orders-view";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/order";
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { TimedRedirect } from "~/components/ui/timed-redirect";
import { LiveStatus } from "~/components/ui/live-status";
import { InlineScript } from "~/components/inline-script";
import livePageScript from "~/browser/live-page?inline-script";
import { DataAttr, dataAttr } from "~/browser/attributes";

/** SPEC §4: after the proof is sent the user goes on after 3 s (store → /store, tournament → /). */
export const AFTER_PROOF_SECONDS = 3;
/**
 * Where the page moves after a receipt: the store for a top-up and home for a registration (SPEC §4);
 * a Plus purchase goes back to /plus, which shows it in progress; any other kind home.
 */
const AFTER_PROOF_PAGE: Partial<Record<string, string>> = { store: "/store", plus: "/plus" };

// Plain HTML: links and the cancel form (asks first through the page script); no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const order = notFoundIfNullish(await findOrderFor(db(), idParam(params.orderId), { userId: user.id, isStaff: user.isStaff }));
  const url = new URL(request.url);
  const lastRejection = [...order.history].reverse().find((line) => line.toStatus === "rejected");
  const ending = (await endingsOf(db(), [order])).get(order.id) ?? null;
  const toWallet = order.status === "refunded" && (await refundedToWallet(db(), order.id));
  const outcome = orderOutcome(order.status, ending, order.expiresAt?.toISOString() ?? null, toWallet);
  return {
    order: {
      ...orderSummary(order, language),
      kind: order.kind,
      paymentMethod: order.paymentMethod,
      phone: order.phone,
      proofs: order.proofs.map((proof) => ({ id: proof.id, hasFile: Boolean(proof.fileKey), createdAt: proof.createdAt.toISOString() })),
      rejectionReason: order.status === "rejected" ? (lastRejection?.reason ?? null) : null,
    },
    tracking: orderTracking(order.status, order.history, ending?.reached ?? false),
    outcome,
    lastStep: ending?.step ?? "delivered",
    // While something may still move the order (a provider, the bank, staff), the page follows it live (docs/payments.md).
    live: order.status === "initiated" || order.status === "proof_submitted" || order.status === "approved",
    sent: url.searchParams.has("sent"),
    cancelled: url.searchParams.has("cancelled"),
    error: url.searchParams.get("error"),
    messages: loadMessages(language, ["orders"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "orders", "myOrders.pageTitle")} · Arena LATAM` }];
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("orders");
  const { order } = loaderData;
  const payable = canPay(order.status);
  const cancellable = canCancel(order.status, "owner");
  // Once proof is sent money may have moved: only staff can cancel now, and the buyer is told so.
  const onlyStaffCancels = !cancellable && canCancel(order.status, "staff");
  const format = useFormat();
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="order-page">
      <Link to="/orders" className="text-sm text-cyan-400 hover:text-cyan-300">
        ← {t("order.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold">{t("order.title", { number: order.number })}</h1>
      {/* The status block is swapped for the server's fresh render when the order moves (app/browser/live-page.ts) (docs/payments.md). */}
      <div {...dataAttr(DataAttr.swap)} {...dataAttr(DataAttr.live, loaderData.live ? `/orders/${order.id}/live` : null)}>
        <p className="mt-3">
          <OutcomeChip outcome={loaderData.outcome} testId="order-status" />
        </p>

        {loaderData.sent ? (
          <Alert tone="success" testId="proof-sent">
            {t("payment.sent")}
          </Alert>
        ) : null}
        {loaderData.sent ? <TimedRedirect to={AFTER_PROOF_PAGE[order.kind] ?? "/"} seconds={AFTER_PROOF_SECONDS} /> : null}
        {loaderData.cancelled ? (
          <p role="status" className="mt-6 rounded-lg border border-slate-500/50 bg-slate-500/10 p-4" data-testid="order-cancelled">
            {t("payment.cancelled")}
          </p>
        ) : null}
        {loaderData.error ? (
          <Alert tone="error" testId="order-error">
            {t(`errors.${loaderData.error}`, { defaultValue: t("errors.UNEXPECTED") })}
          </Alert>
        ) : null}

        <OrderTracking tracking={loaderData.tracking} lastStep={loaderData.lastStep} />

        <OrderOutcomeText outcome={loaderData.outcome} />
        {order.rejectionReason ? <p className="mt-2 text-rose-200">{t("order.reason", { reason: order.rejectionReason })}</p> : null}
      </div>

      <dl className="mt-8 grid grid-cols-2 gap-4 rounded-xl border border-slate-800 bg-arena-panel p-5 text-sm">
        <div>
          <dt className="text-slate-400">{t("order.total")}</dt>
          <dd className="text-lg font-bold text-cyan-300" data-testid="order-total">
            {orderAmount(order.amount, order.currency, i18n.language)}
          </dd>
          {order.exchangeRate ? (
            <dd className="text-xs text-slate-400">{t("order.rate", { rate: format.rate(order.exchangeRate) })}</dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-400">{t("order.method")}</dt>
          <dd className="font-semibold">{t(`methods.${order.paymentMethod}`)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">{t("order.phone")}</dt>
          <dd className="font-semibold">{order.phone}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-400">{t("order.items")}</dt>
          <dd>
            <ul data-testid="order-items">
              {order.items.map((item) => (
                <li key={item.id}>
                  {item.label} × {item.quantity}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>

      {order.proofs.some((proof) => proof.hasFile) ? (
        <ul className="mt-4 flex flex-col gap-1 text-sm">
          {order.proofs
            .filter((proof) => proof.hasFile)
            .map((proof) => (
              <li key={proof.id}>
                <a
                  href={`/orders/${order.id}/receipts/${proof.id}`}
                  className="inline-flex min-h-6 items-center text-cyan-400 hover:text-cyan-300"
                  target="_blank"
                  rel="noreferrer"
                >
                  {t("order.receipt")}
                </a>
              </li>
            ))}
        </ul>
      ) : null}

      <div className="mt-8 flex flex-wrap gap-3">
        {payable ? (
          <Link to={`/orders/${order.id}/pay/${order.paymentMethod}`} className={buttonClass("primary", "md")} data-testid="pay-now">
            {t("order.pay")}
          </Link>
        ) : null}
        {cancellable ? <CancelOrderForm orderId={order.id} /> : null}
      </div>
      {onlyStaffCancels ? (
        <p className="mt-4 text-sm text-slate-400" data-testid="cancel-by-staff-only">
          {/* "write to us" is the way to ask: a link to support, inside the sentence. */}
          {t("order.cancelByStaffOnlyBefore")}
          <a href={`/support?order=${order.id}`} className="text-cyan-300 underline hover:text-cyan-200" data-testid="cancel-ask-support">
            {t("order.cancelByStaffOnlyLink")}
          </a>
          {t("order.cancelByStaffOnlyAfter")}
        </p>
      ) : null}
      <p className="mt-6 text-sm text-slate-300">
        {t("order.help", { number: order.number })}{" "}
        <Link
          to={`/support?order=${order.id}`}
          className="inline-block py-1 font-semibold text-cyan-300 underline hover:text-cyan-200"
          data-testid="order-support-link"
        >
          {t("order.writeSupport")}
        </Link>
      </p>
      {loaderData.live ? (
        <>
          <LiveStatus text={t("order.updated")} />
          <InlineScript source={livePageScript} />
        </>
      ) : null}
    </section>
  );
}
