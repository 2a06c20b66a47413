import { and, asc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import {
  competitionAudit,
  competitionResults,
  competitionSettings,
  streamers,
  tournamentRecordings,
  tournamentReplaySettings,
  tournamentStreams,
  tournaments,
} from "~/db/schema";
import { recordAudit } from "~/features/admin/audit.server";
import type { CurrentUser } from "~/features/auth/session.server";
import { eventStagesOf } from "~/features/competition/bracket-page.server";
import { findMatch } from "~/features/competition/competition-reads.server";
import { requireTournamentOperator } from "~/features/organizations/operator.server";
import type { Database } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { isWellFormedId, notFoundIfNullish } from "~/lib/http.server";
import { channelName, eventEndedAt, liveEmbedUrl, recordingEmbedUrl, replayAccess, type Recording, type StreamInput } from "./core/streams";
import type { Platform } from "./core/rules";

/**
 * Streams on tournaments and matches, recordings and the replays' setting (docs/streamers.md):
 * all their SQL. Staff acts are audited (`tournament.stream_attach`, `…_detach`, `tournament.recording_add`,
 * `…_remove`, `tournament.replays_public`).
 */

export type StreamsErrorCode = "NOT_FOUND" | "STREAMER_NOT_FOUND" | "MATCH_INVALID" | "RECORDING_TAKEN" | "TOO_MANY";
export class StreamsError extends DomainError<StreamsErrorCode> {}

/** Most streams a tournament (its matches included) and most recordings it may carry: each page lists them all. */
export const STREAMS_PER_TOURNAMENT = 20;
export const RECORDINGS_PER_TOURNAMENT = 20;

/**
 * Who may manage a tournament's streams and recordings: whoever runs the tournament (the run page's
 * rule), and the tournament must exist. Anyone else gets a 404.
 */
export async function requireStreamOperator(db: Database, request: Request, params: { slug?: string; tournamentId: string }) {
  // The one rule of who runs a tournament (organizations/operator.server.ts): the page is mounted under
  // /admin (platform staff) and under /organizations/:slug/manage (that organization's operators, its own tournaments only).
  const { user, base }: { user: CurrentUser; base: string } = await requireTournamentOperator(request, params);
  const tournamentId = params.tournamentId;
  const [tournament] = isWellFormedId(tournamentId)
    ? await db
        .select({ id: tournaments.id, title: tournaments.title, date: tournaments.date, status: tournaments.status })
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId))
    : [];
  return { user, base, tournament: notFoundIfNullish(tournament) };
}

/** Our own host name, the `parent` Twitch's player insists on: PUBLIC_URL's, or the address the request came to. */
export function playerParent(request: Request): string {
  return new URL(env().publicUrlSet ? env().publicUrl : request.url).hostname;
}

export async function attachStream(db: Database, tournamentId: string, input: StreamInput, actorId: string): Promise<string> {
  return db.transaction(async (tx) => {
    // The tournament row is locked so two attaches at once cannot both pass the cap.
    await tx.execute(sql`select id from tournaments where id = ${tournamentId} for update`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(tournamentStreams)
      .where(eq(tournamentStreams.tournamentId, tournamentId));
    if (Number(count) >= STREAMS_PER_TOURNAMENT) throw new StreamsError("TOO_MANY");
    let streamerId: string | null = null;
    if (input.streamerHandle) {
      const [streamer] = await tx
        .select({ id: streamers.id })
        .from(streamers)
        .where(and(eq(streamers.handle, input.streamerHandle), eq(streamers.status, "approved")));
      if (!streamer) throw new StreamsError("STREAMER_NOT_FOUND");
      streamerId = streamer.id;
    }
    if (input.matchId !== null && !(await findMatch(tx as unknown as Database, tournamentId, input.matchId)))
      throw new StreamsError("MATCH_INVALID");
    const id = crypto.randomUUID();
    await tx.insert(tournamentStreams).values({
      id,
      tournamentId,
      matchId: input.matchId,
      kind: input.kind,
      platform: input.platform,
      url: input.url,
      streamerId,
      createdBy: actorId,
    });
    await recordAudit(tx, {
      actorId,
      action: "tournament.stream_attach",
      entity: "tournament",
      entityId: tournamentId,
      after: { id, kind: input.kind, url: input.url, matchId: input.matchId, streamer: input.streamerHandle },
    });
    return id;
  });
}

export async function detachStream(db: Database, tournamentId: string, streamId: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(tournamentStreams)
      .where(and(eq(tournamentStreams.id, streamId), eq(tournamentStreams.tournamentId, tournamentId)))
      .returning();
    if (!removed) throw new StreamsError("NOT_FOUND");
    await recordAudit(tx, {
      actorId,
      action: "tournament.stream_detach",
      entity: "tournament",
      entityId: tournamentId,
      before: { id: removed.id, kind: removed.kind, url: removed.url, matchId: removed.matchId },
    });
  });
}

