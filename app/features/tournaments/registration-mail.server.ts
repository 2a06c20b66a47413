import { formatDate } from "~/domain/format";
import { isLanguage } from "~/domain/language";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";

/** Tells a player their free registration is confirmed: queued in `tx`, the transaction that confirms it. */
export async function mailRegistrationConfirmed(
  tx: MailWriter,
  to: string,
  languageCode: string,
  details: { title: string; date: string; teamName: string | null; tournamentId: string },
) {
  const language = isLanguage(languageCode) ? languageCode : "es";
  const { t } = createI18n(language, loadMessages(language, ["mail"]));
  const values = {
    title: details.title,
    date: formatDate(details.date, language, env().TIME_ZONE),
    team: details.teamName ? ` (${details.teamName})` : "",
  };
  await queueMail(
    tx,
    "registration.confirmed",
    composeMail({
      to,
      subject: t("mail:registration.confirmed.subject", values),
      heading: t("mail:registration.confirmed.heading", values),
      paragraphs: [t("mail:registration.confirmed.body", values)],
      action: {
        label: t("mail:registration.confirmed.button"),
        url: `${env().publicUrl}/tournament?id=${encodeURIComponent(details.tournamentId)}`,
      },
      footer: t("mail:footer"),
    }),
  );
}
