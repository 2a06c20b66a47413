import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./email";

describe("e-mail addresses", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  Ana.Perez@Example.COM ")).toBe("ana.perez@example.com");
  });
  it("refuses what is not an address", () => {
    for (const value of ["", "ana", "ana@", "@example.com", "ana@example", "a b@example.com"]) {
      expect(normalizeEmail(value), value).toBeNull();
    }
  });
});
