import { describe, expect, it } from "vitest";
import { i18nFor } from "./i18n";

describe("i18nFor", () => {
  it("gives one instance per language for every render, adding namespaces once", () => {
    const es = i18nFor("es", { common: { hello: "Hola" } });
    expect(i18nFor("es", {})).toBe(es);
    expect(es.t("hello")).toBe("Hola");
    i18nFor("es", { legal: { title: "Privacidad" } });
    expect(es.t("legal:title")).toBe("Privacidad");
    // A namespace already there is not replaced by a later call.
    i18nFor("es", { common: { hello: "Otro" } });
    expect(es.t("hello")).toBe("Hola");
    const en = i18nFor("en", { common: { hello: "Hello" } });
    expect(en).not.toBe(es);
    expect(en.t("hello")).toBe("Hello");
  });
});
