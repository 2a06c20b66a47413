import { eq, inArray } from "drizzle-orm";
import { notificationPreferences, organizations, tournaments, users } from "~/db/schema";
import { isLanguage, type Language } from "~/domain/language";
import type { Database, Transaction } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";
import { enabledChannels } from "./channels.server";
import {
  announcementMessage,
  channelsFor,
  discordMessage,
  NO_PREFERENCES,
  noticeValues,
  whatsappMessage,
  type Announcement,
  type Channel,
  type EnabledChannels,
  type Notice,
  type Preferences,
} from "./core/notices";
import { queueNotice } from "./notification-outbox.server";

/**
 * The one notification interface (docs/notifications.md): `notify` queues a notice on every
 * channel its recipient gets (e-mail always, WhatsApp and a Discord DM when chosen and turned on),
 * inside the caller's transaction, so the notices exist exactly when the change does; `announce`
 * queues a public line for the tournament's Discord channel.
 */

export interface NoticeRecipient {
  userId: string;
  email: string;
  language: string | null;
}

type Reader = Database | Transaction;

export async function preferencesOf(db: Reader, userIds: string[]): Promise<Map<string, Preferences>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
  return new Map(
    rows.map((row) => [
      row.userId,
      { whatsappNumber: row.whatsappNumber, whatsappOn: row.whatsappOn, discordUserId: row.discordUserId, discordOn: row.discordOn },
    ]),
  );
}

export async function findPreferences(db: Reader, userId: string): Promise<Preferences> {
  return (await preferencesOf(db, [userId])).get(userId) ?? NO_PREFERENCES;
}

/**
 * Saves a player's channels; with `language`, notices go to them in the language they chose them in
 * (the account's language, as the profile form sets it).
 */
export async function savePreferences(db: Reader, userId: string, preferences: Preferences, language?: Language): Promise<void> {
  if (language) await db.update(users).set({ language }).where(eq(users.id, userId));
  await db
    .insert(notificationPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...preferences, updatedAt: new Date() } });
}

function languageOf(recipient: NoticeRecipient): Language {
  return isLanguage(recipient.language ?? "") ? (recipient.language as Language) : "es";
}

function translator(language: Language) {
  return createI18n(language, loadMessages(language, ["competition", "notifications"])).t;
}

/** The notice's mail: `competition:mail.<kind>.*`, as the competition mails always were. */
function noticeMail(notice: Notice, to: string, language: Language) {
  const t = translator(language);
  const values = noticeValues(notice);
  const key = notice.kind;
  return composeMail({
    to,
    subject: t(`competition:mail.${key}.subject`, values),
    heading: t(`competition:mail.${key}.heading`, values),
    paragraphs: [t(`competition:mail.${key}.body`, values)],
    action: {
      label: t(key === "checkIn" ? "competition:mail.checkIn.button" : "competition:mail.button"),
      url: `${env().publicUrl}${notice.path}`,
    },
    footer: t("competition:mail.footer"),
  });
}

/** What `notify` queued per recipient (for tests and logs). */
export type Fanned = { userId: string; channels: Channel[] }[];

/**
 * Queues each notice on its recipient's channels, in `tx`. A room notice must only be given the two
 * teams of its match: the callers build it from the match's sides (see `noticeRoomPosted`).
 */
export async function notify(
  tx: MailWriter,
  entries: { recipient: NoticeRecipient; notice: Notice }[],
  enabled: EnabledChannels = enabledChannels(),
): Promise<Fanned> {
  const preferences = await preferencesOf(
    tx,
    entries.map((entry) => entry.recipient.userId),
  );
  const publicUrl = env().publicUrl;
  const fanned: Fanned = [];
  for (const { recipient, notice } of entries) {
    const language = languageOf(recipient);
    const chosen = preferences.get(recipient.userId) ?? NO_PREFERENCES;
    const channels = channelsFor(chosen, enabled);
    for (const channel of channels) {
      if (channel === "email") await queueMail(tx, `competition.${notice.kind}`, noticeMail(notice, recipient.email, language));
      else if (channel === "whatsapp")
        await queueNotice(tx, {
          channel,
          kind: notice.kind,
          recipient: chosen.whatsappNumber!,
          payload: whatsappMessage(notice, language, publicUrl),
        });
      else
        await queueNotice(tx, {
          channel,
          kind: notice.kind,
          recipient: chosen.discordUserId!,
          payload: discordMessage(notice, translator(language), publicUrl),
        });
    }
    fanned.push({ userId: recipient.userId, channels });
  }
  return fanned;
}

/**
 * Queues a public announcement on the tournament's Discord channel, when webhooks are on: the
 * tournament's own webhook, or else its organization's (docs/organizations.md "Discord announcements").
 */
export async function announce(
  tx: MailWriter,
  tournamentId: string,
  announcement: Announcement,
  enabled: EnabledChannels = enabledChannels(),
): Promise<boolean> {
  if (!enabled.discordWebhook) return false;
  const [row] = await tx
    .select({ own: tournaments.discordWebhookUrl, organization: organizations.discordWebhookUrl })
    .from(tournaments)
    .leftJoin(organizations, eq(organizations.id, tournaments.organizationId))
    .where(eq(tournaments.id, tournamentId));
  const webhook = row?.own || row?.organization;
  if (!webhook) return false;
  await queueNotice(tx, {
    channel: "discord_webhook",
    kind: announcement.kind,
    recipient: webhook,
    payload: announcementMessage(announcement, translator("es"), env().publicUrl),
  });
  return true;
}
