import { eq } from "drizzle-orm";
import { competitionAudit, competitionSettings, tournaments } from "~/db/schema";
import type { Transaction } from "~/lib/db.server";
import { checkInWindow } from "./core/check-in";
import { defaultPresetFor, rulesFor } from "./core/points-table";

/**
 * The tournament form sets how the event is run once (docs/product.md "Running an event"): format, start and check-in window are
 * copied into the run settings whenever the tournament is created or edited, so the run page never
 * asks again. Best-of, groups and point tables stay on the run page (they are about running it).
 * Once the event has started nothing here changes. Runs in the tournament write's transaction.
 */
export async function planEvent(
  tx: Transaction,
  tournamentId: string,
  plan: { format: string; startsAt: Date; checkInOpensMinutes: number; checkInClosesMinutes: number },
  actorUserId: string,
) {
  const [current] = await tx.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, tournamentId));
  if (current?.startedAt) return;
  const same =
    current &&
    current.format === plan.format &&
    current.startsAt.getTime() === plan.startsAt.getTime() &&
    current.checkInOpensMinutes === plan.checkInOpensMinutes &&
    current.checkInClosesMinutes === plan.checkInClosesMinutes;
  if (same) return;
  const window = checkInWindow(plan.startsAt, plan.checkInOpensMinutes, plan.checkInClosesMinutes);
  const now = new Date();
  if (!current) {
    // A new battle royale starts with its game's official point table.
    const [tournament] = await tx.select({ game: tournaments.game }).from(tournaments).where(eq(tournaments.id, tournamentId));
    const preset = defaultPresetFor(tournament?.game ?? "");
    const rules = rulesFor(preset, {});
    await tx.insert(competitionSettings).values({
      tournamentId,
      ...plan,
      pointsPreset: preset,
      ...(rules ? { placementPoints: rules.placementPoints, killPoints: rules.killPoints } : {}),
    });
  } else {
    await tx
      .update(competitionSettings)
      .set({
        ...plan,
        // A window moved to the future owes the check-in mail and the no-show drop again.
        ...(current.checkInMailedAt && window.opensAt > now ? { checkInMailedAt: null } : {}),
        ...(current.noShowsDroppedAt && window.closesAt > now ? { noShowsDroppedAt: null } : {}),
      })
      .where(eq(competitionSettings.tournamentId, tournamentId));
  }
  await tx.insert(competitionAudit).values({ tournamentId, actorUserId, action: "settings", before: current ?? null, after: plan });
}
