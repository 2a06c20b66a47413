import { eq } from "drizzle-orm";
import { competitionAudit, competitionSettings } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { loadBracket } from "./bracket-storage.server";
import { CompetitionError } from "./competition-types.server";
import { withTournamentLock } from "./tournament-lock.server";
import { isBracketFormat, type Format } from "./core/formats";
import { writeMatchTime } from "./match-times.server";

/**
 * Staff (or the organization's operators) set or clear the time of one match of a started bracket,
 * overriding its round's time (docs/product.md "match times"). Under the tournament's lock; audited
 * when it changed. A new time owes a new reminder (the ledger is keyed by match and time).
 */
export async function saveMatchTime(
  db: Database,
  input: { tournamentId: string; matchId: number; scheduledAt: Date | null; actorUserId: string },
): Promise<boolean> {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, input.tournamentId));
    if (!settings) throw new CompetitionError("NOT_RUN_HERE");
    if (!settings.startedAt) throw new CompetitionError("NOT_STARTED");
    if (!isBracketFormat(settings.format as Format)) throw new CompetitionError("NOT_BRACKET");
    const bracket = await loadBracket(tx, input.tournamentId);
    if (!bracket.match.some((match) => match.id === input.matchId)) throw new CompetitionError("BAD_ROUND_TIME");
    const changed = await writeMatchTime(tx, input.tournamentId, input.matchId, input.scheduledAt);
    if (!changed) return false;
    await tx.insert(competitionAudit).values({
      tournamentId: input.tournamentId,
      matchId: input.matchId,
      actorUserId: input.actorUserId,
      action: "match_time",
      before: { scheduledAt: changed.before },
      after: { scheduledAt: changed.after },
    });
    return true;
  });
}
