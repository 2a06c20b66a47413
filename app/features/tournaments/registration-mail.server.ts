import { isLanguage } from "~/domain/language";
import { mailer } from "~/lib/mail.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { log } from "~/lib/log.server";
import { composeMail } from "~/lib/mail.server";
import { loadMessages } from "~/lib/messages.server";

/** Tells a player their free registration is confirmed; a mail that cannot leave is logged, not fatal. */
export async function mailRegistrationConfirmed(
  to: string,
  languageCode: string,
  details: { title: string; date: string; teamName: string | null; tournamentId: string },
) {
  const language = isLanguage(languageCode) ? languageCode : "es";
  const { t } = createI18n(language, loadMessages(language, ["mail"]));
  const values = { title: details.title, date: details.date, team: details.teamName ? ` (${details.teamName})` : "" };
  try {
    await mailer().send(
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
  } catch (error) {
    log.error("registration mail not sent", { to, error: String(error) });
  }
}
