import i18next, { type i18n as I18n, type Resource } from "i18next";
import { DEFAULT_LANGUAGE, type Language } from "~/domain/language";

/** A namespace's texts: the object, or its JSON text as loaders send it (lib/messages.server.ts). */
export type MessageBundle = string | Record<string, unknown>;
export type Messages = Record<string, MessageBundle>;

// A namespace's JSON text is parsed once per process (or page) however many times it arrives.
const parsedBundles = new Map<string, Record<string, unknown>>();

export function bundleTexts(bundle: MessageBundle): Record<string, unknown> {
  if (typeof bundle !== "string") return bundle;
  let parsed = parsedBundles.get(bundle);
  if (!parsed) {
    parsed = JSON.parse(bundle) as Record<string, unknown>;
    parsedBundles.set(bundle, parsed);
  }
  return parsed;
}

/**
 * A fresh i18next instance for one language, initialised synchronously so that the first
 * server render and the hydrating client render read the same texts.
 */
export function createI18n(language: Language, messages: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ["es", "en"],
    ns: Object.keys(messages),
    defaultNS: "common",
    resources: {
      [language]: Object.fromEntries(Object.entries(messages).map(([namespace, bundle]) => [namespace, bundleTexts(bundle)])),
    } as Resource,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

// The texts of a language never change while the process (or the page, in the browser) lives, so
// every render of that language shares one instance instead of building one per request.
const shared = new Map<Language, I18n>();

/** The shared i18next instance of a language, with the given namespaces added when missing. */
export function i18nFor(language: Language, messages: Messages): I18n {
  const instance = shared.get(language);
  if (!instance) {
    const created = createI18n(language, messages);
    shared.set(language, created);
    return created;
  }
  addMessages(instance, language, messages);
  return instance;
}

/** Adds namespaces a route loaded (e.g. "legal") to the instance, once. */
export function addMessages(instance: I18n, language: Language, messages: Messages | undefined) {
  if (!messages) return;
  for (const [namespace, bundle] of Object.entries(messages)) {
    if (!instance.hasResourceBundle(language, namespace)) instance.addResourceBundle(language, namespace, bundleTexts(bundle));
  }
}
