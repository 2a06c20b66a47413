import type { Language } from "~/domain/language";
import { parseMinorUnits, parseWholeNumber } from "~/features/admin/core/money-input";
import { DONATION_MAX, MESSAGE_MAX } from "./donations";

/**
 * Gifts (docs/streamers.md "Gifts"): catalogue items ("Rosa", "Diamante", "Corona") a fan
 * sends a streamer, sold as a donation order priced from the catalogue. Money is USD cents.
 */

/** The most of one item a gift order carries; the total stays within a donation's limit too. */
export const GIFT_QUANTITY_MAX = 50;
/** The dearest one item may be (cents): 500.00, so even one stays within a donation's 1 000.00. */
export const GIFT_PRICE_MAX = 50_000;
export const GIFT_NAME_MAX = 30;
/** An emoji is a few code points at most (a flag, a skin tone, a joined pair). */
const GIFT_ICON_MAX = 8;

export interface GiftItem {
  nameEs: string;
  nameEn: string;
  priceUsd: number;
}

export type GiftOrderErrorCode = "GIFT_UNAVAILABLE" | "BAD_QUANTITY" | "MESSAGE_LENGTH";

/** How many of an item: a whole number 1–GIFT_QUANTITY_MAX whose total is within a donation's limit. */
export function parseGiftQuantity(raw: string | undefined, priceUsd: number): number | null {
  const parsed = parseWholeNumber(raw, { min: 1, max: GIFT_QUANTITY_MAX });
  if (!parsed.ok) return null;
  return giftTotal(priceUsd, parsed.value) === null ? null : parsed.value;
}

/** What `quantity` of an item costs (cents); null beyond a donation's limit. */
export function giftTotal(priceUsd: number, quantity: number): number | null {
  const total = priceUsd * quantity;
  return Number.isSafeInteger(total) && total > 0 && total <= DONATION_MAX ? total : null;
}

export type ParsedGiftOrder =
  | { ok: true; giftId: string; quantityText: string; message: string; public: boolean }
  | { ok: false; code: GiftOrderErrorCode; field: string };

/**
 * The gift form's own fields (the item's id, the quantity as typed, the message, the opt-in). The
 * price and the quantity's limit are the catalogue's, checked on the server with the item.
 */
export function parseGiftOrderForm(form: Record<string, string | undefined>): ParsedGiftOrder {
  const giftId = (form.giftId ?? "").trim();
  if (!/^[a-z0-9-]{1,60}$/.test(giftId)) return { ok: false, code: "GIFT_UNAVAILABLE", field: "giftId" };
  const message = (form.message ?? "").trim();
  if ([...message].length > MESSAGE_MAX) return { ok: false, code: "MESSAGE_LENGTH", field: "message" };
  return { ok: true, giftId, quantityText: form.quantity ?? "", message, public: form.public === "on" };
}

export function giftName(gift: Pick<GiftItem, "nameEs" | "nameEn">, language: Language): string {
  return language === "en" ? gift.nameEn : gift.nameEs;
}

/** "3 × Corona" in the reader's language. */
export function giftLabel(gift: Pick<GiftItem, "nameEs" | "nameEn">, quantity: number, language: Language): string {
  return `${quantity} × ${giftName(gift, language)}`;
}

export type GiftCatalogueErrorCode = "GIFT_NAME" | "GIFT_PRICE" | "GIFT_ICON" | "GIFT_POSITION";

export type ParsedGiftCatalogue =
  | { ok: true; nameEs: string; nameEn: string; priceUsd: number; icon: string; position: number; active: boolean }
  | { ok: false; code: GiftCatalogueErrorCode; field: string };

/** One emoji (pictographs with their joiners and modifiers), never letters or markup. */
export function isGiftIcon(value: string): boolean {
  const points = [...value];
  return (
    points.length >= 1 &&
    points.length <= GIFT_ICON_MAX &&
    /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value) &&
    /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f)+$/u.test(value)
  );
}

/** Staff's catalogue form: both names, a price above zero up to 500.00, an emoji, a place in the list, on or off. */
export function parseGiftCatalogueForm(form: Record<string, string | undefined>): ParsedGiftCatalogue {
  const nameEs = (form.nameEs ?? "").trim();
  const nameEn = (form.nameEn ?? "").trim();
  for (const [field, name] of [
    ["nameEs", nameEs],
    ["nameEn", nameEn],
  ] as const)
    if (name.length === 0 || [...name].length > GIFT_NAME_MAX) return { ok: false, code: "GIFT_NAME", field };
  const price = parseMinorUnits(form.price, { max: GIFT_PRICE_MAX });
  if (!price.ok) return { ok: false, code: "GIFT_PRICE", field: "price" };
  const icon = (form.icon ?? "").trim();
  if (!isGiftIcon(icon)) return { ok: false, code: "GIFT_ICON", field: "icon" };
  const position = parseWholeNumber(form.position ?? "0", { min: 0, max: 999 });
  if (!position.ok) return { ok: false, code: "GIFT_POSITION", field: "position" };
  return { ok: true, nameEs, nameEn, priceUsd: price.value, icon, position: position.value, active: form.active === "on" };
}
