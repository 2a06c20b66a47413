import fs from "node:fs";
import path from "node:path";
import type { Language } from "~/domain/language";

// Locale files are read once per process and shared; they are small and never change at run time.
const texts = new Map<string, Record<string, unknown>>();
const serialized = new Map<string, string>();

/** One namespace's texts, as an object, for server code that reads a key itself. */
export function namespaceTexts(language: Language, namespace: string): Record<string, unknown> {
  const key = `${language}/${namespace}`;
  let bundle = texts.get(key);
  if (!bundle) {
    const file = path.resolve("locales", language, `${namespace}.json`);
    bundle = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    texts.set(key, bundle);
  }
  return bundle;
}

/**
 * The texts of the given namespaces in one language, to send with a loader's data. Each namespace
 * travels as its JSON text, kept once per process: React Router serializes every loader's data
 * on every document request, even for pages that never hydrate, and one string costs it one value
 * where the object cost it a walk over every key (docs/benchmarks.md, "Server cost").
 */
export function loadMessages(language: Language, namespaces: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    namespaces.map((namespace) => {
      const key = `${language}/${namespace}`;
      let text = serialized.get(key);
      if (text === undefined) {
        text = JSON.stringify(namespaceTexts(language, namespace));
        serialized.set(key, text);
      }
      return [namespace, text];
    }),
  );
}
