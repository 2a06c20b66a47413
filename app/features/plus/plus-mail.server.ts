import { isLanguage } from "~/domain/language";
import { formatDateTime } from "~/domain/format";
import { env } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";
import { markMailed, membershipsToMail } from "./plus.server";

/**
 * Queues the "ends in 3 days" and "has ended" mails that are due, once each (the period row records
 * it, in the same transaction). Run by a routine; returns how many mails were queued.
 */
export async function sendPlusMails(db: Database, now = new Date()): Promise<number> {
  const { reminders, ended } = await membershipsToMail(db, now);
  let sent = 0;
  for (const [which, rows] of [
    ["reminder", reminders],
    ["ended", ended],
  ] as const) {
    for (const row of rows) {
      const language = isLanguage(row.language) ? row.language : "es";
      const { t } = createI18n(language, loadMessages(language, ["mail"]));
      const values = { name: row.name || row.email, date: formatDateTime(row.endsAt, language, env().TIME_ZONE) };
      // The mark and the queued mail commit together: once each, and never marked without its mail.
      await db.transaction(async (tx) => {
        await markMailed(tx, row.id, which, now);
        await queueMail(
          tx,
          `plus.${which}`,
          composeMail({
            to: row.email,
            subject: t(`mail:plus.${which}.subject`, values),
            heading: t(`mail:plus.${which}.heading`, values),
            paragraphs: [t(`mail:plus.${which}.body`, values)],
            action: { label: t("mail:plus.button"), url: `${env().publicUrl}/plus` },
            footer: t("mail:footer"),
          }),
        );
      });
      sent += 1;
    }
  }
  return sent;
}
