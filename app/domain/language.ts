/** SPEC §9: Spanish by default, English second. */
export const LANGUAGES = ["es", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es";

/** SPEC §3 local key `language` holds the language's own name. */
export const LANGUAGE_NAMES: Record<Language, string> = { es: "Español", en: "English" };
export const LANGUAGE_STORAGE_KEY = "language";
export const LANGUAGE_COOKIE = "lang";

export function isLanguage(value: unknown): value is Language {
  return value === "es" || value === "en";
}

/** Accepts a code ("en") or a name ("English"); anything else is null. */
export function parseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (isLanguage(trimmed)) return trimmed;
  for (const language of LANGUAGES) {
    if (LANGUAGE_NAMES[language].toLowerCase() === trimmed.toLowerCase()) return language;
  }
  return null;
}

/** The language chosen on this device (the `lang` cookie), or null when none was chosen or it is malformed. */
export function chosenLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== LANGUAGE_COOKIE) continue;
    let raw = part.slice(index + 1).trim();
    try {
      raw = decodeURIComponent(raw);
    } catch {
      return null;
    }
    return isLanguage(raw) ? raw : null;
  }
  return null;
}

/** Reads `lang` from a Cookie header; a missing or malformed value falls back to Spanish. */
export function languageFromCookieHeader(header: string | null | undefined): Language {
  return chosenLanguage(header) ?? DEFAULT_LANGUAGE;
}

/** Set-Cookie value that remembers the language for a year. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The address of the language switch for `code` on the current page: same path, same query, plus `lang`. */
export function languageSwitchHref(pathname: string, search: string, code: Language): string {
  const params = new URLSearchParams(search);
  params.delete("lang");
  params.set("lang", code);
  return `${pathname}?${params.toString()}`;
}
