import { isLanguage } from "~/domain/language";
import { formatDateTime } from "~/domain/format";
import { env } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";
import { markReminded, subscriptionsToRemind } from "./subscriptions.server";

/**
 * Queues the "your subscription ends in 3 days" mails that are due, once each (the period row records
 * it in the same transaction as the queued mail), as Plus's reminders are. Run by a routine.
 */
export async function sendSubscriptionReminders(db: Database, now = new Date()): Promise<number> {
  const rows = await subscriptionsToRemind(db, now);
  for (const row of rows) {
    const language = isLanguage(row.language) ? row.language : "es";
    const { t } = createI18n(language, loadMessages(language, ["mail"]));
    const values = { name: row.name || row.email, handle: row.handle, date: formatDateTime(row.endsAt, language, env().TIME_ZONE) };
    await db.transaction(async (tx) => {
      await markReminded(tx, row.id, now);
      await queueMail(
        tx,
        "subscription.reminder",
        composeMail({
          to: row.email,
          subject: t("mail:subscription.reminder.subject", values),
          heading: t("mail:subscription.reminder.heading", values),
          paragraphs: [t("mail:subscription.reminder.body", values)],
          action: { label: t("mail:subscription.button"), url: `${env().publicUrl}/streamers/${row.handle}` },
          footer: t("mail:footer"),
        }),
      );
    });
  }
  return rows.length;
}
