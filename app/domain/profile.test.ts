import { describe, expect, it } from "vitest";
import { AGE_OPTIONS, FULLNAME_MAX, cleanFullname, isProfileComplete, parseProfile } from "./profile";

const valid = { email: "Ana@Example.com", fullname: " Ana Pérez ", age: "19", favoriteGame: "free-fire" };

describe("profile rules", () => {
  it("offers ages 12 to 75", () => {
    expect(AGE_OPTIONS).toHaveLength(64);
    expect(AGE_OPTIONS[0]).toBe(12);
    expect(AGE_OPTIONS.at(-1)).toBe(75);
  });

  it("accepts a complete profile and normalises it", () => {
    expect(parseProfile(valid)).toEqual({
      ok: true,
      profile: { email: "ana@example.com", fullname: "Ana Pérez", age: 19, favoriteGame: "free-fire" },
    });
  });

  it("requires e-mail, name and age", () => {
    for (const field of ["email", "fullname", "age"] as const) {
      expect(parseProfile({ ...valid, [field]: "  " })).toMatchObject({ ok: false, code: "EMPTY_FIELDS", field });
    }
    expect(parseProfile({})).toMatchObject({ ok: false, code: "EMPTY_FIELDS" });
  });

  it("accepts any smallint age and nothing else", () => {
    expect(parseProfile({ ...valid, age: "-32768" }).ok).toBe(true);
    expect(parseProfile({ ...valid, age: "32767" }).ok).toBe(true);
    for (const age of ["32768", "-32769", "12.5", "abc", "1e3", "0x10", "99999999999999999999"]) {
      expect(parseProfile({ ...valid, age }), age).toMatchObject({ ok: false, code: "INVALID_AGE" });
    }
  });

  it("checks the e-mail and the favourite game", () => {
    expect(parseProfile({ ...valid, email: "ana@" })).toMatchObject({ ok: false, code: "INVALID_EMAIL" });
    expect(parseProfile({ ...valid, favoriteGame: "fortnite" })).toMatchObject({ ok: false, code: "INVALID_GAME" });
  });

  it("knows a complete profile", () => {
    expect(isProfileComplete({ name: "Ana", age: 19 })).toBe(true);
    expect(isProfileComplete({ name: "", age: 19 })).toBe(false);
    expect(isProfileComplete({ name: "Ana", age: null })).toBe(false);
  });
});

describe("cleanFullname", () => {
  it("trims, removes control characters and cuts at FULLNAME_MAX", () => {
    expect(cleanFullname("  Ana\u0000 Pérez\n ")).toBe("Ana  Pérez");
    expect(cleanFullname("x".repeat(5000))).toHaveLength(FULLNAME_MAX);
    expect(cleanFullname("😀".repeat(200))).toBe("😀".repeat(FULLNAME_MAX));
    expect(cleanFullname("   ")).toBe("");
    expect(cleanFullname(42)).toBe("");
  });
});
