import { useTranslation } from "~/lib/i18n-react";
import { Link, useNavigation } from "react-router";
import { isLanguage } from "~/domain/language";
import { useFormat } from "~/lib/use-format";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { PROVIDER_REFERENCE_MAX, REASON_MAX, REFUND_REFERENCE_MAX, allowedDecisions } from "~/features/orders/core/decisions";
import { Alert } from "~/components/ui/alert";
import { DEFAULT_QUEUE_STATUS } from "../order-decisions";
import { decideFromReview, loadOrderReview } from "../order-review.server";
import { showsDeliveryPanel } from "../core/order-review";
import { CustomerCard } from "../components/order-review/customer-card";
import { OrderCard } from "../components/order-review/order-card";
import { DecisionPanel } from "../components/order-review/decision-panel";
import { DeliveryCard } from "../components/order-review/delivery-card";
import { HistorySection } from "../components/order-review/history-section";
import { cardClass } from "../components/order-review/parts";
import { ProofsSection } from "../components/order-review/proofs-section";
import { useReviewShortcuts } from "../components/order-review/use-review-shortcuts";
import { AutomaticSteps } from "~/features/payments/components/automatic-steps";
import type { Route } from "./+types/order-review";

// The review of one order by staff: the server side is ../order-review.server.ts, the page's parts
// are in ../components/order-review/ (delivery, customer, order, proofs, history, decisions, keyboard shortcuts).

export async function loader(args: Route.LoaderArgs) {
  return loadOrderReview(args);
}

export async function action(args: Route.ActionArgs) {
  return decideFromReview(args);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = metaText(matches, "admin", "review.pageTitle").replace("{{number}}", String(loaderData?.order.number ?? ""));
  return [{ title: `${title} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function OrderReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const format = useFormat();
  const { order, owner, people } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const allowed = allowedDecisions(order.status);
  const shortcuts = useReviewShortcuts(allowed, busy);
  const refusal = actionData && !actionData.ok ? actionData : null;

  const who = (userId: string | null) => {
    if (!userId) return t("review.history.system");
    const person = people[userId];
    return person ? person.name || person.email : t("review.history.unknown");
  };
  // Who delivered and when: the history line of the move to fulfilled (moveOrder writes it).
  const delivery = [...order.history].reverse().find((line) => line.to === "fulfilled") ?? null;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10" data-testid="admin-order-review">
      <Link to={`/admin/orders?status=${DEFAULT_QUEUE_STATUS}`} className="text-sm text-cyan-300 hover:text-cyan-200">
        ← {t("review.back")}
      </Link>
      <div className="mt-3 flex flex-wrap items-baseline gap-3">
        <h1 className="text-3xl font-extrabold">{t("review.title", { number: order.number })}</h1>
        <span
          className="rounded-full border border-purple-400/60 bg-purple-500/10 px-3 py-1 text-sm font-semibold text-purple-200"
          data-testid="order-status"
        >
          {t(`status.${order.status}`)}
        </span>
      </div>

      {loaderData.done !== null ? (
        <Alert tone="success" testId="decision-done">
          {t("queue.done", { number: loaderData.done })}
        </Alert>
      ) : null}

      {loaderData.refundDue ? (
        <Alert tone="warning" testId="refund-due">
          {t("review.refundDue")}
        </Alert>
      ) : null}

      {refusal ? (
        <Alert tone="error" testId="review-error">
          {t(`errors.${refusal.code}`, {
            max:
              refusal.code === "REFERENCE_TOO_LONG"
                ? REFUND_REFERENCE_MAX
                : refusal.code === "PROVIDER_REFERENCE_TOO_LONG"
                  ? PROVIDER_REFERENCE_MAX
                  : REASON_MAX,
          })}
        </Alert>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {order.gamerId && showsDeliveryPanel(order) ? (
            <DeliveryCard
              game={order.items[0]?.label.split(" · ")[0] ?? null}
              gamerId={order.gamerId}
              gameServer={order.gameServer}
              gamerName={order.gamerName}
              items={order.items}
              delivered={
                delivery
                  ? {
                      who: who(delivery.actorUserId),
                      when: format.dateTime(delivery.createdAt),
                      providerReference: order.providerReference,
                    }
                  : null
              }
            />
          ) : null}
          <CustomerCard order={order} owner={owner} ownerIsPlus={loaderData.ownerIsPlus} />

          <OrderCard order={order} language={language} />

          <ProofsSection order={order} />
          <AutomaticSteps orderId={order.id} steps={loaderData.automatic} cardClass={cardClass} />
          <HistorySection history={order.history} who={who} />
        </div>

        <DecisionPanel order={order} allowed={allowed} busy={busy} refusal={refusal} shortcuts={shortcuts} />
      </div>
    </section>
  );
}
