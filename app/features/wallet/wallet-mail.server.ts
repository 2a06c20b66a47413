import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { formatMoney } from "~/domain/format";
import { isLanguage } from "~/domain/language";
import type { Currency } from "~/domain/money";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";

/** The wallet's mails (locales/<lang>/mail.json `wallet.<template>`). */
export type WalletMail =
  | "prize"
  | "prizeReversed"
  | "poolReturned"
  | "poolCancelled"
  | "withdrawalRequested"
  | "withdrawalPaid"
  | "withdrawalRejected"
  | "adjusted";

/**
 * Tells a user, in their language, about a movement of their wallet: queued in the outbox with the
 * movement's transaction, so the mail exists exactly when the movement does.
 */
export async function mailWallet(
  tx: MailWriter,
  userId: string,
  template: WalletMail,
  values: {
    amount: number;
    currency: Currency;
    fee?: number;
    title?: string;
    place?: number;
    reference?: string;
    reason?: string;
    number?: number;
  },
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const language = isLanguage(user.language) ? user.language : "es";
  const { t } = createI18n(language, loadMessages(language, ["mail"]));
  const words = {
    name: user.name || user.email,
    amount: formatMoney({ amount: values.amount, currency: values.currency }, language),
    fee: formatMoney({ amount: values.fee ?? 0, currency: values.currency }, language),
    net: formatMoney({ amount: values.amount - (values.fee ?? 0), currency: values.currency }, language),
    title: values.title ?? "",
    place: values.place ?? "",
    reference: values.reference ?? "",
    reason: values.reason ?? "",
    number: values.number ?? "",
  };
  await queueMail(
    tx,
    `wallet.${template}`,
    composeMail({
      to: user.email,
      subject: t(`mail:wallet.${template}.subject`, words),
      heading: t(`mail:wallet.${template}.heading`, words),
      paragraphs: [t(`mail:wallet.${template}.body`, words)],
      action: { label: t("mail:wallet.button"), url: `${env().publicUrl}/wallet` },
      footer: t("mail:footer"),
    }),
  );
}
