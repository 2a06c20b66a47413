import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { games, topupPackages } from "~/db/schema";
import { usdToVes } from "~/domain/money";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import type { Database } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import type { GameValues, PackageValues } from "./core/catalogue-form";
import { writingShared } from "~/lib/shared-reads.server";
import { DomainError } from "~/lib/domain-error";

const STORE_TABLES = ["games", "topup_packages"];

export const GAMES_LIMIT = 200;
export const PACKAGES_LIMIT = 200;

export class CatalogueAdminError extends DomainError<"NOT_FOUND"> {}

/** Every game of the store (a short table; bounded anyway). */
export async function listGamesForStaff(db: Database) {
  return db.select().from(games).orderBy(asc(games.sortOrder), asc(games.id)).limit(GAMES_LIMIT);
}

export async function updateGame(db: Database, staffId: string, id: string, values: GameValues) {
  await writingShared(STORE_TABLES, () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(games).where(eq(games.id, id)).for("update");
      if (!before) throw new CatalogueAdminError("NOT_FOUND");
      const [after] = await tx.update(games).set(values).where(eq(games.id, id)).returning();
      await recordAudit(tx, { actorId: staffId, action: "game.update", entity: "game", entityId: id, before, after });
    }),
  );
}

export async function findGame(db: Database, id: string) {
  const [row] = await db.select().from(games).where(eq(games.id, id));
  return row ?? null;
}

/** One game's packages, in store order. */
export async function listPackagesForStaff(db: Database, gameId: string) {
  return db
    .select()
    .from(topupPackages)
    .where(eq(topupPackages.gameId, gameId))
    .orderBy(asc(topupPackages.sortOrder), asc(topupPackages.id))
    .limit(PACKAGES_LIMIT);
}

/** The Bs price to store: typed, or computed from the USD price at the rate in force. */
async function bsPrice(db: Database, values: PackageValues): Promise<number> {
  if (!values.bsFollowsRate && values.priceBs !== null) return values.priceBs;
  return Math.max(1, usdToVes(values.priceUsd, await currentExchangeRate(db)));
}

/** Adds a package. Existing orders keep their own amounts: they never read the catalogue again. */
export async function createPackage(db: Database, staffId: string, gameId: string, values: PackageValues) {
  return writingShared(STORE_TABLES, () =>
    db.transaction(async (tx) => {
      const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId));
      if (!game) throw new CatalogueAdminError("NOT_FOUND");
      const priceBs = await bsPrice(tx as unknown as Database, values);
      const [row] = await tx
        .insert(topupPackages)
        .values({ id: `${gameId}-${randomUUID().slice(0, 8)}`, gameId, ...values, priceBs })
        .returning();
      await recordAudit(tx, { actorId: staffId, action: "package.create", entity: "package", entityId: row!.id, before: null, after: row });
      return row!;
    }),
  );
}

export async function updatePackage(db: Database, staffId: string, gameId: string, id: string, values: PackageValues) {
  return writingShared(STORE_TABLES, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(topupPackages)
        .where(and(eq(topupPackages.id, id), eq(topupPackages.gameId, gameId)))
        .for("update");
      if (!before) throw new CatalogueAdminError("NOT_FOUND");
      const priceBs = await bsPrice(tx as unknown as Database, values);
      const [after] = await tx
        .update(topupPackages)
        .set({ ...values, priceBs, updatedAt: new Date() })
        .where(eq(topupPackages.id, id))
        .returning();
      await recordAudit(tx, { actorId: staffId, action: "package.update", entity: "package", entityId: id, before, after });
      return after!;
    }),
  );
}
