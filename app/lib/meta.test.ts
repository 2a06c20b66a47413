import { describe, expect, it } from "vitest";
import { metaText } from "./meta";

describe("metaText", () => {
  it("reads the route's texts first, then the root's, whether they arrived as JSON text or as an object", () => {
    const root = { id: "root", data: { messages: { common: JSON.stringify({ brand: "Arena", meta: { title: "Raíz" } }) } } };
    const route = { id: "landing", data: { messages: { landing: JSON.stringify({ meta: { title: "Torneos de esports" } }) } } };
    expect(metaText([root, route], "landing", "meta.title")).toBe("Torneos de esports");
    expect(metaText([root, route], "common", "meta.title")).toBe("Raíz");
    expect(metaText([{ id: "x", data: { messages: { common: { brand: "Objeto" } } } }], "common", "brand")).toBe("Objeto");
  });

  it("gives the key back when the text is missing", () => {
    expect(metaText([{ id: "root", data: { messages: { common: "{}" } } }, undefined], "common", "meta.title")).toBe("meta.title");
  });
});
