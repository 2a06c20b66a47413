import { isLanguage } from "~/domain/language";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";

function textsFor(languageCode: string) {
  const language = isLanguage(languageCode) ? languageCode : "es";
  return createI18n(language, loadMessages(language, ["mail"])).t;
}

/** "We got your message #N": queued with the message, in the writer's account language. */
export async function mailSupportReceived(
  writer: MailWriter,
  input: { to: string; name: string; language: string; number: number; orderNumber: number | null; message: string },
): Promise<void> {
  const t = textsFor(input.language);
  const values = { name: input.name || input.to, number: input.number, order: input.orderNumber ?? "" };
  await queueMail(
    writer,
    "support.received",
    composeMail({
      to: input.to,
      subject: t("mail:support.received.subject", values),
      heading: t("mail:support.received.heading", values),
      paragraphs: [
        t("mail:support.received.body", values),
        ...(input.orderNumber === null ? [] : [t("mail:support.received.about", values)]),
        input.message,
      ],
      action: { label: t("mail:support.button"), url: `${env().publicUrl}/support` },
      footer: t("mail:footer"),
    }),
  );
}

/** The staff's answer to message #N, in the writer's account language. */
export async function mailSupportReply(
  writer: MailWriter,
  input: { to: string; name: string; language: string; number: number; reply: string },
): Promise<void> {
  const t = textsFor(input.language);
  const values = { name: input.name || input.to, number: input.number };
  await queueMail(
    writer,
    "support.reply",
    composeMail({
      to: input.to,
      subject: t("mail:support.reply.subject", values),
      heading: t("mail:support.reply.heading", values),
      paragraphs: [input.reply],
      action: { label: t("mail:support.button"), url: `${env().publicUrl}/support` },
      footer: t("mail:footer"),
    }),
  );
}
