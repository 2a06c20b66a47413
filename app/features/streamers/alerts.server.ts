import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { streamerDonations, streamerGifts, streamerTestAlerts, streamers, users } from "~/db/schema";
import { isLanguage, type Language } from "~/domain/language";
import type { Currency } from "~/domain/money";
import type { PageCursor } from "~/domain/page-cursor";
import type { Database, Transaction } from "~/lib/db.server";
import { donationAlert, testAlert, type AlertPlace, type DonationAlert } from "./core/alerts";

type Reader = Database | Transaction;

const newKey = () => randomBytes(24).toString("base64url");

/** The signed-in user's approved streamer profile with its alert key, made at first ask; null when they are no approved streamer. */
export async function alertKeyOf(db: Database, userId: string): Promise<{ handle: string; key: string } | null> {
  const mine = and(eq(streamers.userId, userId), eq(streamers.status, "approved"));
  // Only a streamer without a key gets one: two first visits at once keep the same key.
  await db
    .update(streamers)
    .set({ alertKey: newKey() })
    .where(and(mine, isNull(streamers.alertKey)));
  const [row] = await db.select({ handle: streamers.handle, key: streamers.alertKey }).from(streamers).where(mine);
  return row?.key ? { handle: row.handle, key: row.key } : null;
}

/** A new key: the overlay at the old address stops (its stream ends at its next look). */
export async function regenerateAlertKey(db: Database, userId: string): Promise<boolean> {
  const changed = await db
    .update(streamers)
    .set({ alertKey: newKey() })
    .where(and(eq(streamers.userId, userId), eq(streamers.status, "approved")))
    .returning({ id: streamers.id });
  return changed.length > 0;
}

/** The approved streamer whose overlay this key opens, with the language its alerts are written in. */
export async function streamerByAlertKey(db: Reader, key: string): Promise<{ id: string; language: Language } | null> {
  const [row] = await db
    .select({ id: streamers.id, language: users.language })
    .from(streamers)
    .innerJoin(users, eq(users.id, streamers.userId))
    .where(and(eq(streamers.alertKey, key), eq(streamers.status, "approved")));
  return row ? { id: row.id, language: isLanguage(row.language) ? row.language : "es" } : null;
}

/** Where "now" is in a streamer's donations: an overlay opened now shows what comes after, not the past. */
export async function latestDonationCursor(db: Reader, streamerId: string): Promise<PageCursor | null> {
  const [row] = await db
    .select({ at: sql<string>`${streamerDonations.createdAt}::text`, id: streamerDonations.id })
    .from(streamerDonations)
    .where(eq(streamerDonations.streamerId, streamerId))
    .orderBy(sql`${streamerDonations.createdAt} desc, ${streamerDonations.id} desc`)
    .limit(1);
  return row ?? null;
}

/** The donations after `cursor` (all of them when null), oldest first, as the overlay shows them, each with its own cursor. */
export async function donationAlertsAfter(
  db: Reader,
  streamerId: string,
  cursor: PageCursor | null,
  language: Language,
  limit = 20,
): Promise<Array<{ cursor: PageCursor; alert: DonationAlert }>> {
  const rows = await db
    .select({
      id: streamerDonations.id,
      at: sql<string>`${streamerDonations.createdAt}::text`,
      amount: streamerDonations.amount,
      currency: streamerDonations.currency,
      // A message staff hid is never sent to the overlay.
      message: sql<string>`case when ${streamerDonations.messageHiddenAt} is null then ${streamerDonations.message} else '' end`,
      public: streamerDonations.public,
      handle: users.handle,
      giftQuantity: streamerDonations.giftQuantity,
      giftIcon: streamerGifts.icon,
      giftNameEs: streamerGifts.nameEs,
      giftNameEn: streamerGifts.nameEn,
    })
    .from(streamerDonations)
    .innerJoin(users, eq(users.id, streamerDonations.donorUserId))
    .leftJoin(streamerGifts, eq(streamerGifts.id, streamerDonations.giftId))
    .where(
      and(
        eq(streamerDonations.streamerId, streamerId),
        isNull(streamerDonations.refundedAt),
        cursor ? sql`(${streamerDonations.createdAt}, ${streamerDonations.id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(asc(streamerDonations.createdAt), asc(streamerDonations.id))
    .limit(limit);
  return rows.map(({ giftQuantity, giftIcon, giftNameEs, giftNameEn, ...row }) => ({
    cursor: { at: row.at, id: row.id },
    alert: donationAlert(
      {
        ...row,
        currency: row.currency as Currency,
        gift:
          giftQuantity !== null && giftIcon !== null && giftNameEs !== null && giftNameEn !== null
            ? { icon: giftIcon, nameEs: giftNameEs, nameEn: giftNameEn, quantity: giftQuantity }
            : null,
      },
      language,
    ),
  }));
}

/* ───────────── Test alerts (no money: the streamer checks their overlay) ───────────── */

/** The streamer sends a sample alert to their own overlay; false when they are no approved streamer. */
export async function sendTestAlert(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: streamers.id })
    .from(streamers)
    .where(and(eq(streamers.userId, userId), eq(streamers.status, "approved")));
  if (!row) return false;
  await db.insert(streamerTestAlerts).values({ id: randomUUID(), streamerId: row.id });
  return true;
}

export async function latestTestAlertCursor(db: Reader, streamerId: string): Promise<PageCursor | null> {
  const [row] = await db
    .select({ at: sql<string>`${streamerTestAlerts.createdAt}::text`, id: streamerTestAlerts.id })
    .from(streamerTestAlerts)
    .where(eq(streamerTestAlerts.streamerId, streamerId))
    .orderBy(sql`${streamerTestAlerts.createdAt} desc, ${streamerTestAlerts.id} desc`)
    .limit(1);
  return row ?? null;
}

/** Where an overlay opened now starts: after the last donation and the last test alert. */
export async function alertPlaceNow(db: Reader, streamerId: string): Promise<AlertPlace> {
  const [donation, test] = await Promise.all([latestDonationCursor(db, streamerId), latestTestAlertCursor(db, streamerId)]);
  return { donation, test };
}

/** The test alerts after `cursor`, oldest first, each with its cursor (the words are the streamer's language's). */
export async function testAlertsAfter(
  db: Reader,
  streamerId: string,
  cursor: PageCursor | null,
  language: Language,
  message: string,
  limit = 5,
): Promise<Array<{ cursor: PageCursor; alert: DonationAlert }>> {
  const rows = await db
    .select({ id: streamerTestAlerts.id, at: sql<string>`${streamerTestAlerts.createdAt}::text` })
    .from(streamerTestAlerts)
    .where(
      and(
        eq(streamerTestAlerts.streamerId, streamerId),
        cursor ? sql`(${streamerTestAlerts.createdAt}, ${streamerTestAlerts.id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(asc(streamerTestAlerts.createdAt), asc(streamerTestAlerts.id))
    .limit(limit);
  return rows.map((row) => ({ cursor: { at: row.at, id: row.id }, alert: testAlert(language, message) }));
}
