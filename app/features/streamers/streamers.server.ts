import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  competitionPrizes,
  registrationPlayers,
  registrations,
  settings,
  streamerChannels,
  streamerDonations,
  streamerGifts,
  streamerFollows,
  streamers,
  tournaments,
  users,
} from "~/db/schema";
import type { Currency } from "~/domain/money";
import { isCurrency, platformAccount, userAccount } from "~/features/wallet/core/accounts";
import { LedgerError, post } from "~/features/wallet/ledger.server";
import { DEFAULT_DONATION_FEE_BP, donationSplit } from "./core/donations";
import { readStoredSchedule, type ScheduleSlot } from "./core/schedule";
import { recordAudit } from "~/features/admin/audit.server";
import { holdsPlaceSql } from "~/features/tournaments/registration-status.server";
import type { Database, Transaction } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { constraintOf } from "~/lib/http.server";
import {
  PLATFORMS,
  mayMove,
  orderForList,
  type ApplicationInput,
  type Platform,
  type StreamerErrorCode,
  type StreamerStatus,
} from "./core/rules";
import { mailStreamerDecision } from "./streamer-mail.server";
import { takesPartSql } from "~/features/teams/teams.server";

/** The repository of streamers (docs/streamers.md): all of its SQL. Rules come from core/rules.ts. */

export class StreamerError extends DomainError<StreamerErrorCode> {}

type Reader = Database | Transaction;

/** The registrations a user played in (as the one who registered or as a player of the roster), still holding their place. */
function registrationsOfUser(userId: SQL | string): SQL {
  return sql`select r.id from ${registrations} r where r.status <> 'released' and (r.user_id = ${userId} or r.id in (select rp.registration_id from ${registrationPlayers} rp where rp.user_id = ${userId}))`;
}

/** Matches played on the platform, counted from the competition's results (bracket matches decided and battle-royale lobby matches), never typed. */
function gamesPlayedSql(userId: SQL): SQL<number> {
  return sql<number>`((select count(*) from competition_results c where c.registration1 in (${registrationsOfUser(userId)}) or c.registration2 in (${registrationsOfUser(userId)}))
    + (select count(*) from competition_lobby_results l where l.registration_id in (${registrationsOfUser(userId)})))`;
}

const followersSql = sql<number>`(select count(*) from ${streamerFollows} f where f.streamer_id = ${streamers.id})`;

const cardColumns = {
  id: streamers.id,
  handle: streamers.handle,
  games: streamers.games,
  featured: streamers.featured,
  live: streamers.live,
  liveSince: streamers.liveSince,
  liveViewers: streamers.liveViewers,
  followers: followersSql.mapWith(Number),
  gamesPlayed: gamesPlayedSql(sql`${streamers.userId}`).mapWith(Number),
};

async function channelsOf(db: Reader, streamerIds: string[]) {
  if (streamerIds.length === 0) return new Map<string, { platform: Platform; url: string }[]>();
  const rows = await db
    .select({ streamerId: streamerChannels.streamerId, platform: streamerChannels.platform, url: streamerChannels.url })
    .from(streamerChannels)
    .where(inArray(streamerChannels.streamerId, streamerIds));
  const byStreamer = new Map<string, { platform: Platform; url: string }[]>();
  for (const row of rows) {
    const list = byStreamer.get(row.streamerId) ?? [];
    list.push({ platform: row.platform as Platform, url: row.url });
    byStreamer.set(row.streamerId, list);
  }
  for (const list of byStreamer.values()) list.sort((a, b) => PLATFORMS.indexOf(a.platform) - PLATFORMS.indexOf(b.platform));
  return byStreamer;
}

/* ───────────── Applying ───────────── */

/** The user's own streamer row (any status) with its channels; null when they never applied. */
export async function findMine(db: Reader, userId: string) {
  const [row] = await db.select().from(streamers).where(eq(streamers.userId, userId));
  if (!row) return null;
  const channels = (await channelsOf(db, [row.id])).get(row.id) ?? [];
  return { ...row, status: row.status as StreamerStatus, channels };
}

