import { refundedToWallet } from "~/features/wallet/order-refund.server";
import { asc, eq } from "drizzle-orm";
import { orderItems, orders, users } from "~/db/schema";
import { isLanguage } from "~/domain/language";
import { labelFor } from "~/domain/package-label";
import { type Currency } from "~/domain/money";
import { formatMoney } from "~/domain/format";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";
import type { MoveActor, OrderStatus } from "./core/lifecycle";
import { handlerFor } from "./order-kind-registry.server";

/** The moves the buyer hears about, and the mail text of each (locales/<lang>/mail.json `order.<template>`). */
const MAILED: Partial<Record<OrderStatus, string>> = {
  proof_submitted: "proofReceived",
  approved: "approved",
  rejected: "rejected",
  fulfilled: "fulfilled",
  refunded: "refunded",
  expired: "expired",
};

/** The template for a move, or null when the buyer is not mailed (a buyer's own cancellation, for one). */
export function mailTemplateFor(to: OrderStatus, actor: MoveActor): string | null {
  if (to === "cancelled") return actor === "staff" ? "cancelledByStaff" : null;
  return MAILED[to] ?? null;
}

/**
 * Tells the order's owner, in their language, that it moved to `to`: queues the mail in the
 * outbox. Call it with the transaction of the move, so the mail exists exactly when the move does.
 */
export async function mailOrderMove(
  db: MailWriter,
  move: {
    orderId: string;
    to: OrderStatus;
    actor: MoveActor;
    reason?: string | null;
    refundReference?: string | null;
  },
): Promise<void> {
  const template = mailTemplateFor(move.to, move.actor);
  if (!template) return;
  const [row] = await db
    .select({
      number: orders.number,
      kind: orders.kind,
      email: orders.email,
      amount: orders.amount,
      currency: orders.currency,
      language: users.language,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, move.orderId));
  if (!row) return;
  // A kind may say it its own way (approving a registration confirms the place).
  const kind = (await handlerFor(row.kind).mailTemplate?.(move.to, { orderId: move.orderId, db })) ?? template;
  const language = isLanguage(row.language) ? row.language : "es";
  const { t } = createI18n(language, loadMessages(language, ["mail"]));
  const values = {
    number: row.number,
    amount: formatMoney({ amount: row.amount, currency: row.currency as Currency }, language),
    reason: move.reason ?? "",
  };
  const paragraphs = [t(`mail:order.${kind}.body`, values)];
  // What the order is for, by the names it was bought under, in the buyer's language.
  const items = await db
    .select({ label: orderItems.label, labelEn: orderItems.labelEn, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, move.orderId))
    .orderBy(asc(orderItems.id));
  if (items.length)
    paragraphs.push(t("mail:order.items", { items: items.map((item) => `${labelFor(item, language)} × ${item.quantity}`).join(", ") }));
  if (kind === "rejected") paragraphs.push(t("mail:order.rejected.again"));
  // Where a refund's money went is in the ledger (written in this same transaction), whichever path refunded it.
  if (kind === "refunded" && (await refundedToWallet(db, move.orderId))) paragraphs.push(t("mail:order.refunded.wallet"));
  else if (kind === "refunded" && move.refundReference)
    paragraphs.push(t("mail:order.refunded.reference", { reference: move.refundReference }));
  await queueMail(
    db,
    `order.${kind}`,
    composeMail({
      to: row.email,
      subject: t(`mail:order.${kind}.subject`, values),
      heading: t(`mail:order.${kind}.heading`, values),
      paragraphs,
      action: { label: t("mail:order.button"), url: `${env().publicUrl}/orders/${move.orderId}` },
      footer: t("mail:footer"),
    }),
  );
}
