import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DONATION_MAX } from "./donations";
import {
  GIFT_QUANTITY_MAX,
  giftLabel,
  giftTotal,
  isGiftIcon,
  parseGiftCatalogueForm,
  parseGiftOrderForm,
  parseGiftQuantity,
} from "./gifts";

describe("a gift's quantity", () => {
  it("is a whole number from 1 to the maximum", () => {
    expect(parseGiftQuantity("1", 500)).toBe(1);
    expect(parseGiftQuantity(" 3 ", 2000)).toBe(3);
    expect(parseGiftQuantity(String(GIFT_QUANTITY_MAX), 100)).toBe(GIFT_QUANTITY_MAX);
    for (const raw of ["0", "-1", "1.5", "abc", "", undefined, String(GIFT_QUANTITY_MAX + 1)])
      expect(parseGiftQuantity(raw, 100), raw).toBeNull();
  });

  it("never makes a total beyond a donation's limit", () => {
    expect(parseGiftQuantity("50", 2000)).toBe(50);
    expect(parseGiftQuantity("50", 2001)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: -5, max: 200 }), (price, quantity) => {
        const parsed = parseGiftQuantity(String(quantity), price);
        if (parsed !== null) {
          expect(parsed).toBe(quantity);
          expect(giftTotal(price, parsed)).toBe(price * quantity);
          expect(price * parsed).toBeLessThanOrEqual(DONATION_MAX);
        } else expect(quantity < 1 || quantity > GIFT_QUANTITY_MAX || price * quantity > DONATION_MAX).toBe(true);
      }),
    );
  });
});

describe("the gift form", () => {
  it("reads the item, the quantity as typed, the message and the opt-in; the price is never read from it", () => {
    expect(parseGiftOrderForm({ giftId: "gift-corona", quantity: "3", message: " ¡Vamos! ", public: "on", price: "1" })).toEqual({
      ok: true,
      giftId: "gift-corona",
      quantityText: "3",
      message: "¡Vamos!",
      public: true,
    });
    expect(parseGiftOrderForm({ giftId: "../x" })).toMatchObject({ ok: false, code: "GIFT_UNAVAILABLE" });
    expect(parseGiftOrderForm({ giftId: "gift-rosa", message: "x".repeat(141) })).toMatchObject({ ok: false, code: "MESSAGE_LENGTH" });
  });

  it("labels a gift in the reader's language", () => {
    const corona = { nameEs: "Corona", nameEn: "Crown" };
    expect(giftLabel(corona, 3, "es")).toBe("3 × Corona");
    expect(giftLabel(corona, 1, "en")).toBe("1 × Crown");
  });
});

describe("the staff's catalogue form", () => {
  const good = { nameEs: "Corona", nameEn: "Crown", price: "20", icon: "👑", position: "3", active: "on" };

  it("reads both names, the price in cents, an emoji, the place and the flag", () => {
    expect(parseGiftCatalogueForm(good)).toEqual({
      ok: true,
      nameEs: "Corona",
      nameEn: "Crown",
      priceUsd: 2000,
      icon: "👑",
      position: 3,
      active: true,
    });
    expect(parseGiftCatalogueForm({ ...good, active: undefined })).toMatchObject({ ok: true, active: false });
  });

  it("refuses empty or long names, a price of zero or above 500, a non-emoji icon, a bad place", () => {
    expect(parseGiftCatalogueForm({ ...good, nameEs: " " })).toMatchObject({ code: "GIFT_NAME", field: "nameEs" });
    expect(parseGiftCatalogueForm({ ...good, nameEn: "x".repeat(31) })).toMatchObject({ code: "GIFT_NAME", field: "nameEn" });
    for (const price of ["0", "500.01", "abc", "-1"])
      expect(parseGiftCatalogueForm({ ...good, price })).toMatchObject({ code: "GIFT_PRICE" });
    for (const icon of ["", "A", "<b>", "👑x", "1", "👑👑👑👑👑👑👑👑👑"])
      expect(parseGiftCatalogueForm({ ...good, icon }), icon).toMatchObject({ code: "GIFT_ICON" });
    expect(parseGiftCatalogueForm({ ...good, position: "1000" })).toMatchObject({ code: "GIFT_POSITION" });
  });

  it("takes emoji with modifiers and joiners", () => {
    for (const icon of ["🌹", "💎", "❤️", "👍🏽", "🇻🇪", "👨‍🎤"]) expect(isGiftIcon(icon), icon).toBe(true);
  });
});
