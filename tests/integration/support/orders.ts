import { randomUUID } from "node:crypto";
import { users } from "~/db/schema";
import type { Currency } from "~/domain/money";
import { createOrder } from "~/features/orders/orders.server";
import type { Database } from "~/lib/db.server";

/** A new player account (no profile beyond a name): its id. */
export async function newPlayer(db: Database, name = "player"): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, email: `${name}-${id}@example.com`, name });
  return id;
}

/** A Plus order waiting for payment, in bolívares (Pago Móvil) or dollars (Binance): its id. */
export async function waitingPlusOrder(db: Database, userId: string, currency: Currency, amount: number): Promise<string> {
  const order = await createOrder(db, {
    userId,
    kind: "plus",
    paymentMethod: currency === "VES" ? "pago_movil" : "binance",
    currency,
    amount,
    amountUsd: 500,
    exchangeRate: currency === "VES" ? "40.00" : null,
    phone: "04141234567",
    email: `buyer-${userId}@example.com`,
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ label: "Plus", unitAmount: amount, quantity: 1 }],
  });
  return order.id;
}
