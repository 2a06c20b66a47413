import { describe, expect, it } from "vitest";
import { englishLabel, labelFor } from "./package-label";

describe("labelFor", () => {
  const diamonds = { label: "341 Diamantes", labelEn: "341 Diamonds" };

  it("gives English pages the English name", () => {
    expect(labelFor(diamonds, "en")).toBe("341 Diamonds");
  });

  it("gives Spanish pages the Spanish name", () => {
    expect(labelFor(diamonds, "es")).toBe("341 Diamantes");
  });

  it("falls back to the Spanish name when there is no English one", () => {
    expect(labelFor({ label: "80 CP" }, "en")).toBe("80 CP");
    expect(labelFor({ label: "80 CP", labelEn: null }, "en")).toBe("80 CP");
    expect(labelFor({ label: "80 CP", labelEn: "   " }, "en")).toBe("80 CP");
  });

  it("treats an unknown language as the platform's first (Spanish)", () => {
    expect(labelFor(diamonds, "fr")).toBe("341 Diamantes");
    expect(labelFor(diamonds, "")).toBe("341 Diamantes");
  });

  it("trims the English name it shows", () => {
    expect(labelFor({ label: "60 Bonos", labelEn: " 60 Bonds " }, "en")).toBe("60 Bonds");
  });
});

describe("englishLabel", () => {
  it("keeps a name and drops an empty one", () => {
    expect(englishLabel(" 341 Diamonds ")).toBe("341 Diamonds");
    expect(englishLabel("")).toBeNull();
    expect(englishLabel("  ")).toBeNull();
    expect(englishLabel(null)).toBeNull();
    expect(englishLabel(undefined)).toBeNull();
  });
});
