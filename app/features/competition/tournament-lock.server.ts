import { eq } from "drizzle-orm";
import { tournaments } from "~/db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { announceChange } from "./competition-events.server";
import { screenshotStorage } from "./screenshots.server";
import { log } from "~/lib/log.server";
import { CompetitionError } from "./competition-types.server";

/** Screenshot files a write replaced or dropped: removed from storage once (and only if) it commits. */
export type DiscardScreenshots = (keys: string[]) => void;

/**
 * Every write to one tournament's event: one transaction that first locks the tournament row, so
 * two captains reporting at once, or staff correcting while a captain reports, run one after the other.
 * Files of reports the write replaced or deleted are removed after the commit (a crash in between
 * leaves an unreferenced file, never a report without its file).
 */
export async function withTournamentLock<T>(
  db: Database,
  tournamentId: string,
  work: (tx: Transaction, discardScreenshots: DiscardScreenshots) => Promise<T>,
): Promise<T> {
  let afterCommit: () => void = () => undefined;
  const discarded: string[] = [];
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId)).for("update");
    if (!row) throw new CompetitionError("NOT_RUN_HERE");
    const value = await work(tx, (keys) => discarded.push(...keys));
    afterCommit = await announceChange(tx, tournamentId);
    return value;
  });
  afterCommit();
  for (const key of discarded)
    await screenshotStorage()
      .remove(key)
      .catch((error) => log.warn("replaced screenshot not removed", { tournamentId, key, error: String(error) }));
  return result;
}