/** A stream as a page shows it: the facade's channel name and player (null: link out), live when its streamer is. */
export interface StreamView {
  id: string;
  kind: "official" | "caster";
  platform: Platform;
  url: string;
  name: string;
  matchId: number | null;
  embedUrl: string | null;
  streamer: { handle: string; live: boolean } | null;
}

/** The tournament's streams (matchId undefined: all; null: the tournament's own; a number: that match's). */
export async function listStreams(db: Database, tournamentId: string, parent: string, matchId?: number | null): Promise<StreamView[]> {
  const rows = await db
    .select({
      id: tournamentStreams.id,
      kind: tournamentStreams.kind,
      platform: tournamentStreams.platform,
      url: tournamentStreams.url,
      matchId: tournamentStreams.matchId,
      handle: streamers.handle,
      live: streamers.live,
      status: streamers.status,
    })
    .from(tournamentStreams)
    .leftJoin(streamers, eq(streamers.id, tournamentStreams.streamerId))
    .where(
      and(
        eq(tournamentStreams.tournamentId, tournamentId),
        matchId === undefined ? undefined : matchId === null ? isNull(tournamentStreams.matchId) : eq(tournamentStreams.matchId, matchId),
      ),
    )
    .orderBy(asc(tournamentStreams.kind), asc(tournamentStreams.createdAt))
    .limit(STREAMS_PER_TOURNAMENT);
  return rows.map((row) => {
    const platform = row.platform as Platform;
    return {
      id: row.id,
      kind: row.kind === "caster" ? "caster" : "official",
      platform,
      url: row.url,
      name: channelName(platform, row.url),
      matchId: row.matchId,
      embedUrl: liveEmbedUrl(platform, row.url, parent),
      streamer: row.handle ? { handle: row.handle, live: row.status === "approved" && Boolean(row.live) } : null,
    };
  });
}

/** Which of these tournaments are live now: one of their attached streams is an approved streamer who is live. */
export async function liveTournamentIds(db: Database, tournamentIds: readonly string[]): Promise<Set<string>> {
  if (tournamentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: tournamentStreams.tournamentId })
    .from(tournamentStreams)
    .innerJoin(streamers, eq(streamers.id, tournamentStreams.streamerId))
    .where(and(inArray(tournamentStreams.tournamentId, [...tournamentIds]), eq(streamers.status, "approved"), eq(streamers.live, true)));
  return new Set(rows.map((row) => row.id));
}

/** The cards of a list with their live flag set (the landing, /tournaments). */
export async function withLive<T extends { id: string }>(db: Database, cards: T[]): Promise<(T & { live: boolean })[]> {
  const live = await liveTournamentIds(
    db,
    cards.map((card) => card.id),
  );
  return cards.map((card) => ({ ...card, live: live.has(card.id) }));
}

