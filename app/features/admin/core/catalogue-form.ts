import { z } from "zod";
import { always, checkbox, parseWith, refuse, textField, type FieldErrors } from "~/domain/form-schema";
import { englishLabel } from "~/domain/package-label";
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
  | "LABEL_EN_TOO_LONG"
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

type Result<T> = { ok: true; values: T } | { ok: false; code: CatalogueFormCode; field: string; errors: FieldErrors };

/** A whole number typed in a field (the fallback when empty), or the field's code. */
const wholeNumberField = (code: CatalogueFormCode, range: { min: number; max: number }, fallback = "") =>
  textField(
    z.string().transform((value, ctx) => {
      const parsed = parseWholeNumber(value || fallback, range);
      return parsed.ok ? parsed.value : refuse(ctx, code);
    }),
  );
const sortOrderField = () => wholeNumberField("ORDER_INVALID", { min: 0, max: 10_000 }, "0");
const nameField = (required: CatalogueFormCode, tooLong: CatalogueFormCode) =>
  textField(z.string().min(1, { error: required }).max(60, { error: tooLong }));

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
const artField = (code: CatalogueFormCode) =>
  textField(
    z
      .string()
      .refine((address) => !address || ART_ADDRESS.test(address), { error: code })
      .transform((address) => address || null),
  );

const gameSchema = z.object({
  name: nameField("NAME_REQUIRED", "NAME_TOO_LONG"),
  logo: artField("LOGO_INVALID"),
  banner: artField("BANNER_INVALID"),
  hiddenInStore: checkbox(),
  checksPlayerId: checkbox(),
  hasZoneField: checkbox(),
  sortOrder: sortOrderField(),
});

/** A game's store settings, every wrong field at once. The art is a site path (/images/…) or an https address. */
export function parseGameForm(raw: Record<string, unknown>): Result<GameValues> {
  const parsed = parseWith<typeof gameSchema, CatalogueFormCode>(gameSchema, raw, ["name", "logo", "banner", "sortOrder"]);
  return parsed.ok ? { ok: true, values: parsed.data } : parsed;
}

export interface PackageValues {
  label: string;
  /** The name English pages show; null (left empty) shows `label` there too. */
  labelEn: string | null;
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

const packageSchema = z
  .object({
    label: nameField("LABEL_REQUIRED", "LABEL_TOO_LONG"),
    // Optional: empty leaves English pages with the Spanish name.
    labelEn: textField(z.string().max(60, { error: "LABEL_EN_TOO_LONG" }).transform(englishLabel)),
    // Empty: a package without an amount (a pass, a membership).
    amount: textField(
      z.string().transform((value, ctx) => {
        if (!value) return null;
        const parsed = parseWholeNumber(value, { min: 1, max: 10_000_000 });
        return parsed.ok ? parsed.value : refuse(ctx, "AMOUNT_INVALID");
      }),
    ),
    bonus: wholeNumberField("BONUS_INVALID", { min: 0, max: 10_000_000 }, "0"),
    priceUsd: z
      .unknown()
      .optional()
      .transform((raw, ctx) => {
        const usd = price(raw, "USD");
        return usd.ok ? usd.value : refuse(ctx, usd.code);
      }),
    bsFollowsRate: checkbox(),
    // Read with the box above: typed unless the Bs price follows the rate.
    priceBs: z.unknown().optional(),
    sortOrder: sortOrderField(),
    active: checkbox(),
  })
  .superRefine(
    (form, ctx) => {
      const bs = form.bsFollowsRate ? null : price(form.priceBs, "VES");
      if (bs && !bs.ok) ctx.addIssue({ code: "custom", message: bs.code, path: ["priceBs"] });
    },
    { when: always },
  )
  .transform((form) => {
    const bs = form.bsFollowsRate ? null : price(form.priceBs, "VES");
    return { ...form, priceBs: bs?.ok ? bs.value : null };
  });

/** A top-up package, every wrong field at once: prices entered as decimal text, stored in minor units; the Bs price typed or "from the rate". */
export function parsePackageForm(raw: Record<string, unknown>): Result<PackageValues> {
  const parsed = parseWith<typeof packageSchema, CatalogueFormCode>(packageSchema, raw, [
    "label",
    "labelEn",
    "amount",
    "bonus",
    "priceUsd",
    "priceBs",
    "sortOrder",
  ]);
  return parsed.ok ? { ok: true, values: parsed.data } : parsed;
}
