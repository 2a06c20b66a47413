import { and, desc, eq, sql } from "drizzle-orm";
import { savedPlayerIds } from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { runPrepared } from "~/lib/prepared.server";

/** How many remembered IDs a game page offers. */
export const SAVED_IDS_SHOWN = 5;

/**
 * Remembers the player ID a buyer used for a game (called with the order's creation, in its
 * transaction): a known ID only gets its last-used time (and a fresher in-game name).
 */
export async function rememberPlayerId(
  db: Database | Transaction,
  entry: { userId: string; gameId: string; playerId: string; zone: string | null; gamerName: string | null },
) {
  await runPrepared(
    db,
    "remember_player_id",
    (database, name) =>
      database
        .insert(savedPlayerIds)
        .values({
          userId: sql.placeholder("userId"),
          gameId: sql.placeholder("gameId"),
          playerId: sql.placeholder("playerId"),
          zone: sql.placeholder("zone"),
          gamerName: sql.placeholder("gamerName"),
          lastUsedAt: sql.placeholder("lastUsedAt"),
        })
        .onConflictDoUpdate({
          target: [savedPlayerIds.userId, savedPlayerIds.gameId, savedPlayerIds.playerId, savedPlayerIds.zone],
          set: { lastUsedAt: sql`excluded.last_used_at`, gamerName: sql`coalesce(excluded.gamer_name, ${savedPlayerIds.gamerName})` },
        })
        .prepare(name),
    { ...entry, zone: entry.zone ?? "", lastUsedAt: new Date() },
  );
}

/** The signed-in buyer's own IDs for a game, most recent first (never anyone else's). */
export async function listSavedPlayerIds(db: Database, userId: string, gameId: string) {
  const rows = await runPrepared(
    db,
    "saved_player_ids",
    (database, name) =>
      database
        .select({ playerId: savedPlayerIds.playerId, zone: savedPlayerIds.zone, gamerName: savedPlayerIds.gamerName })
        .from(savedPlayerIds)
        .where(and(eq(savedPlayerIds.userId, sql.placeholder("userId")), eq(savedPlayerIds.gameId, sql.placeholder("gameId"))))
        .orderBy(desc(savedPlayerIds.lastUsedAt), desc(savedPlayerIds.id))
        .limit(SAVED_IDS_SHOWN)
        .prepare(name),
    { userId, gameId },
  );
  return rows.map((row) => ({ ...row, zone: row.zone || null }));
}

export type SavedPlayerId = Awaited<ReturnType<typeof listSavedPlayerIds>>[number];
