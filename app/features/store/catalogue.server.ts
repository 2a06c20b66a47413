import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { games, topupPackages } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { log } from "~/lib/log.server";

/** The store as a buyer sees it: visible games (SPEC §9 hides COD Mobile and Wild Rift), active packages. */
export async function listCatalogue(db: Database) {
  const rows = await db
    .select({
      gameId: games.id,
      gameName: games.name,
      logo: games.logo,
      id: topupPackages.id,
      label: topupPackages.label,
      priceUsd: topupPackages.priceUsd,
      priceBs: topupPackages.priceBs,
    })
    .from(topupPackages)
    .innerJoin(games, eq(games.id, topupPackages.gameId))
    .where(and(eq(games.hiddenInStore, false), eq(topupPackages.active, true)))
    .orderBy(asc(games.sortOrder), asc(topupPackages.sortOrder));
  const byGame = new Map<
    string,
    { id: string; name: string; logo: string | null; packages: { id: string; label: string; priceUsd: number; priceBs: number }[] }
  >();
  for (const row of rows) {
    const game = byGame.get(row.gameId) ?? { id: row.gameId, name: row.gameName, logo: row.logo, packages: [] };
    game.packages.push({ id: row.id, label: row.label, priceUsd: row.priceUsd, priceBs: row.priceBs });
    byGame.set(row.gameId, game);
  }
  return [...byGame.values()];
}

export type CatalogueGame = Awaited<ReturnType<typeof listCatalogue>>[number];

/** The packages an order asks for, as the catalogue has them now (hidden games and inactive packages left out). */
export async function findSellablePackages(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: topupPackages.id,
      gameId: topupPackages.gameId,
      gameName: games.name,
      label: topupPackages.label,
      priceUsd: topupPackages.priceUsd,
      priceBs: topupPackages.priceBs,
    })
    .from(topupPackages)
    .innerJoin(games, eq(games.id, topupPackages.gameId))
    .where(and(inArray(topupPackages.id, ids), eq(topupPackages.active, true), eq(games.hiddenInStore, false)));
}

/** SPEC §7 external price list: games (id, juego) with packages (id, label, precio_usd, precio_bs) in currency units. */
const priceListSchema = z.array(
  z.object({
    id: z.string().min(1),
    juego: z.string().min(1),
    paquetes: z.array(
      z.object({
        id: z.union([z.string(), z.number()]),
        label: z.string().min(1),
        precio_usd: z.number().positive(),
        precio_bs: z.number().positive(),
      }),
    ),
  }),
);

/**
 * Refreshes package prices from PRICING_URL: known games only, amounts turned into minor units.
 * Any failure is logged and the current catalogue stays as it is.
 */
export async function refreshCatalogueFromPriceList(db: Database, url: string, timeoutMs = 10_000): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const list = priceListSchema.parse(await response.json());
    const known = new Set((await db.select({ id: games.id }).from(games)).map((row) => row.id));
    let updated = 0;
    await db.transaction(async (tx) => {
      for (const game of list) {
        if (!known.has(game.id)) continue;
        for (const [index, item] of game.paquetes.entries()) {
          const values = {
            id: `${game.id}-${String(item.id)}`,
            gameId: game.id,
            label: item.label,
            priceUsd: Math.round(item.precio_usd * 100),
            priceBs: Math.round(item.precio_bs * 100),
            sortOrder: index,
            active: true,
            updatedAt: new Date(),
          };
          await tx.insert(topupPackages).values(values).onConflictDoUpdate({ target: topupPackages.id, set: values });
          updated += 1;
        }
      }
    });
    log.info("price list refreshed", { packages: updated });
    return updated;
  } catch (error) {
    log.error("price list refresh failed; keeping the current catalogue", { url, error: String(error) });
    return 0;
  }
}
