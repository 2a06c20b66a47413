import { eq } from "drizzle-orm";
import { orders, users } from "~/db/schema";
import { isLanguage } from "~/domain/language";
import { formatMoney, type Currency } from "~/domain/money";
import type { OrderStatus } from "~/domain/order-status";
import { mailer } from "~/lib/mail.server";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { log } from "~/lib/log.server";
import { composeMail } from "~/lib/mail.server";
import { loadMessages } from "~/lib/messages.server";

const MAILED: Partial<Record<OrderStatus, "proofReceived" | "approved" | "rejected" | "fulfilled">> = {
  proof_submitted: "proofReceived",
  approved: "approved",
  rejected: "rejected",
  fulfilled: "fulfilled",
};

/**
 * Tells the order's owner, in their language, that it moved to `status` (DESIGN.md: proof
 * received, approved, rejected, fulfilled). A mail that cannot leave is logged, never fatal:
 * the move itself has already been committed.
 */
export async function mailOrderStatus(db: Database, orderId: string, status: OrderStatus, reason?: string): Promise<void> {
  const mailed = MAILED[status];
  if (!mailed) return;
  const [row] = await db
    .select({ number: orders.number, kind: orders.kind, email: orders.email, amount: orders.amount, currency: orders.currency, language: users.language })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  // Approving a tournament order confirms the registration: say so.
  const kind = mailed === "approved" && row.kind === "tournament" ? "registrationConfirmed" : mailed;
  const language = isLanguage(row.language) ? row.language : "es";
  const { t } = createI18n(language, loadMessages(language, ["mail"]));
  const values = { number: row.number, amount: formatMoney({ amount: row.amount, currency: row.currency as Currency }, language), reason: reason ?? "" };
  const paragraphs = [t(`mail:order.${kind}.body`, values)];
  if (kind === "rejected") paragraphs.push(t("mail:order.rejected.again"));
  try {
    await mailer().send(
      composeMail({
        to: row.email,
        subject: t(`mail:order.${kind}.subject`, values),
        heading: t(`mail:order.${kind}.heading`, values),
        paragraphs,
        action: { label: t("mail:order.button"), url: `${env().publicUrl}/orders/${orderId}` },
        footer: t("mail:footer"),
      }),
    );
  } catch (error) {
    log.error("order mail not sent", { orderId, status, error: String(error) });
  }
}
