import { isLanguage } from "~/domain/language";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";

/** Staff decided an application: queued with the decision, in the applicant's language. */
export async function mailStreamerDecision(
  writer: MailWriter,
  input: { to: string; language: string; handle: string; decision: "approved" | "refused"; reason: string | null },
): Promise<void> {
  const language = isLanguage(input.language) ? input.language : "es";
  const t = createI18n(language, loadMessages(language, ["mail"])).t;
  const values = { handle: input.handle, reason: input.reason ?? "" };
  const key = `mail:streamers.${input.decision}`;
  const approved = input.decision === "approved";
  await queueMail(
    writer,
    `streamers.${input.decision}`,
    composeMail({
      to: input.to,
      subject: t(`${key}.subject`, values),
      heading: t(`${key}.heading`, values),
      paragraphs: [t(`${key}.body`, values)],
      action: {
        label: t(`${key}.button`),
        url: `${env().publicUrl}${approved ? `/streamers/${input.handle}` : "/streamers/apply"}`,
      },
      footer: t("mail:footer"),
    }),
  );
}
