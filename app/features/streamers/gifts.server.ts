import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { streamerGifts } from "~/db/schema";
import { recordAudit } from "~/features/admin/audit.server";
import type { Database, Transaction } from "~/lib/db.server";
import type { ParsedGiftCatalogue } from "./core/gifts";
import { StreamerError } from "./streamers.server";

/** The gift catalogue's SQL (docs/streamers.md "Gifts"): what fans may send, and staff's edits. */

type Reader = Database | Transaction;

const COLUMNS = {
  id: streamerGifts.id,
  nameEs: streamerGifts.nameEs,
  nameEn: streamerGifts.nameEn,
  priceUsd: streamerGifts.priceUsd,
  icon: streamerGifts.icon,
  active: streamerGifts.active,
  position: streamerGifts.position,
};

/** The items fans may send now, in staff's order. */
export async function activeGifts(db: Reader) {
  return db
    .select(COLUMNS)
    .from(streamerGifts)
    .where(eq(streamerGifts.active, true))
    .orderBy(asc(streamerGifts.position), asc(streamerGifts.id));
}

/** Every item, on or off, for staff. */
export async function allGifts(db: Reader) {
  return db.select(COLUMNS).from(streamerGifts).orderBy(asc(streamerGifts.position), asc(streamerGifts.id));
}

/** One item a fan may send now (under a share lock: staff switching it off wait for the order), or null. */
export async function activeGift(tx: Transaction, giftId: string) {
  const [row] = await tx.select(COLUMNS).from(streamerGifts).where(eq(streamerGifts.id, giftId)).for("share");
  return row?.active ? row : null;
}

/** Staff add an item (no id) or change one; audited with what it was and what it is. Answers the item's id. */
export async function saveGift(
  db: Database,
  staffId: string,
  giftId: string | null,
  item: Omit<Extract<ParsedGiftCatalogue, { ok: true }>, "ok">,
): Promise<string> {
  return db.transaction(async (tx) => {
    const values = {
      nameEs: item.nameEs,
      nameEn: item.nameEn,
      priceUsd: item.priceUsd,
      icon: item.icon,
      active: item.active,
      position: item.position,
    };
    let before: Record<string, unknown> | null = null;
    let id = giftId;
    if (id) {
      const [row] = await tx.select(COLUMNS).from(streamerGifts).where(eq(streamerGifts.id, id)).for("update");
      if (!row) throw new StreamerError("NOT_FOUND");
      const { id: _id, ...was } = row;
      before = was;
      await tx
        .update(streamerGifts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(streamerGifts.id, id));
    } else {
      id = `gift-${randomUUID()}`;
      await tx.insert(streamerGifts).values({ id, ...values });
    }
    await recordAudit(tx, {
      actorId: staffId,
      action: before ? "streamer.gift_update" : "streamer.gift_create",
      entity: "streamer_gift",
      entityId: id,
      before,
      after: values,
    });
    return id;
  });
}