/** Applies (or, after a refusal, applies again with new details). An application already pending or approved is refused. */
export async function applyAsStreamer(db: Database, userId: string, input: ApplicationInput, now = new Date()): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(streamers).where(eq(streamers.userId, userId)).for("update");
      let id: string;
      if (existing) {
        if (!mayMove(existing.status as StreamerStatus, "applied")) throw new StreamerError("ALREADY_APPLIED");
        id = existing.id;
        await tx
          .update(streamers)
          .set({
            handle: input.handle,
            bio: input.bio,
            games: input.games,
            status: "applied",
            refusalReason: null,
            appliedAt: now,
            decidedAt: null,
            decidedBy: null,
          })
          .where(eq(streamers.id, id));
        await tx.delete(streamerChannels).where(eq(streamerChannels.streamerId, id));
      } else {
        id = randomUUID();
        await tx.insert(streamers).values({ id, userId, handle: input.handle, bio: input.bio, games: input.games, appliedAt: now });
      }
      await tx.insert(streamerChannels).values(input.channels.map((channel) => ({ id: randomUUID(), streamerId: id, ...channel })));
      return { id };
    });
  } catch (error) {
    if (constraintOf(error) === "streamers_handle_unique") throw new StreamerError("HANDLE_TAKEN");
    if (constraintOf(error) === "streamers_user_id_unique") throw new StreamerError("ALREADY_APPLIED");
    throw error;
  }
}

/* ───────────── Staff ───────────── */

/** Applications first (oldest first), then the approved and refused, newest decisions first. Capped: a queue, not an archive. */
export async function listForStaff(db: Reader, status: StreamerStatus | null) {
  const rows = await db
    .select({
      id: streamers.id,
      handle: streamers.handle,
      bio: streamers.bio,
      games: streamers.games,
      status: streamers.status,
      refusalReason: streamers.refusalReason,
      featured: streamers.featured,
      live: streamers.live,
      appliedAt: streamers.appliedAt,
      email: users.email,
    })
    .from(streamers)
    .innerJoin(users, eq(users.id, streamers.userId))
    .where(status ? eq(streamers.status, status) : undefined)
    .orderBy(sql`${streamers.status} <> 'applied'`, asc(streamers.appliedAt))
    .limit(100);
  const channels = await channelsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, channels: channels.get(row.id) ?? [] }));
}

/** Staff approve or refuse (with a reason) an application, or withdraw an approval; audited, and the applicant is mailed in their language. */
export async function decideStreamer(
  db: Database,
  input: { staffId: string; streamerId: string; to: "approved" | "refused"; reason: string | null },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: streamers.status, handle: streamers.handle, email: users.email, language: users.language })
      .from(streamers)
      .innerJoin(users, eq(users.id, streamers.userId))
      .where(eq(streamers.id, input.streamerId))
      .for("update", { of: streamers });
    if (!row) throw new StreamerError("NOT_FOUND");
    if (!mayMove(row.status as StreamerStatus, input.to)) throw new StreamerError("MOVE_NOT_ALLOWED");
    const refused = input.to === "refused";
    await tx
      .update(streamers)
      .set({
        status: input.to,
        refusalReason: refused ? input.reason : null,
        decidedAt: now,
        decidedBy: input.staffId,
        // A refused (or withdrawn) streamer is neither featured nor live.
        ...(refused ? { featured: false, live: false, liveSince: null } : {}),
      })
      .where(eq(streamers.id, input.streamerId));
    await recordAudit(tx, {
      actorId: input.staffId,
      action: refused ? "streamer.refuse" : "streamer.approve",
      entity: "streamer",
      entityId: input.streamerId,
      before: { status: row.status },
      after: { status: input.to, reason: input.reason },
    });
    await mailStreamerDecision(tx, { to: row.email, language: row.language, handle: row.handle, decision: input.to, reason: input.reason });
  });
}

/** Staff show an approved streamer on the landing, or stop showing them; audited. */
export async function setFeatured(db: Database, staffId: string, streamerId: string, featured: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: streamers.status, featured: streamers.featured })
      .from(streamers)
      .where(eq(streamers.id, streamerId))
      .for("update");
    if (!row) throw new StreamerError("NOT_FOUND");
    if (featured && row.status !== "approved") throw new StreamerError("NOT_APPROVED");
    await tx.update(streamers).set({ featured }).where(eq(streamers.id, streamerId));
    await recordAudit(tx, {
      actorId: staffId,
      action: featured ? "streamer.feature" : "streamer.unfeature",
      entity: "streamer",
      entityId: streamerId,
      before: { featured: row.featured },
      after: { featured },
    });
  });
}

/* ───────────── Live status ───────────── */

