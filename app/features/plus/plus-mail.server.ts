import { isLanguage } from "~/domain/language";
import { formatDateTime } from "~/domain/format";
import { env } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import { createI18n } from "~/lib/i18n";
import { log } from "~/lib/log.server";
import { composeMail, mailer } from "~/lib/mail.server";
import { loadMessages } from "~/lib/messages.server";
import { markMailed, membershipsToMail } from "./plus.server";

/**
 * Sends the "ends in 3 days" and "has ended" mails that are due, once each (the period row records
 * it). Run by a routine; returns how many mails went out.
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
      try {
        await mailer().send(
          composeMail({
            to: row.email,
            subject: t(`mail:plus.${which}.subject`, values),
            heading: t(`mail:plus.${which}.heading`, values),
            paragraphs: [t(`mail:plus.${which}.body`, values)],
            action: { label: t("mail:plus.button"), url: `${env().publicUrl}/plus` },
            footer: t("mail:footer"),
          }),
        );
        await markMailed(db, row.id, which, now);
        sent += 1;
      } catch (error) {
        // Not marked: the next run tries again.
        log.error("plus mail not sent", { periodId: row.id, which, error: String(error) });
      }
    }
  }
  return sent;
}
