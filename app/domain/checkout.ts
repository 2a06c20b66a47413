import type { Currency } from "./money";
import { currencyFor, isPaymentMethod, type PaymentMethod } from "./payment-methods";
import { isVenezuelanMobile, normalizePhone } from "./phone";
import { parsePlayerId, type PlayerIdFlags } from "./player-id";

export type CheckoutErrorCode =
  "INVALID_PHONE" | "GAMER_ID_REQUIRED" | "INVALID_PLAYER_ID" | "PAYMENT_METHOD_REQUIRED" | "EMPTY_OR_INVALID_TOTAL" | "INVALID_SERVER";

export interface CheckoutInput {
  phone: string;
  gamerId: string;
  gameServer: string | null;
  paymentMethod: PaymentMethod;
}

/**
 * SPEC §5 store checkout, checked in this order: Venezuelan mobile, gamer ID, payment method,
 * total above 0. A game with a zone field (Mobile Legends) takes "id-server", split on the hyphen,
 * or the zone in its own field `gameServer`. The game's flags come from its catalogue row.
 */
export function parseCheckout(
  game: Pick<PlayerIdFlags, "hasZoneField">,
  raw: Record<string, unknown>,
  totalUsd: number,
): { ok: true; checkout: CheckoutInput } | { ok: false; code: CheckoutErrorCode } {
  const text = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string).trim() : "");
  const phone = normalizePhone(text("phone"));
  if (!isVenezuelanMobile(phone)) return { ok: false, code: "INVALID_PHONE" };
  const player = parsePlayerId(game, text("gamerId"), text("gameServer"));
  if (!player.ok && player.code === "GAMER_ID_REQUIRED") return { ok: false, code: player.code };
  const method = text("paymentMethod");
  if (!isPaymentMethod(method)) return { ok: false, code: "PAYMENT_METHOD_REQUIRED" };
  if (!(totalUsd > 0)) return { ok: false, code: "EMPTY_OR_INVALID_TOTAL" };
  if (!player.ok) return { ok: false, code: player.code };
  return { ok: true, checkout: { phone, gamerId: player.value.playerId, gameServer: player.value.zone, paymentMethod: method } };
}

/** What one package costs with a method: Pago Móvil in Bs (the package's Bs price, which follows the rate), the others in USD. */
export function priceWithMethod(
  method: PaymentMethod,
  prices: { priceUsd: number; priceBs: number },
  quantity = 1,
): { amount: number; currency: Currency } {
  const currency = currencyFor(method);
  return { amount: (currency === "VES" ? prices.priceBs : prices.priceUsd) * quantity, currency };
}