/** The streamer's own "I'm live" switch. Only an approved streamer has one; anyone else gets NOT_FOUND. */
export async function setLive(db: Database, userId: string, live: boolean, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ id: streamers.id, status: streamers.status, live: streamers.live })
    .from(streamers)
    .where(eq(streamers.userId, userId));
  if (!row) throw new StreamerError("NOT_FOUND");
  if (row.status !== "approved") throw new StreamerError("NOT_APPROVED");
  if (row.live === live) return;
  await db
    .update(streamers)
    // The switch knows no viewer count.
    .set({ live, liveSince: live ? now : null, liveManual: true, liveViewers: null })
    .where(eq(streamers.id, row.id));
}

/* ───────────── Schedule ───────────── */

/**
 * The streamer's own weekly schedule, replaced whole (the slots already checked by core/schedule.ts).
 * Only an approved streamer's own row is written: the user id is the session's, never the form's.
 */
export async function setSchedule(db: Database, userId: string, slots: ScheduleSlot[]): Promise<void> {
  const updated = await db
    .update(streamers)
    .set({ schedule: slots })
    .where(and(eq(streamers.userId, userId), eq(streamers.status, "approved")))
    .returning({ id: streamers.id });
  if (updated.length === 0) throw new StreamerError("NOT_FOUND");
}

/* ───────────── Following ───────────── */

async function approvedByHandle(db: Reader, handle: string) {
  const [row] = await db
    .select({ id: streamers.id, userId: streamers.userId })
    .from(streamers)
    .where(and(eq(streamers.handle, handle), eq(streamers.status, "approved")));
  return row ?? null;
}

export async function follow(db: Database, userId: string, handle: string, following: boolean): Promise<void> {
  const streamer = await approvedByHandle(db, handle);
  if (!streamer) throw new StreamerError("NOT_FOUND");
  if (streamer.userId === userId) throw new StreamerError("CANNOT_FOLLOW_SELF");
  if (following) await db.insert(streamerFollows).values({ streamerId: streamer.id, userId }).onConflictDoNothing();
  else await db.delete(streamerFollows).where(and(eq(streamerFollows.streamerId, streamer.id), eq(streamerFollows.userId, userId)));
}

/* ───────────── Public pages ───────────── */

/** An approved streamer's public page: channels, games, bio, live status, followers, games played and tournaments. Null otherwise. */
export async function findStreamerPage(db: Reader, handle: string, viewerId: string | null) {
  const [row] = await db
    .select({ ...cardColumns, bio: streamers.bio, userId: streamers.userId, schedule: streamers.schedule })
    .from(streamers)
    .where(and(eq(streamers.handle, handle), eq(streamers.status, "approved")));
  if (!row) return null;
  const [channels, entries, following] = await Promise.all([
    channelsOf(db, [row.id]),
    db
      .select({
        registrationId: registrations.id,
        tournamentId: tournaments.id,
        title: tournaments.title,
        game: tournaments.game,
        date: tournaments.date,
        place: competitionPrizes.place,
      })
      .from(registrations)
      .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
      .leftJoin(
        competitionPrizes,
        and(eq(competitionPrizes.tournamentId, registrations.tournamentId), eq(competitionPrizes.registrationId, registrations.id)),
      )
      .where(and(holdsPlaceSql(), takesPartSql(row.userId)))
      .orderBy(desc(tournaments.date))
      .limit(50),
    viewerId
      ? db
          .select({ userId: streamerFollows.userId })
          .from(streamerFollows)
          .where(and(eq(streamerFollows.streamerId, row.id), eq(streamerFollows.userId, viewerId)))
      : Promise.resolve([]),
  ]);
  const { userId, schedule, ...streamer } = row;
  return {
    streamer: { ...streamer, schedule: readStoredSchedule(schedule), channels: channels.get(row.id) ?? [] },
    entries,
    following: following.length > 0,
    own: viewerId === userId,
  };
}

/** Approved streamers, live ones first. Capped at 100. */
export async function listApproved(db: Reader) {
  const rows = await db
    .select(cardColumns)
    .from(streamers)
    .where(eq(streamers.status, "approved"))
    .orderBy(asc(streamers.handle))
    .limit(100);
  return orderForList(rows);
}

/** The landing's "Streamers destacados": featured approved streamers, live ones first (at most six). */
export async function featuredStreamers(db: Reader) {
  const rows = await db
    .select(cardColumns)
    .from(streamers)
    .where(and(eq(streamers.status, "approved"), eq(streamers.featured, true)))
    .orderBy(asc(streamers.handle))
    .limit(30);
  return orderForList(rows).slice(0, 6);
}

