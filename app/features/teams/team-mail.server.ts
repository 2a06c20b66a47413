import { isLanguage } from "~/domain/language";
import { formatDateTime } from "~/domain/format";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";

/** "Join my team": queued with the invite, in the invitee's language. */
export async function mailTeamInvite(
  writer: MailWriter,
  input: { to: string; language: string; teamName: string; captainName: string; token: string; expiresAt: Date },
): Promise<void> {
  const language = isLanguage(input.language) ? input.language : "es";
  const t = createI18n(language, loadMessages(language, ["mail"])).t;
  const values = {
    team: input.teamName,
    captain: input.captainName || input.teamName,
    until: formatDateTime(input.expiresAt, language, env().TIME_ZONE),
  };
  await queueMail(
    writer,
    "teams.invite",
    composeMail({
      to: input.to,
      subject: t("mail:teams.invite.subject", values),
      heading: t("mail:teams.invite.heading", values),
      paragraphs: [t("mail:teams.invite.body", values), t("mail:teams.invite.expires", values)],
      action: { label: t("mail:teams.invite.button"), url: `${env().publicUrl}/teams/join/${input.token}` },
      footer: t("mail:footer"),
    }),
  );
}
