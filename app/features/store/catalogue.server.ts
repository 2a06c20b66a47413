import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { games, topupPackages } from "~/db/schema";
import type { Cart } from "~/domain/cart";
import { englishLabel, labelFor } from "~/domain/package-label";
import type { Database } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { sharedRead, writingShared } from "~/lib/shared-reads.server";

/**
 * The store as a buyer first sees it: one tile per visible game (SPEC §9 hides COD Mobile and Wild
 * Rift) that has active packages, with its art and its cheapest price ("from $0.99").
 */
export function listCatalogue(db: Database) {
  return sharedRead(db, STORE_TABLES, "catalogue", () => readCatalogue(db));
}

const STORE_TABLES = ["games", "topup_packages"] as const;

async function readCatalogue(db: Database) {
  return db
    .select({
      id: games.id,
      name: games.name,
      logo: games.logo,
      banner: games.banner,
      fromUsd: sql<number>`min(${topupPackages.priceUsd})::int`,
      packageCount: sql<number>`count(*)::int`,
    })
    .from(games)
    .innerJoin(topupPackages, and(eq(topupPackages.gameId, games.id), eq(topupPackages.active, true)))
    .where(eq(games.hiddenInStore, false))
    .groupBy(games.id)
    .orderBy(asc(games.sortOrder), asc(games.id));
}

export type CatalogueGame = Awaited<ReturnType<typeof listCatalogue>>[number];

const GAME_COLUMNS = {
  id: games.id,
  name: games.name,
  logo: games.logo,
  banner: games.banner,
  checksPlayerId: games.checksPlayerId,
  hasZoneField: games.hasZoneField,
};

/** One visible game with its active packages (the game page); null for an unknown or hidden game. */
export async function findStoreGame(db: Database, gameId: string) {
  if (!/^[a-z0-9-]{1,60}$/.test(gameId)) return null;
  return sharedRead(db, STORE_TABLES, `store-game:${gameId}`, () => readStoreGame(db, gameId));
}

async function readStoreGame(db: Database, gameId: string) {
  const [game] = await db
    .select(GAME_COLUMNS)
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.hiddenInStore, false)));
  if (!game) return null;
  const packages = await db
    .select({
      id: topupPackages.id,
      label: topupPackages.label,
      labelEn: topupPackages.labelEn,
      amount: topupPackages.amount,
      bonus: topupPackages.bonus,
      priceUsd: topupPackages.priceUsd,
      priceBs: topupPackages.priceBs,
    })
    .from(topupPackages)
    .where(and(eq(topupPackages.gameId, gameId), eq(topupPackages.active, true)))
    .orderBy(asc(topupPackages.sortOrder), asc(topupPackages.id));
  return { ...game, packages };
}

export type StoreGame = NonNullable<Awaited<ReturnType<typeof findStoreGame>>>;

/** The flags of the visible store games (the cart checkout needs the cart's game's: zone field or not). */
export function storeGameFlags(db: Database) {
  return sharedRead(db, STORE_TABLES, "store-game-flags", () =>
    db
      .select({ id: games.id, name: games.name, checksPlayerId: games.checksPlayerId, hasZoneField: games.hasZoneField })
      .from(games)
      .where(eq(games.hiddenInStore, false)),
  );
}

/**
 * The packages an order asks for, as the catalogue has them now (hidden games and inactive packages left
 * out). Read from the shared copy of the sellable packages (a few hundred rows at most), which any write
 * to games or packages drops at once on this instance and by notice on the others (shared-reads.server.ts):
 * a checkout prices with what the game page showed, without two reads of its own (issue 31).
 */
export async function findSellablePackages(db: Database, ids: string[]) {
  if (!ids.length) return [];
  const sellable = await sellablePackages(db);
  return ids.flatMap((id) => sellable.get(id) ?? []);
}

function sellablePackages(db: Database) {
  return sharedRead(db, STORE_TABLES, "sellable-packages", async () => {
    const rows = await db
      .select({
        id: topupPackages.id,
        gameId: topupPackages.gameId,
        gameName: games.name,
        checksPlayerId: games.checksPlayerId,
        hasZoneField: games.hasZoneField,
        label: topupPackages.label,
        labelEn: topupPackages.labelEn,
        priceUsd: topupPackages.priceUsd,
        priceBs: topupPackages.priceBs,
      })
      .from(topupPackages)
      .innerJoin(games, eq(games.id, topupPackages.gameId))
      .where(and(eq(topupPackages.active, true), eq(games.hiddenInStore, false)));
    return new Map(rows.map((row) => [row.id, row]));
  });
}

/** Every package's names, sold or not (a cart may hold one the store no longer sells): shared like the rest. */
function packageNames(db: Database) {
  return sharedRead(db, STORE_TABLES, "package-names", async () => {
    const rows = await db.select({ id: topupPackages.id, label: topupPackages.label, labelEn: topupPackages.labelEn }).from(topupPackages);
    return new Map(rows.map((row) => [row.id, row]));
  });
}

/**
 * The browser's cart with each line named as the catalogue names it now, in the page's language: the
 * stored name is what the buyer's page showed when they added it (perhaps in the other language), so
 * it is kept only for a package the catalogue no longer has. The cart is capped (MAX_CART_LINES) before this.
 */
export async function labelCart(db: Database, cart: Cart, language: string): Promise<Cart> {
  if (!Object.keys(cart).length) return cart;
  const names = await packageNames(db);
  return Object.fromEntries(
    Object.entries(cart).map(([id, item]) => {
      const named = names.get(id);
      return [id, { ...item, label: named ? labelFor(named, language) : item.label }];
    }),
  );
}

/**
 * SPEC §7 external price list: games (id, juego) with packages (id, label, precio_usd, precio_bs) in currency
 * units. A package may also carry `label_en`, its English name (ours; the list SPEC names has none).
 */
const priceListSchema = z.array(
  z.object({
    id: z.string().min(1),
    juego: z.string().min(1),
    paquetes: z.array(
      z.object({
        id: z.union([z.string(), z.number()]),
        label: z.string().min(1),
        label_en: z.string().optional(),
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
    await writingShared(STORE_TABLES, () =>
      db.transaction(async (tx) => {
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
            const labelEn = englishLabel(item.label_en);
            await tx
              .insert(topupPackages)
              .values({ ...values, labelEn })
              .onConflictDoUpdate({
                target: topupPackages.id,
                // Without an English name in the list, the one staff gave is kept while the Spanish name is
                // the same, and dropped when it changes: an English page then shows the new Spanish name
                // rather than an old English one ("100 Diamonds" for a package now of 110).
                set: {
                  ...values,
                  labelEn: labelEn ?? sql`case when ${topupPackages.label} = excluded.label then ${topupPackages.labelEn} else null end`,
                },
              });
            updated += 1;
          }
        }
      }),
    );
    log.info("price list refreshed", { packages: updated });
    return updated;
  } catch (error) {
    log.error("price list refresh failed; keeping the current catalogue", { url, error: String(error) });
    return 0;
  }
}