/* ───────────── Donations (from the fan's wallet; docs/streamers.md) ───────────── */

export const DONATION_FEE_KEY = "streamer_donation_fee_bp";

/** The platform's fee on donations in basis points (staff setting), else 10 %. */
export async function donationFeeBasisPoints(db: Reader): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, DONATION_FEE_KEY));
  const value = Number(row?.value);
  return row && Number.isInteger(value) && value >= 0 && value <= 5000 ? value : DEFAULT_DONATION_FEE_BP;
}

/** Staff set the donation fee (basis points, already checked); audited. */
export async function saveDonationFee(db: Database, staffId: string, basisPoints: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await donationFeeBasisPoints(tx);
    await tx
      .insert(settings)
      .values({ key: DONATION_FEE_KEY, value: String(basisPoints) })
      .onConflictDoUpdate({ target: settings.key, set: { value: String(basisPoints), updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: staffId,
      action: "streamer.donation_fee",
      entity: "setting",
      entityId: DONATION_FEE_KEY,
      before: { basisPoints: before },
      after: { basisPoints },
    });
  });
}

/**
 * A fan donates from their wallet to an approved streamer: one ledger transaction, donor −amount,
 * streamer +(amount − fee), donation_fees +fee, with the donation row in the same database
 * transaction. The same key (the form's) never moves money twice.
 */
