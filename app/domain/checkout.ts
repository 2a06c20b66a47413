import { gameRules } from "./games";
import { isPaymentMethod, type PaymentMethod } from "./payment-methods";
import { isVenezuelanMobile } from "./phone";

export type CheckoutErrorCode =
  "INVALID_PHONE" | "GAMER_ID_REQUIRED" | "PAYMENT_METHOD_REQUIRED" | "EMPTY_OR_INVALID_TOTAL" | "INVALID_SERVER";

export interface CheckoutInput {
  phone: string;
  gamerId: string;
  gameServer: string | null;
  paymentMethod: PaymentMethod;
}

/**
 * SPEC §5 store checkout, checked in this order: Venezuelan mobile, gamer ID, payment method,
 * total above 0. Mobile Legends IDs come as "id-server" and are split on the hyphen.
 */
export function parseCheckout(
  game: string,
  raw: Record<string, unknown>,
  totalUsd: number,
): { ok: true; checkout: CheckoutInput } | { ok: false; code: CheckoutErrorCode } {
  const text = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string).trim() : "");
  const phone = text("phone").replace(/[\s-]/g, "");
  if (!isVenezuelanMobile(phone)) return { ok: false, code: "INVALID_PHONE" };
  const rawId = text("gamerId").slice(0, 40);
  if (!rawId) return { ok: false, code: "GAMER_ID_REQUIRED" };
  const method = text("paymentMethod");
  if (!isPaymentMethod(method)) return { ok: false, code: "PAYMENT_METHOD_REQUIRED" };
  if (!(totalUsd > 0)) return { ok: false, code: "EMPTY_OR_INVALID_TOTAL" };
  let gamerId = rawId;
  let gameServer: string | null = null;
  if (gameRules(game).idCheck === "id-and-server") {
    const [id, server, ...rest] = rawId.split("-").map((part) => part.trim());
    if (!id || !server || rest.length) return { ok: false, code: "INVALID_SERVER" };
    gamerId = id;
    gameServer = server;
  }
  return { ok: true, checkout: { phone, gamerId, gameServer, paymentMethod: method } };
}
