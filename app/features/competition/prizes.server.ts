import { refreshTournamentStandings } from "~/features/teams/leaderboard.server";
import { and, asc, eq } from "drizzle-orm";
import { competitionAudit, competitionEntrants, competitionPrizes, competitionSettings, tournaments } from "~/db/schema";
import { announce } from "~/features/notifications/notify.server";
import type { Database, Transaction } from "~/lib/db.server";
import { CompetitionError, type Executor } from "./competition-types.server";
import { withTournamentLock } from "./tournament-lock.server";
import { listEntrants } from "./competition-reads.server";

/** Staff record who got which prize (replacing what was recorded before); audited. */
export async function savePrizes(
  db: Database,
  input: { tournamentId: string; prizes: { registrationId: string; place: number; amount: string }[]; actorUserId: string },
) {
  return withTournamentLock(db, input.tournamentId, async (tx) => {
    const [settings] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, input.tournamentId));
    if (!settings?.startedAt) throw new CompetitionError("NOT_STARTED");
    const entrants = new Set((await listEntrants(tx, input.tournamentId)).map((entrant) => entrant.registrationId));
    if (!input.prizes.every((prize) => entrants.has(prize.registrationId))) throw new CompetitionError("BAD_PRIZES");
    const before = await tx.select().from(competitionPrizes).where(eq(competitionPrizes.tournamentId, input.tournamentId));
    await tx.delete(competitionPrizes).where(eq(competitionPrizes.tournamentId, input.tournamentId));
    if (input.prizes.length)
      await tx.insert(competitionPrizes).values(input.prizes.map((prize) => ({ tournamentId: input.tournamentId, ...prize })));
    await tx.insert(competitionAudit).values({
      tournamentId: input.tournamentId,
      actorUserId: input.actorUserId,
      action: "prizes",
      before: before.length ? before : null,
      after: input.prizes,
    });
    // Places earn leaderboard points (docs/teams.md).
    await refreshTournamentStandings(tx, input.tournamentId);
    // The first time the final places are recorded, an organization's channel hears the podium (docs/organizations.md).
    if (before.length === 0 && input.prizes.length > 0) await announceResults(tx, input.tournamentId);
  });
}

async function announceResults(tx: Transaction, tournamentId: string) {
  const [tournament] = await tx
    .select({ title: tournaments.title, organizationId: tournaments.organizationId })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!tournament?.organizationId) return;
  const podium = (await listPrizes(tx, tournamentId)).map((prize) => prize.name);
  await announce(tx, tournamentId, { kind: "results", title: tournament.title, podium, path: `/tournaments/${tournamentId}/bracket` });
}

export async function listPrizes(db: Executor, tournamentId: string) {
  return db
    .select({
      registrationId: competitionPrizes.registrationId,
      place: competitionPrizes.place,
      amount: competitionPrizes.amount,
      name: competitionEntrants.name,
    })
    .from(competitionPrizes)
    .innerJoin(
      competitionEntrants,
      and(
        eq(competitionEntrants.tournamentId, competitionPrizes.tournamentId),
        eq(competitionEntrants.registrationId, competitionPrizes.registrationId),
      ),
    )
    .where(eq(competitionPrizes.tournamentId, tournamentId))
    .orderBy(asc(competitionPrizes.place));
}
