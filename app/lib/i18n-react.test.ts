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

  it("does not remember a missing key, so a namespace added later is found", () => {
    const i18n = createI18n("es", { common: {} });
    const t = translatorOf(i18n, "legal");
    expect(t("title")).toBe("title");
    addMessages(i18n, "es", { legal: { title: "Privacidad" } });
    expect(t("title")).toBe("Privacidad");
  });
});
