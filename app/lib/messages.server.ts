import fs from "node:fs";
import path from "node:path";
import type { Language } from "~/domain/language";
import type { Messages } from "./i18n";

// Locale files are read once per process and shared; they are small and never change at run time.
const cache = new Map<string, Record<string, unknown>>();

function readNamespace(language: Language, namespace: string): Record<string, unknown> {
  const key = `${language}/${namespace}`;
  let bundle = cache.get(key);
  if (!bundle) {
    const file = path.resolve("locales", language, `${namespace}.json`);
    bundle = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    cache.set(key, bundle);
  }
  return bundle;
}

/** The texts of the given namespaces in one language, to send with a loader's data. */
export function loadMessages(language: Language, namespaces: readonly string[]): Messages {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, readNamespace(language, namespace)]));
}
