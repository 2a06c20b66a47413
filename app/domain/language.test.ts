import { describe, expect, it } from "vitest";
import { languageCookie, languageFromCookieHeader, parseLanguage } from "./language";

describe("language", () => {
  it("reads the lang cookie", () => {
    expect(languageFromCookieHeader("a=1; lang=en; b=2")).toBe("en");
    expect(languageFromCookieHeader("lang=es")).toBe("es");
  });

  it("falls back to Spanish on a missing or malformed cookie", () => {
    expect(languageFromCookieHeader(null)).toBe("es");
    expect(languageFromCookieHeader("")).toBe("es");
    expect(languageFromCookieHeader("lang=fr")).toBe("es");
    expect(languageFromCookieHeader("lang=%E0%A4%A")).toBe("es");
    expect(languageFromCookieHeader("lang=<script>")).toBe("es");
    expect(languageFromCookieHeader("lang")).toBe("es");
  });

  it("parses codes and names", () => {
    expect(parseLanguage("English")).toBe("en");
    expect(parseLanguage("español")).toBe("es");
    expect(parseLanguage("en")).toBe("en");
    expect(parseLanguage("de")).toBeNull();
    expect(parseLanguage(undefined)).toBeNull();
  });

  it("builds a year-long cookie, Secure behind HTTPS", () => {
    expect(languageCookie("en", false)).toBe("lang=en; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(languageCookie("es", true)).toContain("; Secure");
  });
});
