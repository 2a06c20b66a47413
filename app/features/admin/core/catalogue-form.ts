import { parseMinorUnits, parseWholeNumber } from "./money-input";

/** Absurd-price bounds in minor units: $1,000 and Bs 10,000,000 per package. */
export const PACKAGE_PRICE_MAX = { USD: 1_000_00, VES: 10_000_000_00 } as const;

export type CatalogueFormCode =
  | "NAME_REQUIRED"
  | "NAME_TOO_LONG"
  | "LOGO_INVALID"
  | "BANNER_INVALID"
  | "ORDER_INVALID"
  | "LABEL_REQUIRED"
  | "LABEL_TOO_LONG"
  | "AMOUNT_INVALID"
  | "BONUS_INVALID"
  | "PRICE_USD_REQUIRED"
  | "PRICE_USD_INVALID"
  | "PRICE_USD_NOT_POSITIVE"
  | "PRICE_USD_TOO_LARGE"
  | "PRICE_BS_REQUIRED"
  | "PRICE_BS_INVALID"
  | "PRICE_BS_NOT_POSITIVE"
  | "PRICE_BS_TOO_LARGE";

type Result<T> = { ok: true; values: T } | { ok: false; code: CatalogueFormCode; field: string };
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const checked = (value: unknown) => value === "on" || value === "true";

export interface GameValues {
  name: string;
  logo: string | null;
  banner: string | null;
  hiddenInStore: boolean;
  checksPlayerId: boolean;
  hasZoneField: boolean;
  sortOrder: number;
}

/** A site path (/images/…, /media/games/…) or an https address. */
const ART_ADDRESS = /^(\/(?!\/)[\w\-./]{1,200}|https:\/\/[\w\-.]+(:\d+)?\/[\w\-./%?=&]{0,300})$/;

/** A game's store settings. The art is a site path (/images/…) or an https address. */
export function parseGameForm(raw: Record<string, unknown>): Result<GameValues> {
  const name = text(raw.name);
  if (!name) return { ok: false, code: "NAME_REQUIRED", field: "name" };
  if (name.length > 60) return { ok: false, code: "NAME_TOO_LONG", field: "name" };
  const logo = text(raw.logo) || null;
  if (logo && !ART_ADDRESS.test(logo)) return { ok: false, code: "LOGO_INVALID", field: "logo" };
  const banner = text(raw.banner) || null;
  if (banner && !ART_ADDRESS.test(banner)) return { ok: false, code: "BANNER_INVALID", field: "banner" };
  const sortOrder = parseWholeNumber(text(raw.sortOrder) || "0", { min: 0, max: 10_000 });
  if (!sortOrder.ok) return { ok: false, code: "ORDER_INVALID", field: "sortOrder" };
  return {
    ok: true,
    values: {
      name,
      logo,
      banner,
      hiddenInStore: checked(raw.hiddenInStore),
      checksPlayerId: checked(raw.checksPlayerId),
      hasZoneField: checked(raw.hasZoneField),
      sortOrder: sortOrder.value,
    },
  };
}

export interface PackageValues {
  label: string;
  amount: number | null;
  bonus: number;
  priceUsd: number;
  /** Null when the Bs price follows the rate (computed by the repository). */
  priceBs: number | null;
  bsFollowsRate: boolean;
  sortOrder: number;
  active: boolean;
}

function price(raw: unknown, currency: "USD" | "VES"): { ok: true; value: number } | { ok: false; code: CatalogueFormCode } {
  const parsed = parseMinorUnits(raw, { max: PACKAGE_PRICE_MAX[currency] });
  if (parsed.ok) return parsed;
  const prefix = currency === "USD" ? "PRICE_USD" : "PRICE_BS";
  const suffix = (
    { REQUIRED: "REQUIRED", NOT_A_NUMBER: "INVALID", NEGATIVE: "NOT_POSITIVE", ZERO: "NOT_POSITIVE", TOO_LARGE: "TOO_LARGE" } as const
  )[parsed.code];
  return { ok: false, code: `${prefix}_${suffix}` as CatalogueFormCode };
}

/** A top-up package: prices entered as decimal text, stored in minor units; the Bs price typed or "from the rate". */
export function parsePackageForm(raw: Record<string, unknown>): Result<PackageValues> {
  const label = text(raw.label);
  if (!label) return { ok: false, code: "LABEL_REQUIRED", field: "label" };
  if (label.length > 60) return { ok: false, code: "LABEL_TOO_LONG", field: "label" };
  let amount: number | null = null;
  if (text(raw.amount)) {
    const parsed = parseWholeNumber(text(raw.amount), { min: 1, max: 10_000_000 });
    if (!parsed.ok) return { ok: false, code: "AMOUNT_INVALID", field: "amount" };
    amount = parsed.value;
  }
  const bonus = parseWholeNumber(text(raw.bonus) || "0", { min: 0, max: 10_000_000 });
  if (!bonus.ok) return { ok: false, code: "BONUS_INVALID", field: "bonus" };
  const usd = price(raw.priceUsd, "USD");
  if (!usd.ok) return { ok: false, code: usd.code, field: "priceUsd" };
  const bsFollowsRate = checked(raw.bsFollowsRate);
  let priceBs: number | null = null;
  if (!bsFollowsRate) {
    const bs = price(raw.priceBs, "VES");
    if (!bs.ok) return { ok: false, code: bs.code, field: "priceBs" };
    priceBs = bs.value;
  }
  const sortOrder = parseWholeNumber(text(raw.sortOrder) || "0", { min: 0, max: 10_000 });
  if (!sortOrder.ok) return { ok: false, code: "ORDER_INVALID", field: "sortOrder" };
  return {
    ok: true,
    values: {
      label,
      amount,
      bonus: bonus.value,
      priceUsd: usd.value,
      priceBs,
      bsFollowsRate,
      sortOrder: sortOrder.value,
      active: checked(raw.active),
    },
  };
}
