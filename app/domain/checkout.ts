import { z } from "zod";
import { always, parseWith, refuse, textField, type FieldErrors } from "./form-schema";
import type { Currency } from "./money";
import { PAYMENT_METHOD_IDS, currencyFor, type PaymentMethod } from "./payment-methods";
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

/** SPEC §5's order: a wrong gamer ID's format is told after the method and the total (only a missing one before). */
const CHECKOUT_CODE_ORDER: readonly CheckoutErrorCode[] = [
  "INVALID_PHONE",
  "GAMER_ID_REQUIRED",
  "PAYMENT_METHOD_REQUIRED",
  "EMPTY_OR_INVALID_TOTAL",
  "INVALID_PLAYER_ID",
  "INVALID_SERVER",
];

/**
 * The checkout form's schema: the phone, the gamer ID with its zone (read together), the method, the
 * cart's total (given by the server, `totalUsd`). One per kind of game (with a zone field or not), made
 * once: building a zod schema cost more than parsing with it (issue 31).
 */
function makeCheckoutSchema(game: Pick<PlayerIdFlags, "hasZoneField">) {
  return z
    .object({
      phone: textField(z.string().transform(normalizePhone).refine(isVenezuelanMobile, { error: "INVALID_PHONE" })),
      gamerId: textField(z.string()),
      gameServer: textField(z.string()),
      paymentMethod: textField(z.enum(PAYMENT_METHOD_IDS, { error: "PAYMENT_METHOD_REQUIRED" })),
      totalUsd: z.number(),
    })
    .superRefine(
      (form, ctx) => {
        const player = parsePlayerId(game, form.gamerId, form.gameServer);
        // A zone split off "id-zone" is the ID box's mistake; otherwise the zone's own field's.
        const split = game.hasZoneField && !form.gameServer && form.gamerId.includes("-");
        if (!player.ok)
          ctx.addIssue({ code: "custom", message: player.code, path: [player.field === "zone" && !split ? "gameServer" : "gamerId"] });
        if (!(form.totalUsd > 0)) ctx.addIssue({ code: "custom", message: "EMPTY_OR_INVALID_TOTAL", path: ["total"] });
      },
      { when: always },
    )
    .transform((form, ctx) => {
      const player = parsePlayerId(game, form.gamerId, form.gameServer);
      return player.ok ? { ...form, player: player.value } : refuse(ctx, player.code);
    });
}

const CHECKOUT_SCHEMAS = { zone: makeCheckoutSchema({ hasZoneField: true }), noZone: makeCheckoutSchema({ hasZoneField: false }) };

/**
 * SPEC §5 store checkout, every wrong field at once; `code` in SPEC order: Venezuelan mobile, gamer ID,
 * payment method, total above 0 (then the gamer ID's format). A game with a zone field (Mobile Legends)
 * takes "id-server", split on the hyphen, or the zone in its own field `gameServer`. The game's flags
 * come from its catalogue row.
 */
export function parseCheckout(
  game: Pick<PlayerIdFlags, "hasZoneField">,
  raw: Record<string, unknown>,
  totalUsd: number,
): { ok: true; checkout: CheckoutInput } | { ok: false; code: CheckoutErrorCode; field: string; errors: FieldErrors } {
  const schema = game.hasZoneField ? CHECKOUT_SCHEMAS.zone : CHECKOUT_SCHEMAS.noZone;
  // The total is the server's, after the form's fields: nothing the form sends can stand in for it.
  const parsed = parseWith<typeof schema, CheckoutErrorCode>(schema, { ...raw, totalUsd }, []);
  if (!parsed.ok) {
    const [field, code] = Object.entries(parsed.errors)
      .map(([name, error]) => [name, error as CheckoutErrorCode] as const)
      .sort(([, a], [, b]) => CHECKOUT_CODE_ORDER.indexOf(a) - CHECKOUT_CODE_ORDER.indexOf(b))[0]!;
    return { ok: false, code, field, errors: parsed.errors };
  }
  const { phone, player, paymentMethod } = parsed.data;
  return { ok: true, checkout: { phone, gamerId: player.playerId, gameServer: player.zone, paymentMethod } };
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
