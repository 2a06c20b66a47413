import { describe, expect, it } from "vitest";
import { chosenLanguage, languageCookie, languageFromCookieHeader, languageSwitchHref, parseLanguage } from "./language";

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

  it("tells a language chosen on the device from none", () => {
    expect(chosenLanguage("a=1; lang=en")).toBe("en");
    expect(chosenLanguage("a=1")).toBeNull();
    expect(chosenLanguage("lang=fr")).toBeNull();
    expect(chosenLanguage(null)).toBeNull();
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

describe("languageSwitchHref", () => {
  it("keeps the path and the query, replacing only lang", () => {
    expect(languageSwitchHref("/tournament", "?id=t-1&participants=1", "en")).toBe("/tournament?id=t-1&participants=1&lang=en");
    expect(languageSwitchHref("/auth", "?redirectTo=%2Fstore%2Fcart", "es")).toBe("/auth?redirectTo=%2Fstore%2Fcart&lang=es");
    expect(languageSwitchHref("/admin/orders", "?status=all&lang=es", "en")).toBe("/admin/orders?status=all&lang=en");
    expect(languageSwitchHref("/", "", "en")).toBe("/?lang=en");
  });
});
