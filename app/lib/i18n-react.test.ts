import { describe, expect, it } from "vitest";
import { addMessages, createI18n } from "./i18n";
import { translatorOf } from "./i18n-react";

describe("translatorOf", () => {
  it("gives one translator per namespace and remembers plain texts", () => {
    const i18n = createI18n("es", { common: { hello: "Hola" }, store: { buy: "Comprar" } });
    const t = translatorOf(i18n);
    expect(translatorOf(i18n, "common")).toBe(t);
    expect(t("hello")).toBe("Hola");
    expect(t("hello")).toBe("Hola");
    expect(translatorOf(i18n, "store")("buy")).toBe("Comprar");
    expect(t("store:buy")).toBe("Comprar");
  });

  it("passes options through (interpolation, plurals) every time", () => {
    const i18n = createI18n("en", { common: { greet: "Hi {{name}}", item_one: "{{count}} item", item_other: "{{count}} items" } });
    const t = translatorOf(i18n);
    expect(t("greet", { name: "Ana" })).toBe("Hi Ana");
    expect(t("greet", { name: "Luis" })).toBe("Hi Luis");
    expect(t("item", { count: 1 })).toBe("1 item");
    expect(t("item", { count: 3 })).toBe("3 items");
  });

  it("remembers a text with plain options, each set of values apart, and never more than it may keep", () => {
    const i18n = createI18n("en", { common: { item_one: "{{count}} item", item_other: "{{count}} items", at: "at {{when}}" } });
    const t = translatorOf(i18n);
    expect(t("item", { count: 1 })).toBe("1 item");
    expect(t("item", { count: 2 })).toBe("2 items");
    expect(t("item", { count: 1 })).toBe("1 item");
    // "1" as a text is not 1 as a number.
    expect(t("at", { when: "1" })).toBe("at 1");
    expect(t("at", { when: 1 })).toBe("at 1");
    for (let count = 0; count < 2000; count++) expect(t("item", { count })).toBe(count === 1 ? "1 item" : `${count} items`);
    // Options that are not plain values (an object) are passed through every time.
    expect(t("at", { when: "noon", nested: { deep: true } } as never)).toBe("at noon");
  });

  it("does not remember a missing key, so a namespace added later is found", () => {
    const i18n = createI18n("es", { common: {} });
    const t = translatorOf(i18n, "legal");
    expect(t("title")).toBe("title");
    addMessages(i18n, "es", { legal: { title: "Privacidad" } });
    expect(t("title")).toBe("Privacidad");
  });
});
