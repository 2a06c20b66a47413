import { describe, expect, it } from "vitest";
import { parseGameForm, parsePackageForm } from "./catalogue-form";

describe("parsePackageForm", () => {
  const valid = {
    label: "110 Diamantes",
    amount: "100",
    bonus: "10",
    priceUsd: "0.99",
    priceBs: "",
    bsFollowsRate: "on",
    sortOrder: "2",
    active: "on",
  };
  it("reads prices as minor units; the Bs price may follow the rate", () => {
    expect(parsePackageForm(valid)).toEqual({
      ok: true,
      values: {
        label: "110 Diamantes",
        labelEn: null,
        amount: 100,
        bonus: 10,
        priceUsd: 99,
        priceBs: null,
        bsFollowsRate: true,
        sortOrder: 2,
        active: true,
      },
    });
    expect(parsePackageForm({ ...valid, bsFollowsRate: "", priceBs: "260,00", active: "" })).toMatchObject({
      ok: true,
      values: { priceBs: 26000, bsFollowsRate: false, active: false },
    });
  });
  it("reads the optional English name: trimmed, empty as none", () => {
    expect(parsePackageForm({ ...valid, labelEn: "  110 Diamonds " })).toMatchObject({ ok: true, values: { labelEn: "110 Diamonds" } });
    expect(parsePackageForm({ ...valid, labelEn: "   " })).toMatchObject({ ok: true, values: { labelEn: null } });
  });
  it.each([
    [{ label: "" }, "LABEL_REQUIRED", "label"],
    [{ labelEn: "x".repeat(61) }, "LABEL_EN_TOO_LONG", "labelEn"],
    [{ priceUsd: "" }, "PRICE_USD_REQUIRED", "priceUsd"],
    [{ priceUsd: "-1" }, "PRICE_USD_NOT_POSITIVE", "priceUsd"],
    [{ priceUsd: "0" }, "PRICE_USD_NOT_POSITIVE", "priceUsd"],
    [{ priceUsd: "uno" }, "PRICE_USD_INVALID", "priceUsd"],
    [{ priceUsd: "5000" }, "PRICE_USD_TOO_LARGE", "priceUsd"],
    [{ bsFollowsRate: "", priceBs: "0" }, "PRICE_BS_NOT_POSITIVE", "priceBs"],
    [{ bsFollowsRate: "", priceBs: "" }, "PRICE_BS_REQUIRED", "priceBs"],
    [{ bonus: "-5" }, "BONUS_INVALID", "bonus"],
    [{ amount: "0" }, "AMOUNT_INVALID", "amount"],
  ])("refuses %o with %s", (change, code, field) => {
    expect(parsePackageForm({ ...valid, ...change })).toEqual({ ok: false, code, field, errors: { [field]: code } });
  });
});

describe("every wrong field at once", () => {
  it("a package tells each wrong field, the first in the form's order as the code", () => {
    expect(parsePackageForm({ label: "", amount: "0", priceUsd: "uno", bsFollowsRate: "", priceBs: "", sortOrder: "x" })).toEqual({
      ok: false,
      code: "LABEL_REQUIRED",
      field: "label",
      errors: {
        label: "LABEL_REQUIRED",
        amount: "AMOUNT_INVALID",
        priceUsd: "PRICE_USD_INVALID",
        priceBs: "PRICE_BS_REQUIRED",
        sortOrder: "ORDER_INVALID",
      },
    });
  });
  it("a game tells each wrong field", () => {
    expect(parseGameForm({ name: "", logo: "javascript:alert(1)", banner: "//evil.example/x.png", sortOrder: "-1" })).toEqual({
      ok: false,
      code: "NAME_REQUIRED",
      field: "name",
      errors: { name: "NAME_REQUIRED", logo: "LOGO_INVALID", banner: "BANNER_INVALID", sortOrder: "ORDER_INVALID" },
    });
  });
});

describe("parseGameForm", () => {
  it("reads switches and checks the art address", () => {
    expect(
      parseGameForm({ name: "Free Fire", logo: "/images/games/ff.png", hiddenInStore: "on", checksPlayerId: "on", sortOrder: "1" }),
    ).toEqual({
      ok: true,
      values: {
        name: "Free Fire",
        logo: "/images/games/ff.png",
        banner: null,
        hiddenInStore: true,
        checksPlayerId: true,
        hasZoneField: false,
        sortOrder: 1,
      },
    });
    expect(parseGameForm({ name: "X", logo: "javascript:alert(1)" })).toEqual({
      ok: false,
      code: "LOGO_INVALID",
      field: "logo",
      errors: { logo: "LOGO_INVALID" },
    });
    expect(parseGameForm({ name: "X", logo: "//evil.example/x.png" })).toEqual({
      ok: false,
      code: "LOGO_INVALID",
      field: "logo",
      errors: { logo: "LOGO_INVALID" },
    });
    expect(parseGameForm({ name: "" })).toEqual({ ok: false, code: "NAME_REQUIRED", field: "name", errors: { name: "NAME_REQUIRED" } });
    expect(parseGameForm({ name: "X", banner: "/media/games/0b9c1c34-4f0e-4d8f-9f61-0d7c3c2a7e11.webp" })).toMatchObject({
      ok: true,
      values: { banner: "/media/games/0b9c1c34-4f0e-4d8f-9f61-0d7c3c2a7e11.webp" },
    });
    expect(parseGameForm({ name: "X", banner: "data:image/png;base64,AAAA" })).toEqual({
      ok: false,
      code: "BANNER_INVALID",
      field: "banner",
      errors: { banner: "BANNER_INVALID" },
    });
  });
});