export async function donate(
  db: Database,
  input: {
    donorId: string;
    handle: string;
    currency: Currency;
    amount: number;
    message: string;
    public: boolean;
    idempotencyKey: string;
  },
): Promise<{ fee: number; net: number }> {
  try {
    return await db.transaction(async (tx) => {
      const streamer = await approvedByHandle(tx, input.handle);
      if (!streamer) throw new StreamerError("NOT_FOUND");
      if (streamer.userId === input.donorId) throw new StreamerError("CANNOT_DONATE_SELF");
      const { fee, net } = donationSplit(input.amount, await donationFeeBasisPoints(tx));
      const lines = [
        { account: userAccount(input.donorId, input.currency), amount: -input.amount },
        { account: userAccount(streamer.userId, input.currency), amount: net },
        ...(fee > 0 ? [{ account: platformAccount("donation_fees", input.currency), amount: fee }] : []),
      ];
      const posted = await post(tx, {
        kind: "donation",
        idempotencyKey: `donation:${input.donorId}:${input.idempotencyKey}`,
        subjectId: streamer.id,
        reason: `@${input.handle}`,
        actorId: input.donorId,
        lines,
      });
      if (!posted.repeated)
        await tx.insert(streamerDonations).values({
          id: randomUUID(),
          streamerId: streamer.id,
          donorUserId: input.donorId,
          currency: input.currency,
          amount: input.amount,
          fee,
          message: input.message,
          public: input.public,
          transactionId: posted.transactionId,
        });
      return { fee, net };
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") throw new StreamerError("INSUFFICIENT_FUNDS");
    throw error;
  }
}

/** The page's recent supporters: only donations whose donor opted in; the donor's public handle, never their name or e-mail. */
export async function recentSupporters(db: Reader, streamerId: string) {
  return db
    .select({
      id: streamerDonations.id,
      userId: streamerDonations.donorUserId,
      handle: users.handle,
      currency: streamerDonations.currency,
      amount: streamerDonations.amount,
      // A message staff hid is never sent to the page.
      message: sql<string>`case when ${streamerDonations.messageHiddenAt} is null then ${streamerDonations.message} else '' end`,
      createdAt: streamerDonations.createdAt,
      giftQuantity: streamerDonations.giftQuantity,
      giftNameEs: streamerGifts.nameEs,
      giftNameEn: streamerGifts.nameEn,
      giftIcon: streamerGifts.icon,
    })
    .from(streamerDonations)
    .innerJoin(users, eq(users.id, streamerDonations.donorUserId))
    .leftJoin(streamerGifts, eq(streamerGifts.id, streamerDonations.giftId))
    .where(and(eq(streamerDonations.streamerId, streamerId), eq(streamerDonations.public, true), isNull(streamerDonations.refundedAt)))
    .orderBy(desc(streamerDonations.createdAt))
    .limit(10);
}

/* ───────────── Staff: abusive donation messages ───────────── */

/** The latest donations with a message, for staff to read (and hide an abusive one); capped. */
export async function recentDonationMessages(db: Reader, limit = 50) {
  return (
    db
      .select({
        id: streamerDonations.id,
        streamerHandle: streamers.handle,
        donorHandle: users.handle,
        currency: streamerDonations.currency,
        amount: streamerDonations.amount,
        message: streamerDonations.message,
        hiddenAt: streamerDonations.messageHiddenAt,
        createdAt: streamerDonations.createdAt,
        paidByOrder: sql<boolean>`${streamerDonations.orderId} is not null`,
        refundedAt: streamerDonations.refundedAt,
      })
      .from(streamerDonations)
      .innerJoin(streamers, eq(streamers.id, streamerDonations.streamerId))
      .innerJoin(users, eq(users.id, streamerDonations.donorUserId))
      // Messages to moderate, and wallet donations staff may refund here (an order's is refunded through the order).
      .where(sql`(${streamerDonations.message} <> '' or ${streamerDonations.orderId} is null)`)
      .orderBy(desc(streamerDonations.createdAt))
      .limit(limit)
  );
}

/**
 * Staff refund a donation paid from the fan's wallet: the streamer's share and the fee go back to the
 * donor's wallet in one ledger movement (its key is the donation's, so a doubled refund posts once),
 * the donation is marked refunded (never deleted), audited. Refused, changing nothing, when the
 * streamer's wallet no longer holds their share (staff settle it with the streamer first) and for a
 * donation paid by an order (that one is refunded through its order).
 */
export async function refundWalletDonation(
  db: Database,
  staffId: string,
  donationId: string,
  now = new Date(),
): Promise<{ repeated: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          donorUserId: streamerDonations.donorUserId,
          streamerUserId: streamers.userId,
          currency: streamerDonations.currency,
          amount: streamerDonations.amount,
          fee: streamerDonations.fee,
          orderId: streamerDonations.orderId,
          refundedAt: streamerDonations.refundedAt,
        })
        .from(streamerDonations)
        .innerJoin(streamers, eq(streamers.id, streamerDonations.streamerId))
        .where(eq(streamerDonations.id, donationId))
        .for("update", { of: streamerDonations });
      if (!row || !isCurrency(row.currency)) throw new StreamerError("NOT_FOUND");
      if (row.orderId !== null) throw new StreamerError("DONATION_PAID_BY_ORDER");
      if (row.refundedAt) return { repeated: true };
      const { donorUserId, streamerUserId, currency, amount, fee } = row;
      const posted = await post(tx, {
        kind: "donation_refund",
        idempotencyKey: `donation-wallet-refund:${donationId}`,
        subjectId: donationId,
        actorId: staffId,
        lines: [
          { account: userAccount(streamerUserId, currency), amount: -(amount - fee) },
          ...(fee > 0 ? [{ account: platformAccount("donation_fees", currency), amount: -fee }] : []),
          { account: userAccount(donorUserId, currency), amount },
        ],
      });
      await tx.update(streamerDonations).set({ refundedAt: now }).where(eq(streamerDonations.id, donationId));
      await recordAudit(tx, {
        actorId: staffId,
        action: "streamer.donation_refund",
        entity: "streamer_donation",
        entityId: donationId,
        before: { refunded: false },
        after: { refunded: true, currency, amount, fee, transactionId: posted.transactionId },
      });
      return { repeated: posted.repeated };
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") throw new StreamerError("DONATION_SPENT");
    throw error;
  }
}

/** Staff hide a donation's message (the money stays where it went); audited. Hiding twice changes nothing. */
export async function hideDonationMessage(db: Database, staffId: string, donationId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ message: streamerDonations.message, hiddenAt: streamerDonations.messageHiddenAt })
      .from(streamerDonations)
      .where(eq(streamerDonations.id, donationId))
      .for("update");
    if (!row) throw new StreamerError("NOT_FOUND");
    if (row.hiddenAt) return;
    await tx.update(streamerDonations).set({ messageHiddenAt: now, messageHiddenBy: staffId }).where(eq(streamerDonations.id, donationId));
    await recordAudit(tx, {
      actorId: staffId,
      action: "streamer.donation_message_hide",
      entity: "streamer_donation",
      entityId: donationId,
      before: { message: row.message },
      after: { hidden: true },
    });
  });
}