export async function addRecording(
  db: Database,
  tournamentId: string,
  recording: Recording,
  title: string,
  actorId: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from tournaments where id = ${tournamentId} for update`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(tournamentRecordings)
      .where(eq(tournamentRecordings.tournamentId, tournamentId));
    if (Number(count) >= RECORDINGS_PER_TOURNAMENT) throw new StreamsError("TOO_MANY");
    const id = crypto.randomUUID();
    const inserted = await tx
      .insert(tournamentRecordings)
      .values({ id, tournamentId, platform: recording.platform, videoId: recording.videoId, url: recording.url, title, createdBy: actorId })
      .onConflictDoNothing()
      .returning({ id: tournamentRecordings.id });
    if (inserted.length === 0) throw new StreamsError("RECORDING_TAKEN");
    await recordAudit(tx, {
      actorId,
      action: "tournament.recording_add",
      entity: "tournament",
      entityId: tournamentId,
      after: { id, url: recording.url, title },
    });
    return id;
  });
}

export async function removeRecording(db: Database, tournamentId: string, recordingId: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(tournamentRecordings)
      .where(and(eq(tournamentRecordings.id, recordingId), eq(tournamentRecordings.tournamentId, tournamentId)))
      .returning();
    if (!removed) throw new StreamsError("NOT_FOUND");
    await recordAudit(tx, {
      actorId,
      action: "tournament.recording_remove",
      entity: "tournament",
      entityId: tournamentId,
      before: { id: removed.id, url: removed.url, title: removed.title },
    });
  });
}

export async function setReplaysPublic(db: Database, tournamentId: string, publicAfter: boolean, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await replaysPublicAfter(tx as unknown as Database, tournamentId);
    await tx
      .insert(tournamentReplaySettings)
      .values({ tournamentId, publicAfter, updatedBy: actorId })
      .onConflictDoUpdate({
        target: tournamentReplaySettings.tournamentId,
        set: { publicAfter, updatedBy: actorId, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId,
      action: "tournament.replays_public",
      entity: "tournament",
      entityId: tournamentId,
      before: { publicAfter: before },
      after: { publicAfter },
    });
  });
}

export async function replaysPublicAfter(db: Database, tournamentId: string): Promise<boolean> {
  const [row] = await db
    .select({ publicAfter: tournamentReplaySettings.publicAfter })
    .from(tournamentReplaySettings)
    .where(eq(tournamentReplaySettings.tournamentId, tournamentId));
  return row?.publicAfter ?? false;
}

export interface RecordingView {
  id: string;
  platform: "twitch" | "youtube";
  url: string;
  title: string;
  embedUrl: string;
}

export async function listRecordings(db: Database, tournamentId: string, parent: string): Promise<RecordingView[]> {
  const rows = await db
    .select()
    .from(tournamentRecordings)
    .where(eq(tournamentRecordings.tournamentId, tournamentId))
    .orderBy(asc(tournamentRecordings.createdAt))
    .limit(RECORDINGS_PER_TOURNAMENT);
  return rows.map((row) => {
    const platform = row.platform === "twitch" ? "twitch" : "youtube";
    return {
      id: row.id,
      platform,
      url: row.url,
      title: row.title,
      embedUrl: recordingEmbedUrl({ platform, videoId: row.videoId }, parent),
    };
  });
}

/** When the tournament's event ended (core/streams.ts eventEndedAt): its last result once finished here, else the end of its day. */
export async function tournamentEndedAt(db: Database, tournament: { id: string; date: string }): Promise<Date> {
  const [settings] = await db
    .select({ startedAt: competitionSettings.startedAt })
    .from(competitionSettings)
    .where(eq(competitionSettings.tournamentId, tournament.id));
  if (!settings?.startedAt) return eventEndedAt({ date: tournament.date, timeZone: env().TIME_ZONE, run: null });
  const stage = (await eventStagesOf(db, [tournament.id])).get(tournament.id);
  const [results] = await db
    .select({ at: max(competitionResults.createdAt) })
    .from(competitionResults)
    .where(eq(competitionResults.tournamentId, tournament.id));
  const [acts] = await db
    .select({ at: max(competitionAudit.createdAt) })
    .from(competitionAudit)
    .where(eq(competitionAudit.tournamentId, tournament.id));
  const times = [results?.at, acts?.at].filter((at): at is Date => at instanceof Date);
  const lastResultAt = times.length ? new Date(Math.max(...times.map((at) => at.getTime()))) : null;
  return eventEndedAt({ date: tournament.date, timeZone: env().TIME_ZONE, run: { finished: stage?.stage === "finished", lastResultAt } });
}

/** What a tournament's replays are, whoever looks (null when it has none): the recordings, when its event ended, its setting. */
export interface ReplayFacts {
  recordings: RecordingView[];
  endedAt: Date;
  publicAfter: boolean;
}

export async function replayFacts(db: Database, tournament: { id: string; date: string }, parent: string): Promise<ReplayFacts | null> {
  const recordings = await listRecordings(db, tournament.id, parent);
  if (recordings.length === 0) return null;
  return { recordings, endedAt: await tournamentEndedAt(db, tournament), publicAfter: await replaysPublicAfter(db, tournament.id) };
}

type ReplaysView = { state: "open" | "members_only"; until: string | null; recordings: RecordingView[]; count: number } | null;

/**
 * A tournament's replays as one viewer may see them (core/streams.ts replayAccess): null when it has no
 * recordings or its event has not ended; the recordings' players only when this viewer may watch.
 */
export function replaysFrom(facts: ReplayFacts | null, viewer: { member: boolean; now: Date }): ReplaysView {
  if (!facts) return null;
  const { recordings } = facts;
  const access = replayAccess({ endedAt: facts.endedAt, member: viewer.member, publicAfter: facts.publicAfter, now: viewer.now });
  if (access.state === "not_ended") return null;
  if (access.state === "open") return { state: "open", until: null, recordings, count: recordings.length };
  // Locked: what there is to watch is said (how many), never where (the links stay on the server).
  return { state: "members_only", until: access.until?.toISOString() ?? null, recordings: [], count: recordings.length };
}

export async function replaysFor(
  db: Database,
  tournament: { id: string; date: string },
  viewer: { member: boolean; now: Date; parent: string },
): Promise<ReplaysView> {
  return replaysFrom(await replayFacts(db, tournament, viewer.parent), viewer);
}
