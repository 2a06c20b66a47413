import { useTranslation } from "~/lib/i18n-react";
import type { OrderReviewData, ReviewOrder } from "../../order-review.server";
import { PlusChip } from "../admin-ui";
import { cardClass, Detail } from "./parts";

/** Who the order is for: name (with the Plus chip), e-mails, phone and the game account. */
export function CustomerCard({
  order,
  owner,
  ownerIsPlus,
}: {
  order: Pick<ReviewOrder, "email" | "phone" | "gamerId" | "gameServer" | "gamerName">;
  owner: OrderReviewData["owner"];
  ownerIsPlus: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <section className={cardClass} aria-labelledby="customer-heading">
      <h2 id="customer-heading" className="text-lg font-bold">
        {t("review.customer.title")}
      </h2>
      <dl className="mt-3 flex flex-col gap-2">
        <Detail label={t("review.customer.name")} testId="customer-name">
          {owner?.name || t("common.noName")}
          {ownerIsPlus ? <PlusChip /> : null}
        </Detail>
        <Detail label={t("review.customer.email")} testId="customer-email">
          {order.email}
        </Detail>
        {owner && owner.email !== order.email ? <Detail label={t("review.customer.accountEmail")}>{owner.email}</Detail> : null}
        <Detail label={t("review.customer.phone")} testId="customer-phone">
          {order.phone}
        </Detail>
        {order.gamerId ? <Detail label={t("review.customer.gamerId")}>{order.gamerId}</Detail> : null}
        {order.gameServer ? <Detail label={t("review.customer.gameServer")}>{order.gameServer}</Detail> : null}
        {order.gamerName ? <Detail label={t("review.customer.gamerName")}>{order.gamerName}</Detail> : null}
      </dl>
    </section>
  );
}
