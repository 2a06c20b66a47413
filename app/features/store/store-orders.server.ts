import { isValidQuantity, type CartLineProblem } from "~/domain/cart";
import type { CheckoutInput } from "~/domain/checkout";
import { currencyFor } from "~/domain/payment-methods";
import { scopedIdempotencyKey } from "~/features/orders/core/idempotency";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import { createOrder } from "~/features/orders/orders.server";
import { log } from "~/lib/log.server";
import { desc, eq, sql } from "drizzle-orm";
import { runPrepared } from "~/lib/prepared.server";
import { orders } from "~/db/schema";
import type { PlayerIdFlags } from "~/domain/player-id";
import type { Database } from "~/lib/db.server";
import { findSellablePackages } from "./catalogue.server";
import { rememberPlayerId } from "./saved-player-ids.server";

export interface RequestedItem {
  packageId: string;
  quantity: number;
  /** What the buyer's cart showed, in minor units: only used to tell them a price changed. */
  shownUsd: number;
}

/** What pricing found wrong with a line; the page applies it to the stored cart (`applyCartProblems`). */
export type CartProblem = CartLineProblem;

export type PricedCart =
  | {
      ok: true;
      game: string;
      /** The game's catalogue flags, as staff set them now. */
      flags: PlayerIdFlags;
      /** Each line's name in Spanish and (when the package has one) in English, as the order keeps them. */
      lines: { packageId: string; label: string; labelEn: string | null; quantity: number; priceUsd: number; priceBs: number }[];
      totalUsd: number;
      totalBs: number;
    }
  | { ok: false; code: "EMPTY_CART" | "ONE_GAME_ONLY" | "CART_CHANGED" | "PACKAGE_GONE"; problems: CartProblem[] };

/** A line's names as the order keeps them: "Free Fire · 341 Diamantes", and "Free Fire · 341 Diamonds" when there is an English name. */
function lineLabels(pkg: { gameName: string; label: string; labelEn: string | null }) {
  return { label: `${pkg.gameName} · ${pkg.label}`, labelEn: pkg.labelEn ? `${pkg.gameName} · ${pkg.labelEn}` : null };
}

/**
 * Prices a cart from our own catalogue. A package that disappeared, a price that changed since
 * the buyer saw it, or an impossible quantity is reported, never silently charged.
 */
export async function priceCart(db: Database, items: RequestedItem[]): Promise<PricedCart> {
  if (!items.length) return { ok: false, code: "EMPTY_CART", problems: [] };
  const problems: CartProblem[] = [];
  const found = new Map(
    (
      await findSellablePackages(
        db,
        items.map((item) => item.packageId),
      )
    ).map((row) => [row.id, row]),
  );
  const lines = [];
  for (const item of items) {
    const current = found.get(item.packageId);
    if (!current) problems.push({ packageId: item.packageId, problem: "GONE" });
    else if (!isValidQuantity(item.quantity)) problems.push({ packageId: item.packageId, problem: "INVALID_QUANTITY" });
    else if (current.priceUsd !== item.shownUsd)
      problems.push({ packageId: item.packageId, problem: "PRICE_CHANGED", priceUsd: current.priceUsd, priceBs: current.priceBs });
    else
      lines.push({
        packageId: current.id,
        ...lineLabels(current),
        quantity: item.quantity,
        priceUsd: current.priceUsd,
        priceBs: current.priceBs,
        gameId: current.gameId,
        flags: { checksPlayerId: current.checksPlayerId, hasZoneField: current.hasZoneField },
      });
  }
  if (problems.length) return { ok: false, code: "CART_CHANGED", problems };
  const gamesInCart = new Set(lines.map((line) => line.gameId));
  if (gamesInCart.size !== 1) return { ok: false, code: "ONE_GAME_ONLY", problems: [] };
  return {
    ok: true,
    game: lines[0]!.gameId,
    flags: lines[0]!.flags,
    lines: lines.map(({ gameId: _game, flags: _flags, ...line }) => line),
    totalUsd: lines.reduce((sum, line) => sum + line.priceUsd * line.quantity, 0),
    totalBs: lines.reduce((sum, line) => sum + line.priceBs * line.quantity, 0),
  };
}

/**
 * "Buy now": one package of one game, priced from the catalogue as it is now (the form sends only
 * which package; nothing it says about prices is read).
 */
export async function priceOnePackage(db: Database, gameId: string, packageId: string): Promise<PricedCart> {
  const [current] = await findSellablePackages(db, [packageId]);
  if (!current || current.gameId !== gameId) return { ok: false, code: "PACKAGE_GONE", problems: [] };
  return {
    ok: true,
    game: current.gameId,
    flags: { checksPlayerId: current.checksPlayerId, hasZoneField: current.hasZoneField },
    lines: [
      {
        packageId: current.id,
        ...lineLabels(current),
        quantity: 1,
        priceUsd: current.priceUsd,
        priceBs: current.priceBs,
      },
    ],
    totalUsd: current.priceUsd,
    totalBs: current.priceBs,
  };
}

/** The phone of the buyer's latest order: what the game page offers (they may change it). */
export async function lastOrderPhone(db: Database, userId: string): Promise<string | null> {
  const [row] = await runPrepared(
    db,
    "last_order_phone",
    (database, name) =>
      database
        .select({ phone: orders.phone })
        .from(orders)
        .where(eq(orders.userId, sql.placeholder("userId")))
        .orderBy(desc(orders.createdAt))
        .limit(1)
        .prepare(name),
    { userId },
  );
  return row?.phone ?? null;
}

/**
 * Creates the store order (status initiated) from a priced cart: Bs at the catalogue's Bs prices
 * for Pago Móvil (the rate in force is recorded on those; a dollar order needs none). The same
 * idempotency key (the checkout form's) returns the order it created.
 */
export async function createStoreOrder(
  db: Database,
  input: {
    userId: string;
    email: string;
    cart: Extract<PricedCart, { ok: true }>;
    checkout: CheckoutInput;
    gamerName: string | null;
    expiresAt: Date;
    idempotencyKey?: string | null;
  },
) {
  const currency = currencyFor(input.checkout.paymentMethod);
  // createOrder is one atomic statement: no transaction around it (two round trips fewer per order).
  const order = await createOrder(db, {
    userId: input.userId,
    kind: "store",
    paymentMethod: input.checkout.paymentMethod,
    currency,
    amount: currency === "VES" ? input.cart.totalBs : input.cart.totalUsd,
    amountUsd: input.cart.totalUsd,
    exchangeRate: currency === "VES" ? await currentExchangeRate(db) : null,
    phone: input.checkout.phone,
    email: input.email,
    gamerId: input.checkout.gamerId,
    gameServer: input.checkout.gameServer,
    gamerName: input.gamerName,
    expiresAt: input.expiresAt,
    idempotencyKey: scopedIdempotencyKey("store", input.idempotencyKey ?? null),
    items: input.cart.lines.map((line) => ({
      packageId: line.packageId,
      label: line.label,
      labelEn: line.labelEn,
      unitAmount: currency === "VES" ? line.priceBs : line.priceUsd,
      quantity: line.quantity,
    })),
  });
  // The ID is remembered for the next visit to the game's page (per user; only they see it). A
  // convenience: the order stands without it, so a failure here is logged, not answered.
  if (!order.repeated)
    await rememberPlayerId(db, {
      userId: input.userId,
      gameId: input.cart.game,
      playerId: input.checkout.gamerId,
      zone: input.checkout.gameServer,
      gamerName: input.gamerName,
    }).catch((error: unknown) => log.warn("player ID not remembered", { userId: input.userId, error: String(error) }));
  return order;
}
